/** Fitting on every core (issue 17, item 3): the same seed gives the same weights on 1 and 2 workers. */
import { describe, expect, it } from 'vitest';
import { fitEvaluation } from '../../src/ai/fit-evaluation.ts';
import { fitOnCores } from '../../src/arena/index.ts';

describe('fitting the evaluation on a worker pool', () => {
  it('gives the weights of the one-thread fit, whatever the number of workers', async () => {
    const options = { games: 12, seed: 'fit-pool' } as const;
    const alone = fitEvaluation(options);
    const [one, two] = await Promise.all([
      fitOnCores({ ...options, workers: 1 }),
      fitOnCores({ ...options, workers: 2 }),
    ]);
    expect(one).toEqual(alone);
    expect(two).toEqual(alone);
    expect(alone.trainingSamples).toBeGreaterThan(0);
  });
});
