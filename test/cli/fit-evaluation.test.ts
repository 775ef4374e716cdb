import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/ai/evaluation.ts';
import { main, usage } from '../../src/cli/main.ts';

async function capture(run: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => out.push(chunk) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(chunk) > 0) as typeof process.stderr.write;
  try {
    const code = await run();
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}

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
