/**
 * A new game (R1.1, R1.5): piece kinds dealt to ids, then the cards, then setup. In a 'seats' game the cards
 * wait for both seats' contributions (rules/deal.ts). `createGame` is for options written in code; `newGame`
 * turns untrusted options into a typed error.
 */
import { chanceOf, type Draws, initialChance, KeystreamDraws, kindsKey, LegacyChance } from './chance.ts';
import { type GameOptions, parseGameOptions, type Rules } from './options.ts';
import { shuffleInPlace } from './random.ts';
import { ok, type Result } from './result.ts';
import { dealCards } from './rules/deal.ts';
import type { GameState } from './state.ts';
import { PIECE_SET, type PieceKind } from './vocabulary.ts';

/**
 * A new game, waiting for both seats to set up (or, in a 'seats' game, to contribute). Throws only on
 * programmer misuse (bad options in code); use `newGame` for options from outside.
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
  const chance = initialChance(rules.chance, rules.seed, rules.entropy === 'seats');
  // Games from before keyed chance drew everything from one stream, in this order; keep it for them.
  const legacy = chance.generator === 'xoroshiro128plus' ? new LegacyChance(chance.words) : null;
  const kindsDraws: Draws = legacy === null ? new KeystreamDraws(kindsKey(rules.seed)) : legacy.random;
  // Piece ids never reveal a kind: each seat's kinds are dealt to its ids in a shuffled order.
  const kinds: PieceKind[] = [
    ...shuffleInPlace(PIECE_SET.slice(), kindsDraws),
    ...shuffleInPlace(PIECE_SET.slice(), kindsDraws),
  ];
  const dealNow = chance.generator === 'xoroshiro128plus' || chance.key !== null;
  const state: GameState = {
    format: 2,
    rules,
    chance,
    phase: 'setup',
    kinds,
    places: kinds.map(() => 'extras'),
    decks: { red: [], blue: [] },
    shown: kinds.map(() => false),
    boarded: kinds.map(() => false),
    out: [],
    flagSlots: { red: [], blue: [] },
    flagShown: { red: [], blue: [] },
    cards: [],
    ready: { red: false, blue: false },
    mover: 'red',
    turn: 0,
    current: null,
    lastTurned: null,
    aside: { red: null, blue: null },
    pending: dealNow ? { ask: 'setup' } : { ask: 'contribute' },
    outcome: null,
    log: [],
  };
  if (legacy !== null) {
    dealCards(state, legacy.random);
    state.chance = { generator: 'xoroshiro128plus', words: legacy.random.state() };
  } else if (dealNow) {
    dealCards(state, chanceOf(chance).draws('cards'));
  }
  return state;
}
