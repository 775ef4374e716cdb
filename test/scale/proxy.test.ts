/**
 * Issue 16 item 3: a real proxy in front. HAProxy from Debian's package, started by the test on a free
 * loopback port with the repository's own config (deploy/haproxy.cfg, the one docs/deploy.md shows), in
 * front of three `pirates serve` processes on PostgreSQL + Redis. A game's requests and socket all go to
 * one process (the proxy's X-Served-By, and Redis: one process alone hears the game's channel); the games go
 * on when a socket is sent to another process, and when the process holding games is killed mid-game:
 * their players reconnect through the proxy and go on, and every view told is the final record's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { Client, createGame, get, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { HAPROXY_CONFIG, haproxyBinary, type RunningProxy, startHaproxy } from './proxies.ts';
import { isolation, REDIS_TEST_URL, skipWithoutServices } from './services.ts';
import { SteadyPlayer } from './steady-player.ts';

const GAMES = 12;

const skip = await skipWithoutServices('proxy');
const binary = haproxyBinary();
if (!skip && binary === null && process.env.CI) throw new Error('proxy test: haproxy is not installed');
const isolated = isolation('proxy');
let servers: ServerProcess[] = [];
let proxy: RunningProxy | null = null;
let proxyUrl = '';
let redis: Redis;

beforeAll(async () => {
  if (skip || binary === null) return;
  redis = new Redis(REDIS_TEST_URL);
  const dir = tempDir();
  const env = { ...isolated.env, IDLE_GRACE_SECONDS: '1', COMPUTER_LEASE_MS: '1000', TURN_LIMIT: '80' };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
  proxy = await startHaproxy(servers.map((s) => new URL(s.url).host));
  proxyUrl = proxy.url;
});
afterAll(async () => {
  if (skip || binary === null) return;
  await proxy?.stop();
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  redis.disconnect();
  await isolated.drop();
});

/** Which server the proxy sent a game's request to (its X-Served-By, e.g. 's2'). */
async function servedBy(gameId: string): Promise<string> {
  const response = await fetch(`${proxyUrl}/api/games/${gameId}`);
  await response.arrayBuffer();
  return response.headers.get('x-served-by') ?? '';
}

/** How many processes hear a game's channel now. */
async function holders(gameId: string): Promise<number> {
  const channel = `${isolated.prefix}game:${gameId}`;
  const [, count] = (await redis.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
  return count;
}

interface Table {
  readonly gameId: string;
  readonly redToken: string;
  readonly red: SteadyPlayer;
  readonly blue: SteadyPlayer;
}

describe.skipIf(skip || binary === null)('HAProxy in front of three processes', () => {
  it('docs/deploy.md shows the very config the test runs', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    expect(doc).toContain(['```haproxy', readFileSync(HAPROXY_CONFIG, 'utf8').trimEnd(), '```'].join('\n'));
  });

  it('routes each game to one process, and its players go on when a socket lands elsewhere or a process dies', async () => {
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i++) {
      const created = await createGame(proxyUrl, { opponent: 'friend', seat: 'red', turnLimit: 80 });
      const joined = await post<JoinGameResponse>(proxyUrl, `/api/games/${created.gameId}/join`, {
        invite: created.invite,
      });
      expect(joined.status).toBe(200);
      const through = () => Client.open(proxyUrl, created.gameId);
      tables.push({
        gameId: created.gameId,
        redToken: created.token,
        red: new SteadyPlayer(through, created.token, `proxy-red-${i}`),
        blue: new SteadyPlayer(through, joined.body.token, `proxy-blue-${i}`),
      });
    }
    const playOn = (moves: number, which = tables) =>
      Promise.all(
        which.flatMap((t) => {
          const target = Math.max(t.red.v, t.blue.v) + moves;
          return [t.red.playUntil(target), t.blue.playUntil(target)];
        }),
      );
    await playOn(6);

    // One process per game: the proxy answers from the same one every time, and it alone holds the game
    // (the process that created it lets it go once idle); the games are spread over the processes.
    const homes = new Map<string, string>();
    for (const { gameId } of tables) {
      const home = await servedBy(gameId);
      expect(await servedBy(gameId)).toBe(home);
      homes.set(gameId, home);
      await expect.poll(() => holders(gameId)).toBe(1);
    }
    expect(new Set(homes.values()).size).toBeGreaterThan(1);

    // A socket sent elsewhere (as after a proxy's rehash): red's socket goes straight to another process.
    const moved = tables[0];
    if (moved === undefined) throw new Error('no game');
    const home = Number(homes.get(moved.gameId)?.slice(1)) - 1;
    const elsewhere = servers[(home + 1) % servers.length]?.url ?? '';
    await moved.red.close();
    const stray = new SteadyPlayer(() => Client.open(elsewhere, moved.gameId), moved.redToken, 'proxy-stray');
    await Promise.all([stray.playUntil(moved.red.v + 6), moved.blue.playUntil(moved.red.v + 6)]);
    await stray.close();

    // The process holding the most games dies mid-game; their players reconnect through the proxy.
    const counts = [0, 1, 2].map((i) => [...homes.values()].filter((h) => h === `s${i + 1}`).length);
    const victim = counts.indexOf(Math.max(...counts));
    const victimGames = tables.filter((t) => homes.get(t.gameId) === `s${victim + 1}`);
    servers[victim]?.child.kill('SIGKILL');
    await servers[victim]?.exited;
    await playOn(6, victimGames);
    for (const { gameId } of victimGames) expect(await servedBy(gameId)).not.toBe(`s${victim + 1}`);

    // Every game to its end; every view any player was told is the final record's.
    await Promise.all(
      tables.flatMap((t) => [
        t.red.playUntil(Number.MAX_SAFE_INTEGER),
        t.blue.playUntil(Number.MAX_SAFE_INTEGER),
      ]),
    );
    for (const { gameId, red, blue } of tables) {
      const record = await get<RecordResponse>(proxyUrl, `/api/games/${gameId}/record`);
      expect(record.status).toBe(200);
      for (const [player, seat] of [
        [red, 'red'],
        [blue, 'blue'],
      ] as const) {
        expect(player.toldViewsMatch(record.body.record, seat)).toBeGreaterThanOrEqual(player.v);
        await player.close();
      }
      if (gameId === moved.gameId)
        expect(stray.toldViewsMatch(record.body.record, 'red')).toBeGreaterThanOrEqual(stray.v);
    }
  });
});
