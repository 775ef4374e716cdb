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

  it('refuses a bad --games with a sentence and exit code 2', async () => {
    const { code, err } = await capture(() => main(['fit-evaluation', '--games', 'many']));
    expect(code).toBe(2);
    expect(err).toContain('--games must be a whole number');
  });
});
