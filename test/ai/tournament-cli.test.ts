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
  it('an external bot that answers wrongly loses its games; stderr says which, why, and the run goes on', async () => {
    const bot = 'cmd:node test/fixtures/bots/misbehave.mjs index';
    const { code, out, err } = await run([
      'tournament',
      '--bots',
      `random,${bot}`,
      '--games',
      '2',
      '--turn-limit',
      '100',
      '--workers',
      '1',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(err).toContain(
      `pirates tournament: ${bot} (blue, game 1) loses the game on its decision 2: the answer 9999 is not the index of a legal action`,
    );
    expect(err.trim().split('\n')).toHaveLength(2);
    const report = JSON.parse(out) as {
      bots: { name: string; forfeits: number }[];
      pairs: { aScore: number }[];
    };
    expect(report.bots.map((b) => b.forfeits)).toEqual([0, 2]);
    expect(report.pairs[0]?.aScore).toBe(1);
  });

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
    // No progress bar: stderr is not a terminal here, and --json output is for programs.
    expect(err).toBe('');
    const report = JSON.parse(out) as {
      bots: { name: string; elo: number; eloLow: number; eloHigh: number; msPerDecision: number }[];
      pairs: { a: string; b: string; games: number; aScore: number; low: number; high: number }[];
    };
    expect(report.bots.map((b) => b.name)).toEqual(['random', 'heuristic']);
    expect(Object.keys(report.bots[0] ?? {}).sort()).toEqual([
      'elo',
      'eloHigh',
      'eloLow',
      'forfeits',
      'msPerDecision',
      'name',
      'slowestMs',
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
    const several = await run(['tournament', '--bots', 'random,random', '--games', '0', '--workers', 'all']);
    expect(several.code).toBe(2);
    expect(several.err).toContain('--games must be a whole number from 1');
    expect(several.err).toContain("--workers must be a whole number from 1 to 1024, not 'all'");
    expect(several.err).toContain('--bots names a bot twice');
    const unknownFlag = await run(['tournament', '--bots', 'random,easy', '--wrokers', '2']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.err).toContain("Unknown option '--wrokers'");
    const noCommand = await run(['tournament', '--bots', 'random,cmd:']);
    expect(noCommand.code).toBe(2);
    expect(noCommand.err).toContain('cmd: needs the command');
  });
});
