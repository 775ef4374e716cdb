/**
 * An aimed shot's chance, discretised (docs/learn.md "Explicit chance"): the spring's wobble is the
 * `SHOT_DRAWS` uniform draws `fireShot` takes, so a stratified grid of them, each cell at its centre and
 * all equally likely, gives the hit's probability as the share of cells that fly through; the engine's own
 * `fireShot` flies every cell. An outcome is then played with one cell of its own, the one nearest the
 * centre of its cells, so the flight in the events is a real flight with that result.
 */
import { type Aim, type CannonOptions, fireShot, SHOT_DRAWS, type ShotTarget } from '../engine/index.ts';
import type { Answer, ChanceOutcome } from './chance-node.ts';

/** Cells per draw unless a game says otherwise: 16^3 = 4,096 flights (about 25 ms, once per aim). */
export const DEFAULT_WOBBLE_GRID = 16;
/** The finest grid a game may ask for: 32^3 = 32,768 flights an aim. */
export const MAX_WOBBLE_GRID = 32;

export interface WobbleOutcomes {
  /** A miss (0) and a hit (1), each with its share of the cells; one with a share of 0 is left out. */
  readonly outcomes: readonly ChanceOutcome[];
  /** The wobble draws each outcome's shot is fired with, in the order of `outcomes`. */
  readonly answers: readonly Answer[];
}

/**
 * The memo: a learner's aims come from a small grid (aim-grid.ts), and a node's outcomes are asked for
 * again and again by a search, so an aim is flown once. Cleared whole when full.
 */
const memo = new Map<string, WobbleOutcomes>();
const MEMO_SIZE = 1024;

/** The miss and hit of `aim` at `target` on a grid of `grid` cells per wobble draw. */
export function wobbleOutcomes(
  aim: Aim,
  target: ShotTarget,
  cannon: CannonOptions,
  grid: number,
): WobbleOutcomes {
  const key = `${grid}|${target}|${aim.x}|${aim.back}|${aim.yaw}|${aim.pitch}|${JSON.stringify(cannon)}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const found = flyGrid(aim, target, cannon, grid);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, found);
  return found;
}

function flyGrid(aim: Aim, target: ShotTarget, cannon: CannonOptions, grid: number): WobbleOutcomes {
  const cells = grid ** SHOT_DRAWS;
  // Per outcome (0 miss, 1 hit): how many cells, and the sum of their cell coordinates for the centre.
  const count = [0, 0];
  const sums = [new Array<number>(SHOT_DRAWS).fill(0), new Array<number>(SHOT_DRAWS).fill(0)];
  const hits = new Uint8Array(cells);
  const draws = new Array<number>(SHOT_DRAWS).fill(0);
  for (let cell = 0; cell < cells; cell++) {
    cellDraws(cell, grid, draws);
    let next = 0;
    const hit = fireShot(aim, target, () => draws[next++] ?? 0.5, cannon).hit ? 1 : 0;
    hits[cell] = hit;
    count[hit] = (count[hit] ?? 0) + 1;
    const sum = sums[hit] ?? [];
    for (let d = 0; d < SHOT_DRAWS; d++) sum[d] = (sum[d] ?? 0) + (draws[d] ?? 0);
  }
  const outcomes: ChanceOutcome[] = [];
  const answers: Answer[] = [];
  for (const outcome of [0, 1] as const) {
    const n = count[outcome] ?? 0;
    if (n === 0) continue;
    const centre = (sums[outcome] ?? []).map((s) => s / n);
    outcomes.push({ outcome, probability: n / cells });
    answers.push({ purpose: 'shot', int: null, floats: nearestCell(hits, outcome, centre, grid) });
  }
  return { outcomes, answers };
}

/** The draws at the centre of cell `cell`: its digits in base `grid`, the first draw most significant. */
function cellDraws(cell: number, grid: number, into: number[]): void {
  let rest = cell;
  for (let d = SHOT_DRAWS - 1; d >= 0; d--) {
    into[d] = ((rest % grid) + 0.5) / grid;
    rest = Math.floor(rest / grid);
  }
}

/** The draws of the cell with `outcome` nearest `centre` (the first in grid order on a tie). */
function nearestCell(hits: Uint8Array, outcome: 0 | 1, centre: readonly number[], grid: number): number[] {
  const draws = new Array<number>(SHOT_DRAWS).fill(0);
  let best: number[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let cell = 0; cell < hits.length; cell++) {
    if (hits[cell] !== outcome) continue;
    cellDraws(cell, grid, draws);
    let distance = 0;
    for (let d = 0; d < SHOT_DRAWS; d++) distance += ((draws[d] ?? 0) - (centre[d] ?? 0)) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = draws.slice();
    }
  }
  return best;
}
