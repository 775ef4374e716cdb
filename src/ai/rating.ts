/**
 * Ratings from a round robin: Bradley-Terry strengths fitted by Hunter's MM algorithm (as OpenSpiel fits
 * them), shown as Elo, with Bayesian bootstrap 95% intervals; and a 95% interval on each pair's score.
 * A pseudo-draw between every pair keeps a 100% pair finite (such pairs carry little Elo information); the
 * bootstrap adds half a win and half a loss to each pair, so a shut-out still gets an honest, open interval.
 */
import type { Random } from '../engine/index.ts';

/** The games of one pair: each game's score for `a` (1 win, 0.5 draw, 0 loss). */
export interface PairGames {
  readonly a: number;
  readonly b: number;
  readonly scores: readonly number[];
}

/** Elo per bot (mean 0 before anchoring), fitted by MM. */
export function fitElo(bots: number, pairs: readonly PairGames[], iterations = 300): number[] {
  const wins: number[] = Array.from({ length: bots }, () => 0);
  const games: number[][] = Array.from({ length: bots }, () => Array.from({ length: bots }, () => 0));
  const prior = 0.5;
  for (let i = 0; i < bots; i++) {
    for (let j = 0; j < bots; j++) {
      if (i === j) continue;
      (games[i] as number[])[j] = 2 * prior;
    }
    wins[i] = (bots - 1) * prior * 2 * 0.5;
  }
  for (const pair of pairs) {
    const score = pair.scores.reduce((sum, s) => sum + s, 0);
    wins[pair.a] = (wins[pair.a] ?? 0) + score;
    wins[pair.b] = (wins[pair.b] ?? 0) + pair.scores.length - score;
    (games[pair.a] as number[])[pair.b] = ((games[pair.a] as number[])[pair.b] ?? 0) + pair.scores.length;
    (games[pair.b] as number[])[pair.a] = ((games[pair.b] as number[])[pair.a] ?? 0) + pair.scores.length;
  }
  let gamma: number[] = Array.from({ length: bots }, () => 1);
  for (let step = 0; step < iterations; step++) {
    const next = gamma.map((g, i) => {
      let denominator = 0;
      for (let j = 0; j < bots; j++) {
        if (j === i) continue;
        denominator += ((games[i] as number[])[j] ?? 0) / (g + (gamma[j] ?? 1));
      }
      return denominator > 0 ? (wins[i] ?? 0) / denominator : g;
    });
    const logMean = next.reduce((sum, g) => sum + Math.log(g), 0) / bots;
    gamma = next.map((g) => g / Math.exp(logMean));
  }
  return gamma.map((g) => (400 * Math.log(g)) / Math.LN10);
}

export interface EloWithInterval {
  readonly elo: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Elo anchored so bot `anchor` is 0, with 95% intervals from a Bayesian bootstrap (Rubin 1981) smoothed by
 * Jeffreys' prior: each resample weighs a pair's games by Dirichlet(1, …, 1) and adds two pseudo-games, a win
 * and a loss, of weight Gamma(½) each; the pair's weighted mean score is played as its `n` games. With wins
 * and losses alone a pair's score is then drawn from Beta(wins + ½, losses + ½), the Jeffreys posterior, so a
 * pair that went 0/20 still varies (up to about 11%), where resampling its games (all losses) could not.
 */
export function eloWithIntervals(
  bots: number,
  pairs: readonly PairGames[],
  anchor: number,
  random: Random,
  samples = 200,
): EloWithInterval[] {
  const anchored = (elos: number[]) => elos.map((e) => e - (elos[anchor] ?? 0));
  const point = anchored(fitElo(bots, pairs));
  const draws: number[][] = Array.from({ length: bots }, () => []);
  for (let s = 0; s < samples; s++) {
    const resampled = pairs.map((pair) => {
      const score = smoothedBootstrapScore(pair.scores, random);
      return { a: pair.a, b: pair.b, scores: pair.scores.map(() => score) };
    });
    anchored(fitElo(bots, resampled, 100)).forEach((e, i) => {
      draws[i]?.push(e);
    });
  }
  return point.map((elo, i) => {
    const sorted = (draws[i] ?? []).sort((x, y) => x - y);
    // The point estimate lies inside its interval, even where the pseudo-draw bounds the resamples' far end.
    return {
      elo,
      low: Math.min(elo, sorted[Math.floor(sorted.length * 0.025)] ?? elo),
      high: Math.max(elo, sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.975))] ?? elo),
    };
  });
}

/** One Bayesian bootstrap draw of a pair's mean score, with half a win and half a loss added (see above). */
export function smoothedBootstrapScore(scores: readonly number[], random: Random): number {
  let weighted = 0;
  let total = 0;
  for (const score of scores) {
    const weight = gammaOne(random);
    weighted += weight * score;
    total += weight;
  }
  const win = gammaHalf(random);
  const loss = gammaHalf(random);
  return (weighted + win) / (total + win + loss);
}

/** Gamma(1), the exponential distribution. */
const gammaOne = (random: Random) => -Math.log(1 - random.float());

/** Gamma(½): half the square of a standard normal (Box-Muller). */
function gammaHalf(random: Random): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random.float())) * Math.cos(2 * Math.PI * random.float());
  return (normal * normal) / 2;
}

/** Mean score with a 95% Wilson interval (draws count half). */
export function scoreInterval(scores: readonly number[]): { mean: number; low: number; high: number } {
  const n = scores.length;
  if (n === 0) return { mean: 0.5, low: 0, high: 1 };
  const p = scores.reduce((sum, s) => sum + s, 0) / n;
  const z = 1.96;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { mean: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
