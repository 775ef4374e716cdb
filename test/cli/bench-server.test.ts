/**
 * The server benchmark's load driver, small: a few games against a test server play and are measured with
 * no error; against an address where nothing listens every failure is counted and the run still ends.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, type LoadOptions } from '../../src/cli/bench-server/load.ts';
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
