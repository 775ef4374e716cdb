/**
 * Fits the search's evaluation (evaluation.ts): plays many seeded games between heuristic players that
 * take a random choice now and then (so the positions vary), notes the features of positions along the way
 * and who won in the end, and fits a logistic regression (Newton's method with a little L2) to them.
 * Half the games are held out to report how well the fit predicts winners it has not seen.
 */
import {
  applyAction,
  type BySeat,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  legalActions,
  type Random,
  randomFromSeed,
  toAct,
  viewFor,
} from '../engine/index.ts';
import type { Bot } from './bot.ts';
import { FEATURES, featuresOf, WEIGHTS } from './evaluation.ts';
import { heuristicChoice } from './heuristic.ts';

export interface Sample {
  readonly features: readonly number[];
  /** 1 red won, 0 blue won, 0.5 draw. */
  readonly red: number;
}

export interface FitOptions {
  readonly games: number;
  readonly seed: string;
  /** Chance of a random choice instead of the heuristic's (default 0.2). */
  readonly explore?: number;
  /** Share of decisions whose position is kept (default 0.25; neighbours are much alike). */
  readonly keep?: number;
  /**
   * Makes the player of one seat for one game (default: the heuristic). Positions from stronger players'
   * games are the ones a strong search meets.
   */
  readonly players?: () => Bot;
  readonly onGame?: (done: number, total: number) => void;
}

export interface Fit {
  readonly weights: readonly number[];
  /** On the held-out games: mean log loss, and how often the likelier side won. */
  readonly heldOut: { readonly samples: number; readonly logLoss: number; readonly accuracy: number };
  /** The same figures for the weights in use now, for comparison. */
  readonly current: { readonly logLoss: number; readonly accuracy: number };
  readonly trainingSamples: number;
}

/** Plays one seeded game and returns samples of its positions, labelled with its outcome. */
export function gameSamples(
  seed: string,
  random: Random,
  explore: number,
  keep: number,
  players?: () => Bot,
): Sample[] {
  let state: GameState = createGame({ seed, shots: 'quick', turnLimit: 300 });
  const bots: BySeat<Bot> | null = players ? { red: players(), blue: players() } : null;
  const history: BySeat<GameEvent[]> = { red: [], blue: [] };
  const kept: number[][] = [];
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    if (state.phase === 'play' && random.float() < keep) kept.push(featuresOf(state, []));
    const legal = legalActions(state, seat);
    const view = viewFor(state, seat);
    const action =
      state.phase === 'play' && random.float() < explore
        ? legal[random.int(legal.length)]
        : bots
          ? bots[seat].decide({ view, history: history[seat], random })
          : heuristicChoice(view, random);
    if (action === undefined) break;
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    if (bots) {
      history.red.push(...eventsFor(result.events, 'red'));
      history.blue.push(...eventsFor(result.events, 'blue'));
    }
  }
  const winner = state.outcome?.winner ?? null;
  const red = winner === null ? 0.5 : winner === 'red' ? 1 : 0;
  return kept.map((features) => ({ features, red }));
}

/** L2-regularised logistic regression by Newton's method (a handful of features: the Hessian is tiny). */
export function fitLogistic(samples: readonly Sample[], l2 = 1, steps = 25): number[] {
  // As many weights as the samples have features (the evaluation's, or another fit's: fit-setup.ts).
  const n = samples[0]?.features.length ?? FEATURES.length;
  let w: number[] = Array.from({ length: n }, () => 0);
  for (let step = 0; step < steps; step++) {
    const gradient = w.map((wi) => l2 * wi);
    const hessian = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? l2 : 0)),
    );
    for (const sample of samples) {
      const p = predict(w, sample.features);
      const weight = p * (1 - p);
      for (let i = 0; i < n; i++) {
        const fi = sample.features[i] ?? 0;
        gradient[i] = (gradient[i] ?? 0) + (p - sample.red) * fi;
        const row = hessian[i] as number[];
        for (let j = 0; j < n; j++) row[j] = (row[j] ?? 0) + weight * fi * (sample.features[j] ?? 0);
      }
    }
    const delta = solve(hessian, gradient);
    w = w.map((wi, i) => wi - (delta[i] ?? 0));
    if (delta.every((d) => Math.abs(d) < 1e-9)) break;
  }
  return w;
}

export function predict(w: readonly number[], features: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < w.length; i++) sum += (w[i] ?? 0) * (features[i] ?? 0);
  return 1 / (1 + Math.exp(-sum));
}

/** Solves a x = b by Gaussian elimination with partial pivoting (a is small and positive definite). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const lead = (m[col] as number[])[col] ?? 1;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = ((m[r] as number[])[col] ?? 0) / lead;
      if (factor === 0) continue;
      const row = m[r] as number[];
      const leadRow = m[col] as number[];
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - factor * (leadRow[c] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** Mean log loss and accuracy of `chance` over the samples. */
export function judge(
  samples: readonly Sample[],
  chance: (s: Sample) => number,
): { logLoss: number; accuracy: number } {
  let loss = 0;
  let right = 0;
  let decided = 0;
  for (const sample of samples) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, chance(sample)));
    loss -= sample.red * Math.log(p) + (1 - sample.red) * Math.log(1 - p);
    if (sample.red !== 0.5) {
      decided++;
      if (p > 0.5 === (sample.red === 1)) right++;
    }
  }
  return { logLoss: loss / Math.max(1, samples.length), accuracy: right / Math.max(1, decided) };
}

/**
 * The samples of game `g` of a fit: a function of the options and `g` alone, so the games can be played on
 * any thread in any order (arena/fit.ts plays them on every core) and give the same fit.
 */
export function fitGameSamples(options: Omit<FitOptions, 'onGame'>, g: number): Sample[] {
  const random = randomFromSeed(`${options.seed}/fit-${g}`);
  return gameSamples(
    `${options.seed}/game-${g}`,
    random,
    options.explore ?? 0.2,
    options.keep ?? 0.25,
    options.players,
  );
}

export function fitEvaluation(options: FitOptions): Fit {
  const perGame: Sample[][] = [];
  for (let g = 0; g < options.games; g++) {
    perGame.push(fitGameSamples(options, g));
    options.onGame?.(g + 1, options.games);
  }
  return fitFromGames(perGame);
}

/** The fit from each game's samples in game order: even games train, odd ones judge. */
export function fitFromGames(perGame: readonly (readonly Sample[])[]): Fit {
  const training: Sample[] = [];
  const heldOut: Sample[] = [];
  perGame.forEach((samples, g) => {
    (g % 2 === 0 ? training : heldOut).push(...samples);
  });
  const weights = fitLogistic(training);
  return {
    weights,
    heldOut: { samples: heldOut.length, ...judge(heldOut, (s) => predict(weights, s.features)) },
    current: judge(heldOut, (s) => predict(WEIGHTS, s.features)),
    trainingSamples: training.length,
  };
}
