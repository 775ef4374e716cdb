/**
 * The learned belief (docs/ai.md, "The learned belief"): the network's kind probabilities per hidden enemy
 * piece, read from the seat's information state alone, made into whole assignments for the search's worlds.
 * Per-piece marginals do not add up to the enemy's ten pieces, so a short Metropolis chain of swaps draws
 * assignments of exactly the kinds unaccounted for, each as likely as the product of its pieces' odds; the
 * hard constraints (hidden.ts) zero every impossible kind first, so no drawn world breaks them.
 */

import type { GameEvent } from '../engine/index.ts';
import { PIECE_KINDS, type PieceKind, type PlayerView, type Random } from '../engine/index.ts';
import type { Hidden } from '../learn/hidden.ts';
import { informationStateTensor } from '../learn/information-state.ts';
import { sampleAssignment } from '../learn/resample.ts';
import type { DecisionInput } from './bot.ts';
import { type BeliefNetwork, KINDS, kindProbabilities } from './network.ts';
import type { Determinizer } from './sample.ts';
import type { BeliefLike } from './search-bot.ts';

/**
 * The least a possible kind gets (before renormalising): a network sure beyond reason (float underflow)
 * must not rule out what the rules allow, or the chain could not move and a bluff would blind the search.
 */
const FLOOR = 1e-6;

/** Assignments drawn per decision; the search picks among them at random. */
const DRAWS = 256;
/** Swaps before the first draw, and between draws, per hidden piece. */
const BURN_IN = 40;
const THIN = 2;

/**
 * Per entry of `hidden.unknown`, eight probabilities (PIECE_KINDS order) that sum to 1: the network's,
 * with every kind `hidden` rules out (not among the kinds unaccounted for; the Bomb on a piece that boarded)
 * set to 0, the possible ones floored at FLOOR, and the rest renormalised. Should the network give a piece
 * nothing allowed (it cannot, by construction), the piece falls back to the allowed kinds by their counts.
 */
export function learnedMarginals(
  network: BeliefNetwork,
  view: PlayerView,
  history: readonly GameEvent[],
  hidden: Hidden,
): Float64Array[] {
  const probabilities = kindProbabilities(network, informationStateTensor(view, history));
  const first = hidden.enemy === 'red' ? 0 : 10;
  const counts = new Float64Array(KINDS);
  for (const kind of hidden.pool) {
    const k = PIECE_KINDS.indexOf(kind);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return hidden.unknown.map((id, i) => {
    const slot = id - first;
    const row = new Float64Array(KINDS);
    let sum = 0;
    for (let k = 0; k < KINDS; k++) {
      const allowed = (counts[k] ?? 0) > 0 && (PIECE_KINDS[k] !== 'bomb' || hidden.mayBeBomb[i] === true);
      const p = allowed ? Math.max(FLOOR, probabilities[slot * KINDS + k] ?? 0) : 0;
      row[k] = p;
      sum += p;
    }
    if (!(sum > 0)) {
      for (let k = 0; k < KINDS; k++) {
        const allowed = (counts[k] ?? 0) > 0 && (PIECE_KINDS[k] !== 'bomb' || hidden.mayBeBomb[i] === true);
        row[k] = allowed ? (counts[k] ?? 0) : 0;
        sum += row[k] ?? 0;
      }
    }
    for (let k = 0; k < KINDS; k++) row[k] = (row[k] ?? 0) / sum;
    return row;
  });
}

/**
 * `count` assignments of `hidden.pool` to `hidden.unknown` (parallel to it), from a Metropolis chain whose
 * stationary law is proportional to the product of each piece's probability of its kind among the
 * assignments the hard constraints allow. Starts from a uniform allowed assignment; a swap to a kind a
 * piece cannot be has probability 0 and is never taken.
 */
export function drawAssignments(
  marginals: readonly Float64Array[],
  hidden: Hidden,
  random: Random,
  count: number,
): PieceKind[][] {
  const n = hidden.unknown.length;
  const state = sampleAssignment(hidden, random);
  const kinds = state.map((kind) => PIECE_KINDS.indexOf(kind));
  const odds = (i: number, k: number): number => marginals[i]?.[k] ?? 0;
  const swap = () => {
    const a = random.int(n);
    const b = random.int(n);
    const ka = kinds[a] ?? 0;
    const kb = kinds[b] ?? 0;
    if (a === b || ka === kb) return;
    const now = odds(a, ka) * odds(b, kb);
    const then = odds(a, kb) * odds(b, ka);
    if (then <= 0) return;
    if (now <= 0 || then >= now || random.float() * now < then) {
      kinds[a] = kb;
      kinds[b] = ka;
    }
  };
  const draws: PieceKind[][] = [];
  if (n < 2) {
    for (let d = 0; d < count; d++) draws.push(state.slice());
    return draws;
  }
  for (let s = 0; s < BURN_IN * n; s++) swap();
  for (let d = 0; d < count; d++) {
    for (let s = 0; s < THIN * n; s++) swap();
    draws.push(kinds.map((k) => PIECE_KINDS[k] ?? 'bomb'));
  }
  return draws;
}

/**
 * The search's belief from the network: the same interface as ParticleBelief (search-bot.ts `BeliefLike`).
 * It keeps nothing between decisions: the information state already holds what the seat has seen.
 */
export class LearnedBelief implements BeliefLike {
  private readonly network: BeliefNetwork;

  constructor(network: BeliefNetwork) {
    this.network = network;
  }

  prepare(input: DecisionInput, determinizer: Determinizer): (random: Random) => readonly PieceKind[] {
    const hidden = determinizer.hidden;
    if (hidden.unknown.length === 0) return () => [];
    const marginals = learnedMarginals(this.network, input.view, input.history, hidden);
    const draws = drawAssignments(marginals, hidden, input.random, DRAWS);
    return (random: Random) => draws[random.int(draws.length)] ?? draws[0] ?? [];
  }
}
