/** No token, invite code or seed in any log line: the secrets are never logged, and pino redacts them anyway. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { DEFAULT_CONFIG } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/logger.ts';
import { PATIENCE_MS } from '../patience.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { playRandomly } from './players.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logLevel: 'debug' });
});
afterAll(async () => {
  await server.stop();
});

describe('logs keep secrets', () => {
  it('a whole game, an invite link page and a record leave no token, invite or seed in the log', async () => {
    const created = await createGame(server.url, { opponent: 'friend', turnLimit: 100 });
    await fetch(`${server.url}${created.inviteLink ?? ''}`);
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const a = await Client.open(server.url, created.gameId);
    const b = await Client.open(server.url, created.gameId);
    await a.ask(hello(created.token), isState);
    await b.ask(hello(joined.body.token), isState);
    await Promise.all([playRandomly(a, 'log-a'), playRandomly(b, 'log-b')]);
    const record = await get<RecordResponse>(server.url, `/api/games/${created.gameId}/record`);
    const log = server.logs.join('');
    expect(log).toContain(created.gameId);
    expect(log).toContain('/play/');
    for (const secret of [
      created.token,
      joined.body.token,
      created.invite ?? '',
      record.body.record.options.seed,
    ]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('pino redacts secrets even if code passes them by mistake', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions({ ...DEFAULT_CONFIG, logStream: stream }) });
    app.log.info({ token: 'tok-SECRET-1', seed: 'seed-SECRET-2', invite: 'inv-SECRET-3' }, 'oops');
    app.log.info({ game: { seed: 'seed-SECRET-4', token: 'tok-SECRET-5' } }, 'nested oops');
    const text = lines.join('');
    expect(text).toContain('oops');
    expect(text).not.toContain('SECRET');
    expect(text).toContain('[secret]');
  });

  it('a client that sends a frame past the hard limit is closed with an info line, never an error', async () => {
    const game = await createGame(server.url, { opponent: 'friend' });
    const client = await Client.open(server.url, game.gameId);
    const before = server.logs.length;
    client.send('z'.repeat(2 * 1024 * 1024));
    const deadline = Date.now() + PATIENCE_MS;
    while (!client.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.closed).toBe(true);
    while (!server.logs.slice(before).some((l) => l.includes('bad frame')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = server.logs.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.level === 30 && l.msg === 'socket closed: the client sent a bad frame')).toBe(
      true,
    );
  });

  it('opening sockets writes no request lines (a flood of connections would write two each); HTTP requests do', async () => {
    const game = await createGame(server.url, { opponent: 'friend' });
    const before = server.logs.length;
    for (let i = 0; i < 3; i++) {
      const client = await Client.open(server.url, game.gameId);
      await client.ask(hello(game.token), isState);
      await client.close();
    }
    await get(server.url, '/healthz');
    const lines = server.logs
      .slice(before)
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const requests = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(requests).toEqual(['/healthz']);
  });
});
