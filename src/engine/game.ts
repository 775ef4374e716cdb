/**
 * The public API over the rules: create a game, ask who decides and what they may do, apply an action.
 * `applyAction` never throws and never mutates its input: it checks the action, then carries it out on a
 * private copy (rules/decide.ts) and returns the new state with the events.
 */
import { type Action, parseAction } from './actions.ts';
import { parseAim } from './cannon/index.ts';
import type { GameEvent } from './events.ts';
import { type GameOptions, parseGameOptions, type Rules } from './options.ts';
import { randomFrom, seedToState, shuffleInPlace } from './random.ts';
import { type EngineError, ok, type Result } from './result.ts';
import { choicesFor, resolve, seatsToAct } from './rules/decide.ts';
import { finish } from './rules/game-end.ts';
import { setupRefusal } from './rules/setup.ts';
import type { Table } from './rules/table.ts';
import { turnCardRefusal } from './rules/turn.ts';
import { type ActionCard, cloneState, type GameState, type Outcome, type Pending } from './state.ts';
import { isSeat, opponentOf, PIECE_SET, type PieceKind, type Seat } from './vocabulary.ts';

export type ApplyResult =
  | { readonly ok: true; readonly state: GameState; readonly events: GameEvent[] }
  | { readonly ok: false; readonly error: EngineError };

const SEAT_NAME = { red: 'Red', blue: 'Blue' } as const;

/**
 * A new game, waiting for both seats to set up. Throws only on programmer misuse (bad options in code);
 * use `newGame` for options from outside.
 */
export function createGame(options: GameOptions): GameState {
  const result = newGame(options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Like `createGame`, for untrusted options: bad options give a typed error. */
export function newGame(options: unknown): Result<GameState> {
  const parsed = parseGameOptions(options);
  if (!parsed.ok) return parsed;
  const rules = parsed.value;
  return ok(initialState(rules));
}

function initialState(rules: Rules): GameState {
  const random = randomFrom(seedToState(rules.seed));
  // Piece ids never reveal a kind: each seat's kinds are dealt to its ids in a shuffled order.
  const kinds: PieceKind[] = [
    ...shuffleInPlace(PIECE_SET.slice(), random),
    ...shuffleInPlace(PIECE_SET.slice(), random),
  ];
  // R1.5: the cards in a shuffled order, each with a random side up.
  const order = shuffleInPlace(
    rules.cardSet.map((_, i) => i),
    random,
  );
  const cards: ActionCard[] = order.map((i) => ({
    sides: rules.cardSet[i] ?? ['sleeping', 'sleeping'],
    up: random.int(2) === 0 ? 0 : 1,
    known: false,
    aside: null,
  }));
  return {
    format: 1,
    rules,
    random: random.state(),
    phase: 'setup',
    kinds,
    places: kinds.map(() => 'extras'),
    decks: { red: [], blue: [] },
    shown: kinds.map(() => false),
    boarded: kinds.map(() => false),
    out: [],
    flagSlots: { red: [], blue: [] },
    flagShown: { red: [], blue: [] },
    cards,
    ready: { red: false, blue: false },
    mover: 'red',
    turn: 0,
    current: null,
    lastTurned: null,
    aside: { red: null, blue: null },
    pending: { ask: 'setup' },
    outcome: null,
    log: [],
  };
}

/** The seats that must decide now: both during setup, none when the game is over. */
export function toAct(state: GameState): Seat[] {
  return seatsToAct(state);
}

/** Every action `seat` may take now; [] when it has nothing to decide. `resign` is not listed but always accepted. */
export function legalActions(state: GameState, seat: Seat): Action[] {
  return choicesFor(state, seat).slice();
}

/** How the game ended, or null while it runs. */
export function outcome(state: GameState): Outcome | null {
  return state.outcome;
}

/** Checks and applies one action. Never throws; a refusal leaves `state` as it was. */
export function applyAction(state: GameState, seat: unknown, action: unknown): ApplyResult {
  try {
    if (!isSeat(seat)) return refuse('action/seat', "The seat must be 'red' or 'blue'.");
    const parsed = parseAction(action);
    if (!parsed.ok) return parsed;
    const refusal = refusalOf(state, seat, parsed.value);
    if (refusal) return { ok: false, error: refusal };
    const table: Table = { state: cloneState(state), random: randomFrom(state.random), events: [] };
    if (parsed.value.type === 'resign') {
      table.events?.push({ type: 'resigned', seat, audience: 'all' });
      finish(
        table,
        opponentOf(seat),
        'resigned',
        `${SEAT_NAME[seat]} resigned; ${SEAT_NAME[opponentOf(seat)]} wins.`,
      );
    } else {
      resolve(table, seat, parsed.value);
    }
    table.state.random = table.random.state();
    table.state.log.push({ seat, action: parsed.value });
    return { ok: true, state: table.state, events: table.events ?? [] };
  } catch (error) {
    // Only a bug gets here; report it as a value so a server or a bot never crashes on it.
    return refuse('engine/internal', `The engine failed on this action: ${String(error)}`);
  }
}

function refuse(code: string, message: string): ApplyResult {
  return { ok: false, error: { code, message } };
}

/** Which action types answer each question. */
const ANSWERS: Readonly<Record<Pending['ask'], readonly Action['type'][]>> = {
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
    case 'setup':
      return 'Both seats must set up: hide the flag cards and choose three pirates for the deck.';
    case 'turnCard':
      return `${SEAT_NAME[pending.seat]} must turn an action card.`;
    case 'newPirate':
      return `${SEAT_NAME[pending.seat]} may bring a new pirate on deck, or pass.`;
    case 'swing':
      return `${SEAT_NAME[pending.seat]} may swing a pirate to the other ship, or pass.`;
    case 'attack':
      return `${SEAT_NAME[pending.seat]} may attack, or pass.`;
    case 'plank':
      return `${SEAT_NAME[pending.seat]} must choose one of ${SEAT_NAME[opponentOf(pending.seat)]}'s pirates for the plank.`;
    case 'hatch':
      return `${SEAT_NAME[pending.seat]} must choose an enemy pirate for the hatch.`;
    case 'shoot':
      return `${SEAT_NAME[pending.seat]} must fire the cannon at the ${pending.target}.`;
    case 'losePiece':
      return `${SEAT_NAME[pending.seat]} must choose one of its pirates on a deck to leave play.`;
    case 'turnFlag':
      return `${SEAT_NAME[pending.seat]} may turn one of ${SEAT_NAME[opponentOf(pending.seat)]}'s flag cards.`;
  }
}

/** Why `seat` may not take `action` now, or null when it may. */
function refusalOf(state: GameState, seat: Seat, action: Action): EngineError | null {
  if (state.phase === 'over') return { code: 'game/over', message: 'The game is over; no more actions.' };
  if (action.type === 'resign') return null;
  if (!seatsToAct(state).includes(seat)) {
    return {
      code: 'action/not-your-turn',
      message: `It is not ${SEAT_NAME[seat]}'s decision: ${describePending(state)}`,
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
    default: {
      const key = actionKey(action);
      if (choicesFor(state, seat).some((choice) => actionKey(choice) === key)) return null;
      return { code: 'action/illegal', message: illegalMessage(action) };
    }
  }
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
    case 'shoot':
    case 'pass':
    case 'resign':
      return action.type;
  }
}
