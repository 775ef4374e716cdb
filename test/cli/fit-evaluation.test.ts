import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/ai/evaluation.ts';
import { main, usage } from '../../src/cli/main.ts';
import { capture } from './capture.ts';

describe('pirates fit-evaluation', () => {
  it('is listed in pirates --help', () => {
    expect(usage()).toContain('fit-evaluation');
  });

  it('--json prints one object with a weight per feature and held-out figures', async () => {
    const { code, out } = await capture(() =>
      main(['fit-evaluation', '--games', '20', '--seed', 'cli', '--json']),
    );
    expect(code).toBe(0);
    const fit = JSON.parse(out) as { weights: number[]; heldOut: { samples: number; logLoss: number } };
    expect(fit.weights).toHaveLength(FEATURES.length);
    expect(fit.heldOut.samples).toBeGreaterThan(0);
    expect(Number.isFinite(fit.heldOut.logLoss)).toBe(true);
  });

  it('--players fits games between the named computer players instead of the heuristic', async () => {
    const run = (players: string) =>
      capture(() =>
        main(['fit-evaluation', '--games', '4', '--seed', 'cli', '--players', players, '--json']),
      );
    const heuristic = await run('heuristic');
    const searching = await run('ismcts:20');
    expect(searching.code).toBe(0);
    const samples = (out: string) => (JSON.parse(out) as { trainingSamples: number }).trainingSamples;
    // Other players play other games: the positions differ.
    expect(JSON.parse(searching.out)).not.toEqual(JSON.parse(heuristic.out));
    expect(samples(searching.out)).toBeGreaterThan(0);
  });

  it('refuses an unknown --players or a bad --explore with a sentence and exit code 2', async () => {
    const nobody = await capture(() => main(['fit-evaluation', '--players', 'nobody']));
    expect(nobody.code).toBe(2);
    expect(nobody.err).toContain("There is no computer player called 'nobody'");
    const explore = await capture(() => main(['fit-evaluation', '--explore', '2']));
    expect(explore.code).toBe(2);
    expect(explore.err).toContain('--explore must be a number from 0 to 1');
  });

  it('refuses a bad --games with a sentence and exit code 2', async () => {
    const { code, err } = await capture(() => main(['fit-evaluation', '--games', 'many']));
    expect(code).toBe(2);
    expect(err).toContain('--games must be a whole number');
  });
});
