/**
 * The one line that tells the player what to do now ("Turn a card", "Red chooses one of your pirates for the
 * plank"), from the view's pending question. It reads the view only; it decides nothing.
 */
import { opponentOf, type PlayerView } from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';
import { outcomeWords } from './describe.ts';
import { SEAT_NAMES } from './names.ts';

/** Whether the player may decline this decision: "or pass" is said only then (a lesson offers no pass). */
function passOffered(view: PlayerView): boolean {
  return view.legalActions.some((action) => action.type === 'pass');
}

/** `selected` is the attacker the player has picked, if any. */
export function promptFor(view: PlayerView, selected: number | null = null): string {
  const me = view.viewer;
  const pending = view.pending;
  if (view.outcome !== null) return outcomeWords(view.outcome);
  switch (pending.ask) {
    case 'none':
      return t('prompt.over');
    case 'contribute':
      return pending.seats.length === 2 || me === 'spectator' || pending.seats.includes(me)
        ? t('prompt.shuffling')
        : t('prompt.waitingJoin');
    case 'setup':
      if (me !== 'spectator' && pending.seats.includes(me)) return t('prompt.setup');
      return pending.seats.length === 0
        ? t('prompt.shipsReady')
        : t('prompt.waitingSetup', {
            // The count agrees the verb: "bis Rot und Blau bereit sind" (issue 32 item 5).
            count: pending.seats.length,
            seats: pending.seats.map((s) => SEAT_NAMES[s]).join(t('prompt.and')),
          });
    default:
      break;
  }
  const who = SEAT_NAMES[pending.seat];
  const mine = pending.seat === me;
  switch (pending.ask) {
    case 'turnCard':
      // R2.1: the face played is the one now hidden, which a newcomer would not guess.
      return mine ? t('prompt.turnCardYou') : t('prompt.turnCard', { who });
    case 'newPirate':
      if (!mine) return t('prompt.newPirate', { who });
      return passOffered(view) ? t('prompt.newPirateYou') : t('prompt.newPirateYouOnly');
    case 'swing':
      return mine ? t('prompt.swingYou') : t('prompt.swing', { who });
    case 'attack':
      if (!mine) return t('prompt.attack', { who });
      if (selected !== null) return t('prompt.attackWhom');
      // Nobody to fight, only a flag try to make: the prompt asks for that (issue 52, the flag lesson).
      if (
        view.legalActions.some((a) => a.type === 'raid') &&
        !view.legalActions.some((a) => a.type === 'attack')
      )
        return passOffered(view) ? t('prompt.raidWith') : t('prompt.raidWithOnly');
      return passOffered(view) ? t('prompt.attackWith') : t('prompt.attackWithOnly');
    case 'plank': {
      const victim = SEAT_NAMES[opponentOf(pending.seat)];
      if (mine) return t('prompt.plankYou', { victim });
      return me === 'spectator' ? t('prompt.plank', { who, victim }) : t('prompt.plankYours', { who });
    }
    case 'hatch':
      if (mine) return t('prompt.hatchYou');
      return me === 'spectator' ? t('prompt.hatch', { who }) : t('prompt.hatchYours', { who });
    case 'shoot': {
      const target = t(`prompt.target.${pending.target}`);
      if (mine)
        return view.rules.shots === 'quick' ? t('prompt.fire', { target }) : t('prompt.aim', { target });
      return t('prompt.aiming', { who, target });
    }
    case 'losePiece':
      return mine ? t('prompt.losePieceYou') : t('prompt.losePiece', { who });
    case 'turnFlag': {
      if (mine) return t('prompt.turnFlagYou', { owner: SEAT_NAMES[opponentOf(pending.seat)] });
      return me === 'spectator' ? t('prompt.turnFlag', { who }) : t('prompt.turnFlagYours', { who });
    }
  }
}

/** How near the turn limit must be before the bar names it: a safety limit far away is noise (issue 21). */
export const TURN_LIMIT_SHOWN_WITHIN = 20;

/**
 * The turn in the game bar, e.g. 'Turn 8', or 'Turn 31 of 40' once the draw at the turn limit is near. Online
 * games carry the server's safety limit (400 turns) that nobody chose; naming it from turn 1 only puzzles.
 */
export function turnWords(view: PlayerView): string {
  const turn = view.turn + 1;
  const limit = view.rules.turnLimit;
  return limit !== null && limit - turn < TURN_LIMIT_SHOWN_WITHIN
    ? t('prompt.turnOf', { turn, limit })
    : t('prompt.turn', { turn });
}
