/**
 * The one line that tells the player what to do now ("Turn a card", "Red chooses one of your pirates for the
 * plank"), from the view's pending question. It reads the view only; it decides nothing.
 */
import { opponentOf, type PlayerView } from '../../engine/index.ts';
import { SEAT_NAMES } from './names.ts';

/** `selected` is the attacker the player has picked, if any. */
export function promptFor(view: PlayerView, selected: number | null = null): string {
  const me = view.viewer;
  const pending = view.pending;
  if (view.outcome !== null) return view.outcome.message;
  switch (pending.ask) {
    case 'none':
      return 'The game is over.';
    case 'contribute':
      return pending.seats.length === 2 || me === 'spectator' || pending.seats.includes(me)
        ? 'Shuffling the cards…'
        : 'Waiting for the other player to join';
    case 'setup':
      if (me !== 'spectator' && pending.seats.includes(me)) {
        return 'Hide your flag cards and choose three pirates for your deck';
      }
      return pending.seats.length === 0
        ? 'Both ships are ready'
        : `Waiting for ${pending.seats.map((s) => SEAT_NAMES[s]).join(' and ')} to set up`;
    default:
      break;
  }
  const who = SEAT_NAMES[pending.seat];
  const mine = pending.seat === me;
  switch (pending.ask) {
    case 'turnCard':
      // R2.1: the face played is the one now hidden, which a newcomer would not guess.
      return mine ? 'Turn a card: its hidden side is your action' : `${who} is turning a card`;
    case 'newPirate':
      return mine ? 'Choose a pirate to bring on deck, or pass' : `${who} may bring a new pirate on deck`;
    case 'swing':
      return mine ? 'Choose a pirate to swing' : `${who} may swing a pirate onto the other ship`;
    case 'attack':
      if (!mine) return `${who} may attack`;
      return selected === null
        ? 'Choose a pirate to attack with, or pass'
        : 'Choose the enemy pirate to attack';
    case 'plank': {
      const victim = SEAT_NAMES[opponentOf(pending.seat)];
      if (mine) return `Choose one of ${victim}'s pirates for the plank`;
      return me === 'spectator'
        ? `${who} chooses one of ${victim}'s pirates for the plank`
        : `${who} chooses one of your pirates for the plank`;
    }
    case 'hatch':
      if (mine) return 'Choose an enemy pirate to stand on the hatch above the skull';
      return me === 'spectator'
        ? `${who} chooses a pirate for the hatch`
        : `${who} chooses one of your pirates for the hatch`;
    case 'shoot': {
      const target = pending.target === 'sail' ? 'the hole in the sail' : 'the skull';
      if (mine) return view.rules.shots === 'quick' ? `Fire at ${target}` : `Aim the cannon at ${target}`;
      return `${who} is aiming at ${target}`;
    }
    case 'losePiece':
      return mine
        ? 'Your sail was hit: choose one of your pirates on a deck to leave play'
        : `${who} chooses a pirate to give up after the sail hit`;
    case 'turnFlag': {
      if (mine) return `Turn one of ${SEAT_NAMES[opponentOf(pending.seat)]}'s flag cards!`;
      return me === 'spectator' ? `${who} turns a flag card` : `${who} turns one of your flag cards!`;
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
    ? `Turn ${turn} of ${limit}`
    : `Turn ${turn}`;
}
