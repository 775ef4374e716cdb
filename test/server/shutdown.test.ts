/**
 * Issue 30 item 4: the shutdown's settings and its bound. SHUTDOWN_SECONDS must leave room after the drain;
 * and a shutdown held up (here by a request whose body never finishes, which the HTTP server waits for) ends
 * anyway at the bound, with exit code 1 and a line saying so.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { configFromEnv } from '../../src/server/config.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  pick,
  post,
  type ReadMessage,
  startTestServer,
  tempDir,
} from './harness.ts';
import { spawnServer } from './process.ts';

describe('shutdown', () => {
  it('has defaults that cover deploy/haproxy.cfg, and refuses a bound shorter than the drain', () => {
    const config = configFromEnv({});
    expect([config.drainMs, config.closeSocketsPerSecond, config.shutdownMs]).toEqual([8000, 500, 30_000]);
    expect(() => configFromEnv({ DRAIN_SECONDS: '40' })).toThrow(/SHUTDOWN_SECONDS \(30\) must be longer/);
    expect(configFromEnv({ DRAIN_SECONDS: '40', SHUTDOWN_SECONDS: '60' }).drainMs).toBe(40_000);
  });

  it('held up past SHUTDOWN_SECONDS, the process exits anyway: code 1 and a logged line', async () => {
    const server = await spawnServer(join(tempDir(), 'held.sqlite'), { SHUTDOWN_SECONDS: '2' });
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    // A request whose body never comes: the server has read its headers once it says 100 Continue, and the
    // HTTP server then waits for the request on close.
    const heard = new Promise((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('100 Continue')) resolve(null);
      }),
    );
    socket.write(
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await heard;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    socket.destroy();
    const lines = server.output
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.msg.startsWith('shutdown:')).map((l) => l.msg)).toContain(
      'shutdown: the deadline passed before it finished; exiting now',
    );
    expect(lines.find((l) => l.msg.includes('deadline passed'))?.level).toBe(50);
  });

  it('SIGTERM drains first; SIGINT (Ctrl-C at a terminal) does not wait for a proxy; both exit 0', async () => {
    const drained = async (signal: NodeJS.Signals) => {
      const server = await spawnServer(join(tempDir(), `${signal}.sqlite`), { DRAIN_SECONDS: '1' });
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      const step = server.output
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; drainSeconds?: number })
        .find((l) => l.msg.startsWith('shutdown: not ready'));
      return step?.drainSeconds;
    };
    expect(await drained('SIGTERM')).toBe(1);
    expect(await drained('SIGINT')).toBe(0);
  });

  it('drains first: not ready, no new games, while the games here go on; then the sockets are told', async () => {
    // Long enough for the checks below on a slow machine; the drain has no end but its time.
    const server = await startTestServer({ drainMs: 10_000 });
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const state = await red.ask(hello(created.token), isState);
    const closing = server.stop();

    expect((await get(server.url, '/readyz')).body).toEqual({ ready: false, reason: 'draining' });
    expect((await get(server.url, '/healthz')).status).toBe(200);
    const refused = await post<{ code: string }>(server.url, '/api/games', { opponent: 'friend' });
    expect([refused.status, refused.body.code]).toEqual([503, 'server/closing']);
    // The game here goes on: a move is applied, and a player arriving (the proxy has not noticed yet) is served.
    const view = (m: ReadMessage) => (m.t === 'state' ? m.view : null);
    const seen = view(state);
    const action = seen === null ? null : pick(seen, Math.random);
    const moved = await red.ask({ t: 'act', v: 0, action }, (m) => m.t === 'update' || m.t === 'error');
    expect(moved.t).toBe('update');
    const blue = await Client.open(server.url, created.gameId);
    const told = await blue.ask(hello(joined.body.token), (m) => m.t === 'state' || m.t === 'error');
    expect(told.t === 'state' && told.v).toBe(1);

    // After the drain every socket is told why it closes.
    for (const client of [red, blue]) {
      const goodbye = await client.find((m) => m.t === 'error' && m.code === 'server/closing');
      expect(goodbye.t).toBe('error');
    }
    await closing;
  });
});
