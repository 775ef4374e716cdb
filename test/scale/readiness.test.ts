/**
 * Issue 30 item 3: readiness and liveness apart, and an outage logged once each way. A server on PostgreSQL
 * and Redis through proxies that can be cut: while PostgreSQL is away `/readyz` says 503 (store) and
 * `/healthz` stays 200; the outage is one warning, however often the flag scan and the players meet it, and
 * its end one line; the same for Redis (503 redis, the metrics' pirates_redis_ready at 0). The pool's figures
 * are scraped from the metrics endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, startTestServer, type TestServer } from '../server/harness.ts';
import { scrape } from '../server/scrape.ts';
import { isolation, PG_TEST_URL, REDIS_TEST_URL, skipWithoutServices } from './services.ts';
import { TcpProxy } from './tcp-proxy.ts';

const skip = await skipWithoutServices('readiness');
const isolated = isolation('readiness');
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
    metrics: { port: 0, host: '127.0.0.1' },
    logLevel: 'debug',
  });
});
afterAll(async () => {
  if (skip) return;
  await server.stop();
  await Promise.all([pgProxy.cut(), redisProxy.cut()]);
  await isolated.drop();
});

interface LogLine {
  readonly level: number;
  readonly msg: string;
}

const lines = (): LogLine[] => server.logs.map((l) => JSON.parse(l) as LogLine);
const said = (text: string, level?: number) =>
  lines().filter((l) => l.msg.includes(text) && (level === undefined || l.level === level)).length;
const ready = () => get<{ ready: boolean; reason?: string }>(server.url, '/readyz');
const WARN = 40;
const INFO = 30;
const DEBUG = 20;

describe.skipIf(skip)('readiness follows the store and Redis; liveness does not', () => {
  it('PostgreSQL away: not ready, still alive, one warning however long; back: ready, one line', async () => {
    expect((await ready()).status).toBe(200);
    const up = await scrape(server.metricsUrl ?? '');
    expect(up.value('pirates_postgres_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(up.value('pirates_postgres_pool_clients', { state: 'waiting' })).toBe(0);
    expect(up.value('pirates_redis_ready', { connection: 'publisher' })).toBe(1);

    await pgProxy.cut();
    await expect.poll(async () => (await ready()).body).toEqual({ ready: false, reason: 'store' });
    expect((await get(server.url, '/healthz')).status).toBe(200);
    // Players meet the outage too: each is told, none is logged above debug.
    for (let i = 0; i < 3; i++) {
      const refused = await post<{ code: string }>(server.url, '/api/games', { opponent: 'friend' });
      expect(refused.body.code).toBe('store/unavailable');
    }
    // The flag scan meets it every second (it logged a warning each time before).
    await expect.poll(() => said('a flag on time could not be recorded', DEBUG)).toBeGreaterThanOrEqual(3);
    expect(said('a flag on time could not be recorded', WARN)).toBe(0);
    expect(said('store unavailable', WARN)).toBe(0);
    expect(said('the game store cannot be reached', WARN)).toBe(1);
    expect(said('the game store is back')).toBe(0);

    await pgProxy.start();
    await expect.poll(async () => (await ready()).status).toBe(200);
    await expect.poll(() => said('the game store is back', INFO)).toBe(1);
    expect(said('the game store cannot be reached')).toBe(1);
    expect(server.logs.join('')).not.toContain(PG_TEST_URL);
  });

  it('Redis away: not ready and shown in the metrics; back: ready', async () => {
    await redisProxy.cut();
    await expect.poll(async () => (await ready()).body).toEqual({ ready: false, reason: 'redis' });
    const away = await scrape(server.metricsUrl ?? '');
    expect(away.value('pirates_redis_ready', { connection: 'subscriber' })).toBe(0);
    expect((await get(server.url, '/healthz')).status).toBe(200);
    await redisProxy.start();
    await expect.poll(async () => (await ready()).status).toBe(200);
    const back = await scrape(server.metricsUrl ?? '');
    expect(back.value('pirates_redis_ready', { connection: 'subscriber' })).toBe(1);
    expect(back.value('pirates_redis_ready', { connection: 'publisher' })).toBe(1);
  });
});
