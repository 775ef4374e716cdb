/**
 * Who is connected, across processes, at a cost that does not grow with the seats (issue 16): each process
 * renews one key of its own every few seconds instead of every seat's field, a process that dies is found
 * out through that key, and when Redis loses everything (a restart: it keeps nothing on disk) every process
 * writes its fields again and the others hear them.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { Client, createGame, hello, isState, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { monitorRedis } from './redis-monitor.ts';
import { isolation, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('presence');
const isolated = isolation('pres');
const dir = tempDir();
let servers: ServerProcess[] = [];
let redis: Redis;

beforeAll(async () => {
  if (skip) return;
  redis = new Redis(REDIS_TEST_URL);
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, isolated.env)));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  }
  await Promise.all(servers.map((s) => s.exited));
  redis.disconnect();
  await isolated.drop();
});

function url(i: number): string {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

/** A friend game created on process `a`, joined on `b`; red's socket on `a`, blue's on `b`. */
async function splitGame(a: number, b: number) {
  const created = await createGame(url(a), { opponent: 'friend', seat: 'red' });
  const joined = await post<JoinGameResponse>(url(b), `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(url(a), created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(url(b), created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  return { gameId: created.gameId, red, blue };
}

/** Whether red, asked now, sees blue connected. */
async function blueSeenBy(red: Client): Promise<boolean> {
  const state = await red.ask({ t: 'resync' }, isState);
  return state.t === 'state' && state.presence.seats.blue.connected;
}

describe.skipIf(skip)('presence across processes', () => {
  it('twenty seats held on two processes cost Redis no command a seat while nobody comes or goes', async () => {
    const games = await Promise.all(Array.from({ length: 10 }, () => splitGame(0, 1)));
    for (const { red } of games) await expect.poll(() => blueSeenBy(red)).toBe(true);
    const seen = { present: 0, alive: 0 };
    const monitor = await monitorRedis(REDIS_TEST_URL, (args) => {
      const key = args[1] ?? '';
      if (key.startsWith(`${isolated.prefix}present:`)) seen.present++;
      if (key.startsWith(`${isolated.prefix}alive:`) && args[0]?.toLowerCase() === 'set') seen.alive++;
    });
    // Seven seconds: at least two renewals of each process (every 3.3 s). Before, each renewal wrote every
    // seat's field and its hash's expiry: about 80 commands here.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    monitor.stop();
    expect(seen.present).toBe(0);
    // Three processes, a renewal every 3.3 s each: at most three each in 7 s (fewer if the machine is slow).
    expect(seen.alive).toBeGreaterThan(0);
    expect(seen.alive).toBeLessThanOrEqual(9);
    for (const { red } of games) expect(await blueSeenBy(red)).toBe(true);
    await Promise.all(games.flatMap(({ red, blue }) => [red.close(), blue.close()]));
  });

  it('Redis loses every key: each process writes its seats again and the other hears them', async () => {
    const { gameId, red, blue } = await splitGame(0, 1);
    await expect.poll(() => blueSeenBy(red)).toBe(true);
    const lost = [
      ...(await redis.keys(`${isolated.prefix}present:*`)),
      ...(await redis.keys(`${isolated.prefix}alive:*`)),
    ];
    await redis.del(...lost);
    const hash = `${isolated.prefix}present:${gameId}`;
    // Both seats' fields are back, each written by its own process, and red sees blue connected again
    // (it may see blue away for a moment in between, if its process notices the loss first).
    await expect.poll(() => redis.hlen(hash)).toBe(2);
    await expect.poll(() => blueSeenBy(red)).toBe(true);
    await Promise.all([red.close(), blue.close()]);
  });

  it('a process killed: its seats look away to the others once its key has expired', async () => {
    const { red, blue } = await splitGame(0, 2);
    await expect.poll(() => blueSeenBy(red)).toBe(true);
    servers[2]?.child.kill('SIGKILL');
    await red.next((m) => m.t === 'presence' && !m.presence.seats.blue.connected);
    expect(await blueSeenBy(red)).toBe(false);
    blue.terminate();
    await red.close();
  });
});
