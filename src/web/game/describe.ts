/**
 * One sentence per event for the page's log, scenes and analysis, in the language in force: the engine's
 * events are codes and parameters, and every word is the catalog's (`log.*`). The engine's own English
 * describeEvent stays for the command line and replays on a terminal; the page never uses it.
 */
import { type GameEvent, type Outcome, opponentOf, ownerOf, type Viewer } from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';
import { kindName, SEAT_NAMES } from './names.ts';

/** "Red's Walter Whip (5)". */
function whose(seat: 'red' | 'blue', kind: Parameters<typeof kindName>[0]): string {
  return t('names.seatPiece', { seat: SEAT_NAMES[seat], piece: kindName(kind) });
}

/** `forSeat` is the reader; private events are only ever given to their own seat. */
export function describeEvent(event: GameEvent, forSeat: Viewer): string {
  switch (event.type) {
    case 'setupChosen': {
      const flags = event.flags.map((f) => t(`log.flagCard.${f}`)).join(', ');
      return forSeat === event.seat
        ? t('log.setupChosenYou', { flags })
        : t('log.setupChosen', { seat: SEAT_NAMES[event.seat], flags });
    }
    case 'ready':
      return t('log.ready', { seat: SEAT_NAMES[event.seat] });
    case 'coinTossed':
      return event.for === 'start' ? t(`log.coin.start.${event.side}`) : t(`log.coin.plank.${event.side}`);
    case 'started':
      return t('log.started', { seat: SEAT_NAMES[event.first] });
    case 'cardTurned':
      return t('log.cardTurned', {
        seat: SEAT_NAMES[event.seat],
        card: event.card + 1,
        face: t(`log.face.${event.face}`),
      });
    case 'cardSetAside':
      return t('log.cardSetAside', { seat: SEAT_NAMES[event.seat], card: event.card + 1 });
    case 'cardReturned':
      return t('log.cardReturned', { card: event.card + 1 });
    case 'nothingHappened':
      // The reason follows from the face (R2.4): no extras for New pirate, nobody on deck for the plank…
      return t(`log.nothing.${event.face}`);
    case 'declined': {
      // Only these may be declined (R2.5); a whole sentence each, so the grammar holds in every language.
      const face =
        event.face === 'attack' || event.face === 'swing' || event.face === 'newPirate'
          ? event.face
          : 'other';
      return t(`log.declined.${face}`, { seat: SEAT_NAMES[event.seat] });
    }
    case 'newPirate':
      return t('log.newPirate', { seat: SEAT_NAMES[event.seat] });
    case 'swung':
      return event.ship === event.seat
        ? t('log.swungBack', { seat: SEAT_NAMES[event.seat] })
        : t('log.swungOnto', { seat: SEAT_NAMES[event.seat], ship: t(`names.ship.${event.ship}`) });
    case 'battle': {
      const attacker = whose(ownerOf(event.attacker), event.attackerKind);
      const defender = whose(ownerOf(event.defender), event.defenderKind);
      const winner = event.losers[0] === event.attacker ? event.defenderKind : event.attackerKind;
      const result =
        event.losers.length === 2
          ? t('log.battleBoth')
          : winner === 'bomb'
            ? t('log.battleBombWins')
            : t('log.battleWins', { piece: t(`names.piece.${winner}`) });
      return t('log.battle', { attacker, defender, ship: t(`names.ship.${event.ship}`), result });
    }
    case 'pieceOut':
      return t(`log.out.${event.cause}`, { piece: whose(event.owner, event.kind) });
    case 'onPlank':
      return t('log.onPlank', {
        seat: SEAT_NAMES[event.chooser],
        pirate: t(`names.aPirateObject.${ownerOf(event.piece)}`),
      });
    case 'onHatch':
      return t('log.onHatch', {
        seat: SEAT_NAMES[event.seat],
        pirate: t(`names.aPirateObject.${ownerOf(event.piece)}`),
      });
    case 'pieceReturned':
      return t(`log.returned.${event.from}`);
    case 'shot':
      return t(`log.shot.${event.target}.${event.hit ? 'hit' : 'miss'}`, { seat: SEAT_NAMES[event.seat] });
    case 'flagAttempt':
      return t('log.flagAttempt', { seat: SEAT_NAMES[event.seat] });
    case 'flagCardTurned':
      return t('log.flagCardTurned', {
        seat: SEAT_NAMES[event.seat],
        owner: SEAT_NAMES[event.owner],
        slot: event.slot + 1,
        card: t(`log.flagCard.${event.card}`),
      });
    case 'turnEnded':
      return t('log.turnEnded', { seat: SEAT_NAMES[event.seat] });
    case 'resigned':
      if (event.time === true) return t('log.outOfTime', { seat: SEAT_NAMES[event.seat] });
      return event.away === true
        ? t('log.away', { seat: SEAT_NAMES[event.seat], other: SEAT_NAMES[opponentOf(event.seat)] })
        : t('log.resigned', { seat: SEAT_NAMES[event.seat] });
    case 'gameOver':
      if (event.winner === null) return t('log.draw');
      return event.reason === 'flag'
        ? t('log.wonFlag', { seat: SEAT_NAMES[event.winner] })
        : t('log.won', { seat: SEAT_NAMES[event.winner] });
  }
}

/** The end panel's sentence, e.g. "Blue gave up: Red wins." (the view's `outcome.message` is the engine's English). */
export function outcomeWords({ winner, reason, how }: Outcome): string {
  if (winner === null) return t('log.draw');
  if (reason === 'resigned') {
    const seats = { seat: SEAT_NAMES[winner], other: SEAT_NAMES[opponentOf(winner)] };
    if (how === 'time') return t('log.wonOnTime', seats);
    return how === 'away'
      ? t('log.away', { seat: seats.other, other: seats.seat })
      : t('log.wonResigned', seats);
  }
  return reason === 'flag'
    ? t('log.wonFlag', { seat: SEAT_NAMES[winner] })
    : t('log.won', { seat: SEAT_NAMES[winner] });
}
