/**
 * Whether a seat may take an action now, and if not, why, in a sentence that names the rule. Shape is
 * checked before (actions.ts); this checks turn, question and the rules' own list of choices.
 */
import type { Action } from './actions.ts';
import { parseAim } from './cannon/index.ts';
import type { EngineError } from './result.ts';
import { actionOf, ChoiceList, type CodedAction, codeOf } from './rules/choices.ts';
import { contributeRefusal } from './rules/deal.ts';
import { listChoices, seatsToAct } from './rules/decide.ts';
import { setupRefusal } from './rules/setup.ts';
import { turnCardRefusal } from './rules/turn.ts';
import type { GameState, Pending } from './state.ts';
import { opponentOf, SEAT_NAMES, type Seat } from './vocabulary.ts';

/** Which action types answer each question. */
const ANSWERS: Readonly<Record<Pending['ask'], readonly Action['type'][]>> = {
  contribute: ['contribute'],
  setup: ['setup'],
  turnCard: ['turnCard'],
  newPirate: ['newPirate', 'pass'],
  swing: ['swing', 'pass'],
  attack: ['attack', 'raid', 'pass'],
  plank: ['plank'],
  hatch: ['hatch'],
  shoot: ['shoot'],
  losePiece: ['losePiece'],
  turnFlag: ['turnFlag', 'pass'],
  none: [],
};

/** What the pending question asks, in words: "Blue must choose a pirate for the plank." */
export function describePending(state: GameState): string {
  const pending = state.pending;
  switch (pending.ask) {
    case 'none':
      return 'The game is over.';
    case 'contribute':
      return "Both seats must give their share of the game's chance before the cards are dealt.";
    case 'setup':
      return 'Both seats must set up: hide the flag cards and choose three pirates for the deck.';
    case 'turnCard':
      return `${SEAT_NAMES[pending.seat]} must turn an action card.`;
    case 'newPirate':
      return `${SEAT_NAMES[pending.seat]} may bring a new pirate on deck, or pass.`;
    case 'swing':
      return `${SEAT_NAMES[pending.seat]} may swing a pirate to the other ship, or pass.`;
    case 'attack':
      return `${SEAT_NAMES[pending.seat]} may attack, or pass.`;
    case 'plank':
      return `${SEAT_NAMES[pending.seat]} must choose one of ${SEAT_NAMES[opponentOf(pending.seat)]}'s pirates for the plank.`;
    case 'hatch':
      return `${SEAT_NAMES[pending.seat]} must choose an enemy pirate for the hatch.`;
    case 'shoot':
      return `${SEAT_NAMES[pending.seat]} must fire the cannon at the ${pending.target}.`;
    case 'losePiece':
      return `${SEAT_NAMES[pending.seat]} must choose one of its pirates on a deck to leave play.`;
    case 'turnFlag':
      return `${SEAT_NAMES[pending.seat]} may turn one of ${SEAT_NAMES[opponentOf(pending.seat)]}'s flag cards.`;
  }
}

/** Why `seat` may not take `action` now, or null when it may. */
export function refusalOf(state: GameState, seat: Seat, action: Action): EngineError | null {
  if (state.phase === 'over') return { code: 'game/over', message: 'The game is over; no more actions.' };
  if (action.type === 'resign') return null;
  if (!seatsToAct(state).includes(seat)) {
    return {
      code: 'action/not-your-turn',
      message: `It is not ${SEAT_NAMES[seat]}'s decision: ${describePending(state)}`,
    };
  }
  const ask = state.pending.ask;
  if (!ANSWERS[ask].includes(action.type)) {
    return {
      code: 'action/wrong-decision',
      message: `${describePending(state)} Expected ${ANSWERS[ask].join(' or ')}, not ${action.type}.`,
    };
  }
  switch (action.type) {
    case 'contribute': {
      const why = contributeRefusal(action.entropy);
      return why ? { code: 'action/illegal', message: why } : null;
    }
    case 'setup': {
      const why = setupRefusal(seat, action.flags, action.deck);
      return why ? { code: 'action/illegal', message: why } : null;
    }
    case 'turnCard': {
      const why = turnCardRefusal(state, action.card);
      return why ? { code: 'action/illegal', message: why } : null;
    }
    case 'shoot':
      if (state.rules.shots === 'quick') {
        return action.aim === undefined
          ? null
          : { code: 'aim/not-aimed', message: 'This game uses quick shots: fire without an aim.' };
      }
      if (action.aim === undefined) {
        return {
          code: 'aim/missing',
          message: 'Aim the cannon: a shot needs an aim { x, back, yaw, pitch }.',
        };
      }
      {
        const aim = parseAim(action.aim, state.rules.cannon);
        return aim.ok ? null : aim.error;
      }
    default:
      return isListed(state, seat, action)
        ? null
        : { code: 'action/illegal', message: illegalMessage(action) };
  }
}

/** The list `isListed` fills: its own, so a check never disturbs a list being read elsewhere. */
const listed = new ChoiceList();

/**
 * Is `action` among `seat`'s choices now? Compared by code over the rules' coded list rather than by
 * building every choice's Action and key string, which was the public API's second cost after the copy; a
 * code found is checked back against the action's key, so a code shared by two shapes can never pass.
 */
function isListed(state: GameState, seat: Seat, action: CodedAction): boolean {
  const code = codeOf(action);
  const count = listChoices(state, seat, listed);
  for (let i = 0; i < count; i++) {
    if (listed.codes[i] === code) {
      const listedAction = actionOf(code);
      return listedAction === action || actionKey(listedAction) === actionKey(action);
    }
  }
  return false;
}

function illegalMessage(action: Action): string {
  switch (action.type) {
    case 'newPirate':
      return `Piece ${action.piece} is not one of your extras.`;
    case 'swing':
      return `Piece ${action.piece} cannot swing: only your pirates on your own deck (not the Bomb) or on the enemy deck can (R3.4).`;
    case 'attack':
      return `Piece ${action.attacker} cannot attack piece ${action.target}: choose one of your pirates (not the Bomb) and an enemy piece on the same deck (R3.7).`;
    case 'raid':
      return `Piece ${action.piece} cannot attempt the flag: it must stand on the enemy deck while no enemy pirate defends it (R5.1).`;
    case 'plank':
      return `Piece ${action.piece} cannot go on the plank: choose one of the other seat's pirates on a deck (R3.6).`;
    case 'hatch':
      return `Piece ${action.piece} cannot go on the hatch: choose an enemy pirate on a deck (R3.2).`;
    case 'losePiece':
      return `Piece ${action.piece} cannot be given up: choose one of your own pirates on a deck (R3.1).`;
    default:
      return `That ${action.type} is not possible now.`;
  }
}

/** A canonical string for comparing actions; a setup's deck counts as a set. */
export function actionKey(action: Action): string {
  switch (action.type) {
    case 'setup':
      return `setup:${action.flags.join(',')}:${[...action.deck].sort((a, b) => a - b).join(',')}`;
    case 'turnCard':
      return `turnCard:${action.card}`;
    case 'attack':
      return `attack:${action.attacker}:${action.target}`;
    case 'newPirate':
    case 'swing':
    case 'raid':
    case 'plank':
    case 'hatch':
    case 'losePiece':
      return `${action.type}:${action.piece}`;
    case 'turnFlag':
      return `turnFlag:${action.slot}`;
    case 'contribute':
      return `contribute:${action.entropy}`;
    case 'shoot':
    case 'pass':
    case 'resign':
      return action.type;
  }
}
