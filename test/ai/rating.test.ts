/**
 * Elo intervals that do not overstate (issue 33.6): a pair that went 20-0 still has a real interval, about
 * as wide as Wilson's on its score, because each resample adds half a win and half a loss (Jeffreys).
 */
import { describe, expect, it } from 'vitest';
import { eloWithIntervals, scoreInterval, smoothedBootstrapScore } from '../../src/ai/rating.ts';
import { randomFromSeed } from '../../src/engine/index.ts';

const games = (n: number, score: number) => Array.from({ length: n }, () => score);
const toElo = (p: number) => 400 * Math.log10(p / (1 - p));

describe('Elo intervals', () => {
  it('a 0/20 shut-out gets an interval of real width, reaching about where Wilson puts the score', () => {
    const [loser] = eloWithIntervals(2, [{ a: 0, b: 1, scores: games(20, 0) }], 1, randomFromSeed('33.6'));
    expect(loser).toBeDefined();
    if (loser === undefined) return;
    expect(loser.low).toBeLessThanOrEqual(loser.elo);
    expect(loser.high).toBeGreaterThanOrEqual(loser.elo);
    expect(loser.high - loser.low).toBeGreaterThan(200);
    // Wilson's 95% on 0 of 20 reaches 16.1%, about -285 Elo: the bootstrap's upper end is near it.
    const wilson = toElo(scoreInterval(games(20, 0)).high);
    expect(Math.abs(loser.high - wilson)).toBeLessThan(80);
  });

  it('an even pair stays centred, about as wide as resampling its games gives', () => {
    const even = [...games(10, 0), ...games(10, 1)];
    const [first] = eloWithIntervals(2, [{ a: 0, b: 1, scores: even }], 1, randomFromSeed('even'));
    expect(first?.elo ?? NaN).toBeCloseTo(0, 5);
    expect(first?.low ?? 0).toBeLessThan(-100);
    expect(first?.high ?? 0).toBeGreaterThan(100);
    expect(Math.abs((first?.low ?? 0) + (first?.high ?? 0))).toBeLessThan(60);
  });

  it("a pair's resampled score follows Beta(wins + ½, losses + ½)", () => {
    const random = randomFromSeed('beta');
    const draws = Array.from({ length: 4000 }, () => smoothedBootstrapScore(games(20, 0), random)).sort(
      (x, y) => x - y,
    );
    const mean = draws.reduce((sum, d) => sum + d, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.5 / 21 - 0.004); // Beta(½, 20½) has mean 0.0238
    expect(mean).toBeLessThan(0.5 / 21 + 0.004);
    expect(draws[Math.floor(0.975 * draws.length)] ?? 0).toBeGreaterThan(0.09); // its 97.5% point: 0.117
    expect(draws[Math.floor(0.975 * draws.length)] ?? 1).toBeLessThan(0.14);
    expect(draws[0] ?? -1).toBeGreaterThan(0);
  });
});
