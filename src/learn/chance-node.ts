/**
 * The data of a game with explicit chance (docs/learn.md "Explicit chance"): an engine state and the chance
 * node it waits at, plain JSON, so a game can be stored, sent to a worker or a Python client, and resumed.
 * A node lists its outcomes with their probabilities and, for a draw inside an action, what the engine is
 * told for each: the rules stay the engine's (chance-game.ts).
 */
import type { Action, Aim, ChancePurpose, GameState, Seat, ShotTarget } from '../engine/index.ts';

/** One outcome of a chance node, e.g. `{ outcome: 1, probability: 0.4 }` (a quick sail shot that hits). */
export interface ChanceOutcome {
  /** The outcome's number (its meaning depends on the node, see `ChanceNode`). */
  readonly outcome: number;
  /** Above 0; a node's probabilities sum to 1. */
  readonly probability: number;
}

/**
 * What the engine is told when an action draws: a coin's whole number (`int`), or the uniform floats in
 * [0, 1) a shot reads (one for a quick shot, the spring's wobble draws for an aimed one), e.g.
 * `{ purpose: 'plank', int: 0, floats: [] }`.
 */
export interface Answer {
  readonly purpose: ChancePurpose;
  readonly int: number | null;
  readonly floats: readonly number[];
}

/** The kinds of chance node, in the order a game meets them (the last three inside actions). */
export const CHANCE_NODE_KINDS = ['kind', 'card', 'cardUp', 'start', 'plank', 'shot'] as const;
export type ChanceNodeKind = (typeof CHANCE_NODE_KINDS)[number];

/** R1.1: the kind of piece `piece` (ids 0-19 in order); outcome: the kind's index in `PIECE_KINDS`. */
export interface KindNode {
  readonly chance: 'kind';
  /** e.g. 3: pieces 0-2 are dealt (their kinds stand in the state's `kinds`). */
  readonly piece: number;
  readonly outcomes: readonly ChanceOutcome[];
}

/** R1.5: the card at table place `place` (0-9 in order); outcome: its index in the game's card set. */
export interface CardNode {
  readonly chance: 'card';
  readonly place: number;
  /** The card-set index at each place dealt so far, e.g. `[4, 0, 9]`. */
  readonly order: readonly number[];
  readonly outcomes: readonly ChanceOutcome[];
}

/** R1.5: which side of the card at `place` is up; outcome: 0 or 1, the index in the card's `sides`. */
export interface CardUpNode {
  readonly chance: 'cardUp';
  readonly place: number;
  /** The card-set index at each of the ten places. */
  readonly order: readonly number[];
  /** The side up of each place dealt so far, e.g. `[1, 0]`. */
  readonly ups: readonly (0 | 1)[];
  readonly outcomes: readonly ChanceOutcome[];
}

/**
 * A draw inside an action: `seat`'s `action` is under way and finishes with the outcome.
 * - 'start' (R1.6): 0 the shark (red starts), 1 the cheerful pirate (blue starts).
 * - 'plank' (R3.6): 0 the shark (the piece leaves play), 1 the cheerful pirate (it goes back).
 * - 'shot' (R8): 0 a miss, 1 a hit.
 */
export interface ActionNode {
  readonly chance: 'start' | 'plank' | 'shot';
  readonly seat: Seat;
  /** The action as the engine logs it, e.g. `{ type: 'turnCard', card: 4 }`. */
  readonly action: Action;
  /** What this action's earlier draws were told (none today: no action of the rules draws twice). */
  readonly answered: readonly Answer[];
  /** A shot's target and aim (null: a quick shot, or one fired without an aim, at the quick odds); else null. */
  readonly shot: { readonly target: ShotTarget; readonly aim: Aim | null } | null;
  readonly outcomes: readonly ChanceOutcome[];
  /** What the draw is told for each outcome, in the order of `outcomes`. */
  readonly answers: readonly Answer[];
}

export type ChanceNode = KindNode | CardNode | CardUpNode | ActionNode;

/**
 * A game whose chance is explicit. `node` null: a seat decides, as in the engine. At a chance node:
 * during the deal `state` is the table being dealt (its `kinds` from `node.piece` on, and its cards, are not
 * yet the game's); inside an action it is the state before that action.
 */
export interface ChanceGame {
  readonly state: GameState;
  /** The chance node the game waits at, or null. */
  readonly node: ChanceNode | null;
  /** Cells per wobble draw of an aimed shot's discretisation (wobble-grid.ts), e.g. 16. */
  readonly wobbleGrid: number;
}
