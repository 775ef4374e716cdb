/**
 * `pirates bench-server --processes 2 --rounds 2`, small: both deployments start once and take turns (SQLite
 * first in odd rounds, the shared deployment first in even ones), each round is compared on its own, and the
 * median of the rounds' ratios closes the comparison.
 */
import { describe, expect, it } from 'vitest';
import { median } from '../../src/cli/bench-server/side-by-side.ts';
import { benchServerCommand } from '../../src/cli/bench-server.ts';
import { capture } from '../cli/capture.ts';
import { PG_TEST_URL, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('bench-rounds');

interface Line {
  readonly run: string;
  readonly server: string;
  readonly round: number | 'median';
  readonly against?: string;
  readonly actionsPerSecond: number | null;
  readonly actions?: number;
  readonly databaseCpuMsPerAction?: number | null;
}

/** The command's JSON lines, run against the test's PostgreSQL and Redis. */
async function bench(args: string): Promise<{ code: number; lines: Line[] }> {
  const env = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  process.env.DATABASE_URL = PG_TEST_URL;
  process.env.REDIS_URL = REDIS_TEST_URL;
  try {
    const { code, out } = await capture(() => benchServerCommand.run(`${args} --json`.split(' ')));
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    return { code, lines };
  } finally {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe.skipIf(skip)('bench-server rounds', () => {
  it('takes turns over the rounds and gives each round and the median side by side', async () => {
    const { code, lines } = await bench(
      '--processes 2 --routed --rounds 2 --games 3 --think 100 --saturation-games 0 --seconds 0.5 --warm-up 0.2',
    );
    const shared = 'postgres+redis, 2 processes, routed by game';
    const sqlite = 'sqlite, 1 process';
    // The turns are what is checked: an act a very slow machine leaves unanswered past the benchmark's
    // 5 s is a measurement (exit code 1), not a failure of the turns.
    expect(lines.filter((l) => l.run === 'paced').map((l) => [l.round, l.server])).toEqual([
      [1, sqlite],
      [1, shared],
      [2, shared],
      [2, sqlite],
    ]);
    const compared = lines.filter((l) => l.run === 'comparison');
    expect(compared.map((l) => [l.round, l.server, l.against])).toEqual([
      [1, shared, sqlite],
      [2, shared, sqlite],
      ['median', shared, sqlite],
    ]);
    // The median row is the rounds' median. On a very slow machine a round of 0.5 s may have no ratio
    // (no action answered in it): the median is then of the rounds that have one.
    const [first, second, mid] = compared.map((l) => l.actionsPerSecond);
    expect(mid).toBe(median([first ?? null, second ?? null]));
    expect([0, 1]).toContain(code);
  });

  it('--shared measures one process on PostgreSQL and Redis beside the SQLite one, with the services timed', async () => {
    const { code, lines } = await bench(
      '--processes 1 --shared --games 3 --think 100 --saturation-games 0 --seconds 0.5 --warm-up 0.2',
    );
    const shared = 'postgres+redis, 1 process';
    expect(lines.filter((l) => l.run === 'paced').map((l) => l.server)).toEqual([
      'sqlite, 1 process',
      shared,
    ]);
    const measured = lines.find((l) => l.run === 'paced' && l.server === shared);
    // A run that acted at all timed PostgreSQL's backends (the deployment's own, found by name); a few
    // actions may take less than a clock tick, so the figure is only known, not above zero.
    if ((measured?.actions ?? 0) > 0) expect(measured?.databaseCpuMsPerAction).toEqual(expect.any(Number));
    expect(lines.filter((l) => l.run === 'comparison').map((l) => [l.server, l.against])).toEqual([
      [shared, 'sqlite, 1 process'],
    ]);
    expect([0, 1]).toContain(code);
  });
});
