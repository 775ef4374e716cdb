/** One English sentence per event, for logs and the page's event list. Says only what the event says. */
import type { GameEvent } from './events.ts';
import { ownerOf } from './state.ts';
import type { Viewer } from './view.ts';
import {
  CARD_FACE_NAMES,
  FLAG_CARD_NAMES,
  opponentOf,
  PIECE_NAMES,
  type PieceKind,
  RANK,
  SEAT_NAMES,
  type Seat,
} from './vocabulary.ts';

const SHIP: Record<Seat, string> = { red: 'the red ship', blue: 'the blue ship' };

function named(kind: PieceKind): string {
  const rank = RANK[kind];
  return rank === null ? PIECE_NAMES[kind] : `${PIECE_NAMES[kind]} (${rank})`;
}

/** Ends a sentence with a full stop unless it already ends in '!' ("Attack!"). */
function sentence(text: string): string {
  return text.endsWith('!') ? text : `${text}.`;
}

/** "the Bomb wins", "Walter Whip wins". */
function winnerName(kind: PieceKind): string {
  return kind === 'bomb' ? 'the Bomb' : PIECE_NAMES[kind];
}

const CAUSE = {
  battle: 'lost the battle',
  sail: 'was given up after the sail hit',
  skull: 'was flung off the hatch by the skull hit',
  plank: 'went to the sharks',
  barrel: 'was blown up by the Powder Barrel',
} as const;

/** `forSeat` is the reader; private events are only ever given to their own seat. */
export function describeEvent(event: GameEvent, forSeat: Viewer): string {
  switch (event.type) {
    case 'setupChosen': {
      const who = forSeat === event.seat ? 'You' : SEAT_NAMES[event.seat];
      const flags = event.flags.map((f) => FLAG_CARD_NAMES[f]).join(', ');
      return `${who} hid the flag cards (${flags}, from the first slot to the last) and put three pirates on deck.`;
    }
    case 'ready':
      return `${SEAT_NAMES[event.seat]} is ready.`;
    case 'coinTossed':
      return event.for === 'start'
        ? `The coin shows ${event.side === 'shark' ? 'the shark' : 'the cheerful pirate'}.`
        : `The coin shows ${event.side === 'shark' ? 'the shark: the pirate goes overboard' : 'the cheerful pirate: the pirate is saved'}.`;
    case 'started':
      return `${SEAT_NAMES[event.first]} starts.`;
    case 'cardTurned':
      return sentence(
        `${SEAT_NAMES[event.seat]} turned card ${event.card + 1}: ${CARD_FACE_NAMES[event.face]}`,
      );
    case 'cardSetAside':
      return `${SEAT_NAMES[event.seat]} set card ${event.card + 1} aside.`;
    case 'cardReturned':
      return `Card ${event.card + 1} is back in play.`;
    case 'nothingHappened':
      return `Nothing happens: ${event.reason}.`;
    case 'declined':
      return sentence(`${SEAT_NAMES[event.seat]} chose not to act on ${CARD_FACE_NAMES[event.face]}`);
    case 'newPirate':
      return `${SEAT_NAMES[event.seat]} brought a new pirate on deck.`;
    case 'swung':
      return event.ship === event.seat
        ? `${SEAT_NAMES[event.seat]} swung a pirate back onto its own ship.`
        : `${SEAT_NAMES[event.seat]} swung a pirate onto ${SHIP[event.ship]}.`;
    case 'battle': {
      const attacker = `${SEAT_NAMES[ownerOf(event.attacker)]}'s ${named(event.attackerKind)}`;
      const defender = `${SEAT_NAMES[ownerOf(event.defender)]}'s ${named(event.defenderKind)}`;
      const result =
        event.losers.length === 2
          ? 'both leave play'
          : event.losers[0] === event.attacker
            ? `${winnerName(event.defenderKind)} wins`
            : `${winnerName(event.attackerKind)} wins`;
      return `${attacker} attacked ${defender} on ${SHIP[event.ship]}: ${result}.`;
    }
    case 'pieceOut':
      return `${SEAT_NAMES[event.owner]}'s ${named(event.kind)} ${CAUSE[event.cause]} and is out of play.`;
    case 'onPlank':
      return `${SEAT_NAMES[event.chooser]} put a ${ownerOf(event.piece)} pirate on the plank.`;
    case 'onHatch':
      return `${SEAT_NAMES[event.seat]} put a ${ownerOf(event.piece)} pirate on the hatch above the skull.`;
    case 'pieceReturned':
      return `The pirate on the ${event.from} goes back to its place.`;
    case 'shot':
      return `${SEAT_NAMES[event.seat]} fired at the ${event.target === 'sail' ? 'hole in the sail' : 'skull'}: ${event.hit ? 'a hit!' : 'a miss.'}`;
    case 'flagAttempt':
      return `${SEAT_NAMES[event.seat]} may turn one of the enemy's flag cards.`;
    case 'flagCardTurned':
      return `${SEAT_NAMES[event.seat]} turned ${SEAT_NAMES[event.owner]}'s flag card ${event.slot + 1}: ${FLAG_CARD_NAMES[event.card]}.`;
    case 'turnEnded':
      return `${SEAT_NAMES[event.seat]}'s turn ends.`;
    case 'resigned':
      if (event.time === true) return `${SEAT_NAMES[event.seat]} ran out of time.`;
      return event.away === true
        ? `${SEAT_NAMES[event.seat]} was away too long: ${SEAT_NAMES[opponentOf(event.seat)]} claimed the win.`
        : `${SEAT_NAMES[event.seat]} resigned.`;
    case 'gameOver':
      if (event.winner === null) return 'The game is a draw.';
      return event.reason === 'flag'
        ? `${SEAT_NAMES[event.winner]} captured the flag and wins!`
        : `${SEAT_NAMES[event.winner]} wins.`;
  }
}
