import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** Runs `pirates ...` in-process and returns the exit code with what it wrote. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const original = {
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  process.stdout.write = ((chunk: string) => out.push(chunk) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(chunk) > 0) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  }
}

describe('pirates tournament', () => {
  it('--json prints one object with bots (Elo, intervals, ms per decision) and pairs (score, interval)', async () => {
    const { code, out, err } = await run([
      'tournament',
      '--bots',
      'random,heuristic',
      '--games',
      '4',
      '--seed',
      '1',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(err).toContain('4/4 games');
    const report = JSON.parse(out) as {
      bots: { name: string; elo: number; eloLow: number; eloHigh: number; msPerDecision: number }[];
      pairs: { a: string; b: string; games: number; aScore: number; low: number; high: number }[];
    };
    expect(report.bots.map((b) => b.name)).toEqual(['random', 'heuristic']);
    expect(Object.keys(report.bots[0] ?? {}).sort()).toEqual([
      'elo',
      'eloHigh',
      'eloLow',
      'msPerDecision',
      'name',
    ]);
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ a: 'random', b: 'heuristic', games: 4 });
    expect(report.bots[1]?.elo).toBe(0);
  });

  it('the table names every pair and bot; the same seed prints the same table', async () => {
    const args = ['tournament', '--bots', 'random,easy,heuristic', '--games', '2', '--seed', '7'];
    const first = await run(args);
    expect(first.code).toBe(0);
    expect(first.out).toContain('random vs easy');
    expect(first.out).toContain('Elo');
    const strip = (text: string) => text.replace(/ms\/decision[\s\S]*/, '');
    expect(strip((await run(args)).out)).toBe(strip(first.out));
  });

  it('refuses unknown bots and bad options with exit code 2 and a sentence', async () => {
    const unknown = await run(['tournament', '--bots', 'random,grandmaster']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("'grandmaster'");
    const shots = await run(['tournament', '--bots', 'random,easy', '--shots', 'lasers']);
    expect(shots.code).toBe(2);
    expect(shots.err).toContain('--shots');
  });
});
