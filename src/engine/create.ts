/**
 * A new game (R1.5, R1.1): the seeded shuffle of piece kinds to ids and of the cards, then setup.
 * `createGame` is for options written in code; `newGame` turns untrusted options into a typed error.
 */
import { type GameOptions, parseGameOptions, type Rules } from './options.ts';
import { randomFrom, seedToState, shuffleInPlace } from './random.ts';
import { ok, type Result } from './result.ts';
import type { ActionCard, GameState } from './state.ts';
import { PIECE_SET, type PieceKind } from './vocabulary.ts';

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
