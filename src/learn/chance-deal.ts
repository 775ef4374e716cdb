/**
 * The deal as chance nodes (R1.1, R1.5): each piece's kind, then the card at each table place, then each
 * card's side up, dealt one at a time from what is left. Dealing in order, each outcome as likely as its
 * share of what is left, gives every arrangement the probability the engine's shuffle gives it.
 */
import {
  type ActionCard,
  type GameState,
  PIECE_KINDS,
  PIECE_SET,
  type PieceKind,
  type Rules,
} from '../engine/index.ts';
import type { CardNode, CardUpNode, ChanceNode, ChanceOutcome, KindNode } from './chance-node.ts';

const PIECES = 2 * PIECE_SET.length;

/** The game's first node: the kind of piece 0. */
export function firstDealNode(): KindNode {
  return kindNode([], 0);
}

/**
 * The state's kinds while dealing: those dealt so far, then each seat's kinds still to deal in the order of
 * `PIECE_KINDS` (a stand-in until dealt, so `kinds` always holds each seat's set).
 */
export function kindsWhileDealing(dealt: readonly PieceKind[]): PieceKind[] {
  const kinds: PieceKind[] = [];
  for (let first = 0; first < PIECES; first += PIECE_SET.length) {
    const own = dealt.slice(first, first + PIECE_SET.length);
    const left = leftOf(own);
    kinds.push(...own);
    PIECE_KINDS.forEach((kind, k) => {
      for (let n = 0; n < (left[k] ?? 0); n++) kinds.push(kind);
    });
  }
  return kinds;
}

/** How many of each kind (by index in PIECE_KINDS) a seat has yet to be dealt after `own`. */
function leftOf(own: readonly PieceKind[]): number[] {
  const left = PIECE_KINDS.map((kind) => PIECE_SET.filter((k) => k === kind).length);
  for (const kind of own) left[PIECE_KINDS.indexOf(kind)] = (left[PIECE_KINDS.indexOf(kind)] ?? 0) - 1;
  return left;
}

function kindNode(dealt: readonly PieceKind[], piece: number): KindNode {
  const first = piece - (piece % PIECE_SET.length);
  const left = leftOf(dealt.slice(first, piece));
  const total = PIECE_SET.length - (piece - first);
  const outcomes: ChanceOutcome[] = [];
  left.forEach((n, k) => {
    if (n > 0) outcomes.push({ outcome: k, probability: n / total });
  });
  return { chance: 'kind', piece, outcomes };
}

/** Two card-set cards alike: the same faces on the same sides, so they deal the same table. */
function alike(rules: Rules, a: number, b: number): boolean {
  const x = rules.cardSet[a];
  const y = rules.cardSet[b];
  return x !== undefined && y !== undefined && x[0] === y[0] && x[1] === y[1];
}

function cardNode(rules: Rules, order: readonly number[]): CardNode {
  const left = rules.cardSet.map((_, i) => i).filter((i) => !order.includes(i));
  const outcomes: ChanceOutcome[] = [];
  // Cards alike are one outcome, named by the first of them still in the pile.
  for (const i of left) {
    if (left.some((j) => j < i && alike(rules, i, j))) continue;
    const n = left.filter((j) => alike(rules, i, j)).length;
    outcomes.push({ outcome: i, probability: n / left.length });
  }
  return { chance: 'card', place: order.length, order, outcomes };
}

const SIDES: readonly ChanceOutcome[] = [
  { outcome: 0, probability: 0.5 },
  { outcome: 1, probability: 0.5 },
];

function cardUpNode(order: readonly number[], ups: readonly (0 | 1)[]): CardUpNode {
  return { chance: 'cardUp', place: ups.length, order, ups, outcomes: SIDES };
}

/** The state and node after an offered `outcome` of a deal node. */
export function dealt(
  state: GameState,
  node: KindNode | CardNode | CardUpNode,
  outcome: number,
): { state: GameState; node: ChanceNode | null } {
  switch (node.chance) {
    case 'kind': {
      const kind = PIECE_KINDS[outcome];
      if (kind === undefined) throw new Error(`chance game: no piece kind ${outcome}`);
      const sofar = [...state.kinds.slice(0, node.piece), kind];
      const next = { ...state, kinds: kindsWhileDealing(sofar) };
      return {
        state: next,
        node: sofar.length < PIECES ? kindNode(sofar, sofar.length) : cardNode(state.rules, []),
      };
    }
    case 'card': {
      const order = [...node.order, outcome];
      return {
        state,
        node:
          order.length < state.rules.cardSet.length ? cardNode(state.rules, order) : cardUpNode(order, []),
      };
    }
    case 'cardUp': {
      const ups: (0 | 1)[] = [...node.ups, outcome === 0 ? 0 : 1];
      if (ups.length < node.order.length) return { state, node: cardUpNode(node.order, ups) };
      const cards: ActionCard[] = node.order.map((i, place) => {
        const sides = state.rules.cardSet[i];
        if (sides === undefined) throw new Error(`chance game: the card set has no card ${i}`);
        return { sides, up: ups[place] ?? 0, known: false, aside: null };
      });
      return { state: { ...state, cards }, node: null };
    }
  }
}

/** How many pieces' kinds are dealt at this node (20 once the kinds are all dealt). */
export function kindsDealt(node: ChanceNode | null): number {
  return node?.chance === 'kind' ? node.piece : PIECES;
}
