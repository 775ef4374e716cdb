/**
 * Issue 16 item 5: PostgreSQL and Redis restarted whole mid-game. The test starts its own PostgreSQL (initdb
 * in a temp folder, its own port) and its own Redis (no persistence), two `pirates serve` processes on them,
 * and a friend game whose seats sit on different processes plus a game against the computer. It stops each
 * service's server process and starts it again while the players play on, as the page does (refused or cut
 * off: wait, reconnect, resync); every view any player was told is the final record's, so no acknowledged
 * action was lost, and the games go on to their end.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { Client, createGame, get, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { OwnPostgres, OwnRedis, skipWithoutOwnServices } from './own-services.ts';
import { SteadyPlayer } from './steady-player.ts';

const skip = skipWithoutOwnServices('restarts');
let postgres: OwnPostgres | null = null;
let redis: OwnRedis | null = null;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  postgres = await OwnPostgres.start();
  redis = await OwnRedis.start();
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    COMPUTER_LEASE_MS: '1000',
    TURN_LIMIT: '60',
  };
  const dir = tempDir();
  servers = await Promise.all([0, 1].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
});
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  postgres?.destroy();
  await redis?.stop();
});

function url(i: number): string {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

describe.skipIf(skip)('PostgreSQL and Redis restarted whole', () => {
  it('mid-game, each in turn: the players go on and nothing acknowledged is lost', async () => {
    const friend = await createGame(url(0), { opponent: 'friend', seat: 'red', turnLimit: 60 });
    const joined = await post<JoinGameResponse>(url(1), `/api/games/${friend.gameId}/join`, {
      invite: friend.invite,
    });
    const computer = await createGame(url(1), { opponent: 'computer', level: 'random', turnLimit: 60 });
    const players = [
      { gameId: friend.gameId, seat: 'red' as const, on: 0, token: friend.token },
      { gameId: friend.gameId, seat: 'blue' as const, on: 1, token: joined.body.token },
      { gameId: computer.gameId, seat: computer.seat, on: 1, token: computer.token },
    ].map((p, i) => ({
      ...p,
      player: new SteadyPlayer(() => Client.open(url(p.on), p.gameId), p.token, `restart-${i}`),
    }));
    /** Each game `moves` further (`who`: only these players' games). */
    const playOn = async (moves: number, who = players) => {
      const targets = new Map(who.map((p) => [p.gameId, p.player.v + moves]));
      await Promise.all(who.map((p) => p.player.playUntil(targets.get(p.gameId) ?? 0)));
    };

    await playOn(8);
    const beforePostgres = Math.min(...players.map((p) => p.player.v));
    postgres?.stop();
    // While PostgreSQL is down the players keep trying (and are refused); then it comes back.
    const trying = playOn(4);
    await expect.poll(() => players.some((p) => p.player.refusals.includes('store/unavailable'))).toBe(true);
    postgres?.startAgain();
    await trying;
    await playOn(6);
    expect(Math.min(...players.map((p) => p.player.v))).toBeGreaterThan(beforePostgres);

    const beforeRedis = Math.min(...players.map((p) => p.player.v));
    await redis?.stop();
    // Without Redis moves are still stored, and the other process's socket hears of them on a resync; the
    // computer waits for its lease (docs/deploy.md), so only the friend game goes on meanwhile.
    await playOn(
      4,
      players.filter((p) => p.gameId === friend.gameId),
    );
    await redis?.startAgain();
    // Both processes hear the friend game's channel again (the empty Redis knew nothing of it).
    const fresh = new Redis(redis?.url ?? '');
    const channel = `pirates:game:${friend.gameId}`;
    await expect.poll(() => fresh.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 2]);
    fresh.disconnect();
    await playOn(6);
    expect(Math.min(...players.map((p) => p.player.v))).toBeGreaterThan(beforeRedis);

    // To the end of both games (the turn limit ends them), then every view told is the record's.
    await Promise.all(players.map((p) => p.player.playUntil(Number.MAX_SAFE_INTEGER)));
    for (const { gameId, seat, player } of players) {
      expect(player.over).toBe(true);
      const record = await get<RecordResponse>(url(0), `/api/games/${gameId}/record`);
      expect(record.status).toBe(200);
      expect(player.toldViewsMatch(record.body.record, seat)).toBeGreaterThanOrEqual(player.v);
      await player.close();
    }
  });
});
