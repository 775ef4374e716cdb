/**
 * The server benchmark's load driver, small: a few games against a test server play and are measured with
 * no error; against an address where nothing listens every failure is counted and the run still ends.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWarmUpMs, drive, type LoadOptions } from '../../src/cli/bench-server/load.ts';
import { cpuBetween, walPosition, withApplicationName } from '../../src/cli/bench-server/service-cpu.ts';
import { benchServerCommand } from '../../src/cli/bench-server.ts';
import { startTestServer, type TestServer } from '../server/harness.ts';
import { capture } from './capture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const options = (urls: readonly string[]): LoadOptions => ({
  urls,
  games: 3,
  seconds: 0.5,
  think: 0,
  warmUpMs: 500,
  rampConcurrency: 2,
  rampDeadlineMs: 20_000,
  progress: () => undefined,
  serverCpu: () => null,
});

/** An address nothing listens on: a port taken and given back. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 1;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('bench-server load', () => {
  it('warms up longer when its players think longer, within bounds', () => {
    expect([0, 1000, 10_000].map(defaultWarmUpMs)).toEqual([2000, 6000, 30_000]);
  });

  it('plays a few games over sockets and measures them without an error', async () => {
    const figures = await drive(options([server.url]));
    expect(figures.errorCodes).toEqual({});
    expect(figures.connectedGames).toBe(3);
    expect(figures.actions).toBeGreaterThan(0);
    expect(figures.p99ms).toBeGreaterThanOrEqual(figures.p50ms);
  });

  it('counts every failure and ends when nothing answers', async () => {
    const figures = await drive(options([await deadUrl()]));
    expect(figures.connectedGames).toBe(0);
    expect(figures.errorCodes['ramp-up/incomplete']).toBe(1);
    expect(figures.errorCodes['start/ECONNREFUSED']).toBe(3);
    expect(figures.retries['http/ECONNREFUSED']).toBe(6);
    expect(figures.errors).toBe(4);
  });

  it('--routed keeps both seats of a game on the process it was created on', async () => {
    // The second address answers nothing: a game created on the first fails only if its blue seat goes there.
    // Players who think do not finish their game in the run, so no replacement is opened on the second.
    const urls = [server.url, await deadUrl()];
    const crossing = await drive({ ...options(urls), games: 1, think: 50 });
    expect(crossing.connectedGames).toBe(0);
    const routed = await drive({ ...options(urls), games: 1, think: 50, routed: true });
    expect(routed.errorCodes).toEqual({});
    expect(routed.connectedGames).toBe(1);
    expect(routed.actions).toBeGreaterThan(0);
  });

  it('--rounds plays each run again and numbers the rounds; a round count below 1 is refused', async () => {
    const { code, out } = await capture(() =>
      benchServerCommand.run(
        '--games 2 --seconds 0.3 --warm-up 0.1 --think 100 --saturation-games 0 --rounds 2 --json'.split(' '),
      ),
    );
    const runs = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { run: string; round: number });
    // The rounds are what is checked: an act a very slow machine leaves unanswered past the benchmark's 5 s
    // is a measurement (exit code 1), not a failure of the rounds.
    expect(runs.map((r) => [r.run, r.round])).toEqual([
      ['paced', 1],
      ['paced', 2],
    ]);
    expect([0, 1]).toContain(code);
    const refused = await capture(() => benchServerCommand.run(['--rounds', '0']));
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--rounds');
  });

  it('--shared starts its own deployment, so it cannot go with --url', async () => {
    const refused = await capture(() => benchServerCommand.run(['--shared', '--url', 'http://127.0.0.1:1']));
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--shared cannot go with --url');
  });

  it('--hostile runs the paced load again beside an abusive client and reports both runs', async () => {
    const { code, out } = await capture(() =>
      benchServerCommand.run([
        '--games',
        '4',
        '--seconds',
        '1',
        '--think',
        '100',
        '--saturation-games',
        '0',
        '--hostile',
        '--json',
      ]),
    );
    const runs = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { run: string; errors: number; actions: number });
    expect(runs.map((r) => r.run)).toEqual(['paced', 'paced beside an abusive client']);
    // Only the plain run must be clean: beside the abuser a slow machine may leave an act unanswered past
    // the benchmark's 5 s, which is a measurement, not a failure.
    expect(runs[0]?.errors).toBe(0);
    expect(runs[1]?.actions).toBeGreaterThanOrEqual(0);
    expect([0, 1]).toContain(code);
  });
});

describe('bench-server service CPU', () => {
  it('counts each backend from its first reading, a new one whole and a gone one not at all', () => {
    const from = {
      backends: new Map([
        [10, 1.5],
        [11, 2],
      ]),
      redis: 4,
      wal: 1000n,
    };
    const to = {
      backends: new Map([
        [10, 2.25],
        [12, 0.5],
      ]),
      redis: 4.5,
      wal: 1512n,
    };
    expect(cpuBetween(from, to)).toEqual({ database: 1.25, redis: 0.5, walBytes: 512 });
    expect(cpuBetween({ backends: null, redis: null, wal: null }, to)).toEqual({
      database: null,
      redis: null,
      walBytes: null,
    });
  });

  it("reads PostgreSQL's log positions and names the servers' connections", () => {
    expect(walPosition('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(walPosition('junk')).toBeNull();
    expect(withApplicationName('postgres://u@db:5432/games?sslmode=require', 'pirates-bench-1')).toBe(
      'postgres://u@db:5432/games?sslmode=require&application_name=pirates-bench-1',
    );
  });
});
