/**
 * PostgreSQL and Redis going away and coming back, through proxies that can be cut: while PostgreSQL is
 * away actions and new games get `store/unavailable` and change nothing, and a hello gets the room's state
 * and then `store/unavailable`; once it is back the same action is accepted without a restart. While Redis
 * is away moves are still stored; afterwards it reconnects.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import {
  Client,
  createGame,
  hello,
  isState,
  pick,
  post,
  type ReadMessage,
  startTestServer,
  type TestServer,
} from '../server/harness.ts';
import { isolation, PG_TEST_URL, REDIS_TEST_URL, skipWithoutServices } from './services.ts';
import { TcpProxy } from './tcp-proxy.ts';

const skip = await skipWithoutServices('outage');
const isolated = isolation('outage');
const pgProxy = new TcpProxy(PG_TEST_URL);
const redisProxy = new TcpProxy(REDIS_TEST_URL);
let server: TestServer;

beforeAll(async () => {
  if (skip) return;
  await pgProxy.start();
  await redisProxy.start();
  server = await startTestServer({
    ...isolated.config,
    databaseUrl: pgProxy.through(PG_TEST_URL),
    redisUrl: redisProxy.through(REDIS_TEST_URL),
  });
});
afterAll(async () => {
  if (skip) return;
  await server.stop();
  await Promise.all([pgProxy.cut(), redisProxy.cut()]);
  await isolated.drop();
});

const view = (m: ReadMessage) => (m.t === 'state' || m.t === 'update' ? m.view : null);
/** The first action of a fresh game: the seat's contribution to chance. */
const first = (m: ReadMessage) => {
  const seen = view(m);
  return seen === null ? null : pick(seen, Math.random);
};

describe.skipIf(skip)('outages', () => {
  it('PostgreSQL away: clear errors and nothing changed; back: the same action is accepted', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const state = await red.ask(hello(created.token), isState);
    const blue = await Client.open(server.url, created.gameId);
    await blue.ask(hello(joined.body.token), isState);
    const action = first(state);
    // A socket whose game is loaded (it answers a message before hello with auth/hello-first), for below.
    const watcher = await Client.open(server.url, created.gameId);
    await watcher.ask({ t: 'resync' }, (m) => m.t === 'error');

    await pgProxy.cut();
    const refused = await red.ask({ t: 'act', v: 0, action }, (m) => m.t === 'error' || m.t === 'update');
    expect(refused.t === 'error' && refused.code).toBe('store/unavailable');
    const creating = await post<{ code: string }>(server.url, '/api/games', { opponent: 'friend' });
    expect(creating.status).toBe(503);
    expect(creating.body.code).toBe('store/unavailable');
    expect(server.logs.join('')).not.toContain(PG_TEST_URL);
    // Its hello cannot catch up from the store now: it still gets the room's state (so the updates after it
    // can be read), then hears why, and follows the game once the store is back.
    const told = await watcher.ask({ t: 'hello', spectate: true, rulesOnce: true }, (m) => m.t === 'error');
    expect(told.t === 'error' && told.code).toBe('store/unavailable');
    expect(watcher.messages.filter((m) => m.t === 'state').map((m) => m.v)).toEqual([0]);

    await pgProxy.start();
    const applied = await red.ask({ t: 'act', v: 0, action }, (m) => m.t === 'error' || m.t === 'update');
    expect(applied.t === 'update' && applied.v).toBe(1);
    await blue.find((m) => m.t === 'update' && m.v === 1);
    const watched = await watcher.find((m) => m.t === 'update' && m.v === 1);
    expect(watched.t === 'update' && watched.view.rules.shots).toBe('quick');
    await Promise.all([red.close(), blue.close(), watcher.close()]);
  });

  it('Redis away: moves are still stored and sent here; it reconnects by itself', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const red = await Client.open(server.url, created.gameId);
    const state = await red.ask(hello(created.token), isState);
    await redisProxy.cut();
    const applied = await red.ask(
      { t: 'act', v: 0, action: first(state) },
      (m) => m.t === 'error' || m.t === 'update',
    );
    expect(applied.t === 'update' && applied.v).toBe(1);
    await redisProxy.start();
    const deadline = Date.now() + PATIENCE_MS;
    while (!server.logs.join('').includes('redis subscriber connection back') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.logs.join('')).toContain('redis subscriber connection back');
    expect(server.logs.join('')).not.toContain(REDIS_TEST_URL);
    await red.close();
  });

  it('a graceful stop on PostgreSQL and Redis logs no lost connection', async () => {
    const quiet = await startTestServer({ ...isolated.config });
    await quiet.stop();
    // The clients' close events come just after quit resolves: give them a moment to be logged.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(quiet.logs.join('')).toContain('pirates server ready');
    expect(quiet.logs.join('')).not.toContain('connection lost');
  });
});
