/**
 * Three `pirates serve` processes on PostgreSQL and a Redis Cluster of three shards (REDIS_CLUSTER=true, one
 * node named in REDIS_URL, the others found from it). Each game's channel lives on the shard of its slot, so
 * games end up on different shards; the moves, the presence, an emote and the computer's turns all cross
 * between the processes through whichever shard holds their channel or key. Then the cluster loses its keys,
 * a shard restarts empty, and a process dies: the others write what they hold again and find the dead out.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse, ServerMessage } from '../../src/protocol/index.ts';
import { GAME_PATIENCE_MS } from '../patience.ts';
import { Client, createGame, get, hello, isState, post, tempDir } from '../server/harness.ts';
import { playRandomly } from '../server/players.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { frozen } from './freeze.ts';
import { OwnRedisCluster, skipWithoutOwnServices } from './own-services.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = (await skipWithoutServices('cluster')) || skipWithoutOwnServices('cluster');
const isolated = isolation('clus');
const dir = tempDir();
let cluster: OwnRedisCluster;
let nodes: Redis[] = [];
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  cluster = await OwnRedisCluster.start(3);
  nodes = cluster.ports.map((_, i) => cluster.node(i));
  await Promise.all(nodes.map((node) => node.connect()));
  const env = { ...isolated.env, REDIS_URL: cluster.seed, REDIS_CLUSTER: 'true', TURN_LIMIT: '150' };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  }
  await Promise.all(servers.map((s) => s.exited));
  for (const node of nodes) node.disconnect();
  await cluster?.stop();
  await isolated.drop();
});

function url(i: number): string {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

/** A friend game created on process 0 and joined on 1; red's socket on 0, blue's on 1. */
async function splitGame(): Promise<{ gameId: string; red: Client; blue: Client }> {
  const created = await createGame(url(0), { opponent: 'friend', seat: 'red', turnLimit: 150 });
  const joined = await post<JoinGameResponse>(url(1), `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  expect(joined.status).toBe(200);
  const red = await Client.open(url(0), created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(url(1), created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  return { gameId: created.gameId, red, blue };
}

/** Which shard holds the game's channel: the node where both processes are subscribed to it. */
async function shardOf(gameId: string): Promise<number> {
  const channel = `${isolated.prefix}game:${gameId}`;
  const counts = await Promise.all(
    nodes.map(async (node) => {
      const [, count] = (await node.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
      return Number(count);
    }),
  );
  return counts.indexOf(2);
}

/** How many fields a hash has, asked of the shard that holds it. */
async function hashLength(key: string): Promise<number> {
  const lengths = await Promise.all(nodes.map((node) => node.hlen(key).catch(() => 0)));
  return Math.max(...lengths);
}

const updates = (client: Client): number[] =>
  client.messages.flatMap((m: ServerMessage) => (m.t === 'update' ? [m.v] : []));

/** Whether red, asked now, sees blue connected. */
async function blueSeenBy(red: Client): Promise<boolean> {
  const state = await red.ask({ t: 'resync' }, isState);
  return state.t === 'state' && state.presence.seats.blue.connected;
}

/** Split games until two of them have their channels on different shards: shard -> game. */
async function gamesOnTwoShards(): Promise<{
  games: Awaited<ReturnType<typeof splitGame>>[];
  byShard: Map<number, Awaited<ReturnType<typeof splitGame>>>;
}> {
  const games: Awaited<ReturnType<typeof splitGame>>[] = [];
  const byShard = new Map<number, Awaited<ReturnType<typeof splitGame>>>();
  while (byShard.size < 2 && games.length < 24) {
    const game = await splitGame();
    games.push(game);
    // Both processes hold the game, so both are subscribed, on its shard alone.
    await expect.poll(() => shardOf(game.gameId)).toBeGreaterThanOrEqual(0);
    const shard = await shardOf(game.gameId);
    if (!byShard.has(shard)) byShard.set(shard, game);
  }
  expect(byShard.size).toBe(2);
  return { games, byShard };
}

describe.skipIf(skip)('processes on a Redis Cluster', () => {
  it('says so when ready, and games split over the processes play to the end from different shards', async () => {
    for (const server of servers) {
      await expect
        .poll(() => server.output.some((line) => line.includes('"fanout":"redis-cluster"')))
        .toBe(true);
    }
    // Games until two of them have their channels on different shards (a game's slot is a hash of its id).
    const { games, byShard } = await gamesOnTwoShards();
    for (const { gameId, red, blue } of byShard.values()) {
      await Promise.all([
        playRandomly(red, `cluster-red-${gameId}`, { timeoutMs: GAME_PATIENCE_MS }),
        playRandomly(blue, `cluster-blue-${gameId}`, { timeoutMs: GAME_PATIENCE_MS }),
      ]);
      const record = await get<RecordResponse>(url(1), `/api/games/${gameId}/record`);
      const final = record.body.record.actions.length;
      expect(final).toBeGreaterThan(10);
      // Red's moves reached blue's process, and blue's red's, through the game's shard: every version.
      const every = Array.from({ length: final }, (_, i) => i + 1);
      await Promise.all([red, blue].map((c) => c.find((m) => m.t === 'update' && m.v === final)));
      expect(new Set(updates(red))).toEqual(new Set(every));
      expect(new Set(updates(blue))).toEqual(new Set(every));
    }
    await Promise.all(games.flatMap(({ red, blue }) => [red.close(), blue.close()]));
  });

  it('a seat on the other process is seen connected, and an emote crosses to it', async () => {
    const { red, blue } = await splitGame();
    await expect.poll(() => blueSeenBy(red)).toBe(true);
    const heard = blue.next((m) => m.t === 'emote');
    red.send({ t: 'emote', emote: 'arr' });
    expect(await heard).toMatchObject({ t: 'emote', seat: 'red', emote: 'arr' });
    await Promise.all([red.close(), blue.close()]);
  });

  it("a game against the computer, its player on the other process, is played to the end (the computer's lease in the cluster)", async () => {
    const created = await createGame(url(0), { opponent: 'computer', level: 'random', turnLimit: 150 });
    const client = await Client.open(url(1), created.gameId);
    await client.ask(hello(created.token), isState);
    await playRandomly(client, 'cluster-computer', { timeoutMs: GAME_PATIENCE_MS });
    const record = await get<RecordResponse>(url(0), `/api/games/${created.gameId}/record`);
    expect(record.body.record.actions.length).toBeGreaterThan(10);
    expect(client.latest()?.view.outcome).not.toBeNull();
    await client.close();
  });

  it('every shard loses its keys: each process writes its seats again, games of several shards at once', async () => {
    const { games } = await gamesOnTwoShards();
    for (const { red } of games) await expect.poll(() => blueSeenBy(red)).toBe(true);
    // Every shard loses its keys at one moment, as the processes see it: they are stopped meanwhile. Flushed
    // while they ran, the shards emptied one after another (three redis-server processes, each waiting for a
    // core on a loaded machine), and a renewal falling between them found its alive key gone on one shard and
    // wrote its fields again onto another that was emptied next; its alive key, now there, said nothing was
    // lost at every renewal after, so those fields were never written again and the test failed.
    await frozen(
      servers.map((server) => server.child),
      () => Promise.all(nodes.map((node) => node.flushall())),
    );
    // Process 1 holds blue's seat of every game: its rewrite names hashes on several shards.
    for (const { gameId, red } of games) {
      await expect.poll(() => hashLength(`${isolated.prefix}present:${gameId}`)).toBe(2);
      await expect.poll(() => blueSeenBy(red)).toBe(true);
    }
    await Promise.all(games.flatMap(({ red, blue }) => [red.close(), blue.close()]));
  });

  it('a shard restarts empty: the processes say so and go on, and its games are played to the end', async () => {
    const { games, byShard } = await gamesOnTwoShards();
    const [shard, game] = [...byShard.entries()][0] ?? [];
    if (shard === undefined || game === undefined) throw new Error('no game');
    const from = servers.map((server) => server.output.length);
    await cluster.restart(shard);
    for (const [i, server] of servers.slice(0, 2).entries()) {
      const since = () => server.output.slice(from[i]).join('\n');
      await expect.poll(() => /redis \w+ connection lost/.test(since())).toBe(true);
      await expect.poll(() => /redis \w+ connection back/.test(since())).toBe(true);
    }
    // Its presence fields, gone with the shard's data, are written again, and its moves still cross.
    await expect.poll(() => blueSeenBy(game.red)).toBe(true);
    const { gameId, red, blue } = game;
    await Promise.all([
      playRandomly(red, `restart-red-${gameId}`, { timeoutMs: GAME_PATIENCE_MS }),
      playRandomly(blue, `restart-blue-${gameId}`, { timeoutMs: GAME_PATIENCE_MS }),
    ]);
    const record = await get<RecordResponse>(url(2), `/api/games/${gameId}/record`);
    const final = record.body.record.actions.length;
    await Promise.all([red, blue].map((c) => c.find((m) => m.t === 'update' && m.v === final)));
    expect(red.latest()?.view.outcome).not.toBeNull();
    expect(blue.latest()?.view.outcome).not.toBeNull();
    await Promise.all(games.flatMap((g) => [g.red.close(), g.blue.close()]));
  });

  it('a process killed: its seats look away to the others once its key has expired (owners on several shards)', async () => {
    // Process 0 counts two others, 1 and 2, whose alive keys may be on different shards.
    const onOne = await splitGame();
    const created = await createGame(url(0), { opponent: 'friend', seat: 'red', turnLimit: 150 });
    const joined = await post<JoinGameResponse>(url(2), `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(url(0), created.gameId);
    await red.ask(hello(created.token), isState);
    const blue = await Client.open(url(2), created.gameId);
    await blue.ask(hello(joined.body.token), isState);
    await expect.poll(() => blueSeenBy(red)).toBe(true);
    await expect.poll(() => blueSeenBy(onOne.red)).toBe(true);
    servers[2]?.child.kill('SIGKILL');
    await red.next((m) => m.t === 'presence' && !m.presence.seats.blue.connected);
    expect(await blueSeenBy(red)).toBe(false);
    // The living process's seat is still seen.
    expect(await blueSeenBy(onOne.red)).toBe(true);
    blue.terminate();
    await Promise.all([red.close(), onOne.red.close(), onOne.blue.close()]);
  });
});
