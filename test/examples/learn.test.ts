import { expect, it } from 'vitest';
import { learnTour } from '../../examples/learn.ts';

it('the example in docs/learn.md steps a batched env and plays an explicit-chance game to its end', () => {
  const tour = learnTour('docs');
  expect(tour.gamesEnded).toBeGreaterThan(0);
  // The deal alone is 40 nodes: 20 kinds, 10 places, 10 sides.
  expect(tour.chanceNodes).toBeGreaterThanOrEqual(40);
  expect(tour.decisions).toBeGreaterThan(60);
  expect(tour.resampledSameObservation).toBe(true);
  expect(tour.returns[0] + tour.returns[1]).toBe(0);
});
