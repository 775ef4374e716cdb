/**
 * Per-address limits shared by every process (issue 15, item 7): two real `pirates serve` processes on one
 * PostgreSQL schema and one Redis prefix, one client address. Games created and sockets opened on either
 * process count against the same allowance, so spreading requests over processes buys an address nothing.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGame, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { isolation, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('shared-limits');
const isolated = isolation('limits');
const dir = tempDir();
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  const env = { ...isolated.env, GAMES_PER_MINUTE: '3', SOCKET_OPENS_PER_MINUTE: '2' };
  // One first, so the migrations run once.
  servers = [await spawnServer(`${dir}/a.sqlite`, env)];
  servers.push(await spawnServer(`${dir}/b.sqlite`, env));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

function url(i: number): string {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

/** Opens a socket and resolves with 'open', or with the HTTP status that refused the upgrade. */
function openSocket(base: string, gameId: string): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/games/${gameId}/socket`);
    socket.on('open', () => {
      socket.terminate();
      resolve('open');
    });
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    socket.on('error', reject);
  });
}

if (!skip) {
  describe('per-address limits with Redis', () => {
    let gameId = '';

    it('games created on two processes count against one allowance', async () => {
      gameId = (await createGame(url(0), { opponent: 'friend' })).gameId;
      await createGame(url(1), { opponent: 'friend' });
      await createGame(url(0), { opponent: 'friend' });
      // Each process made at most two: only the shared count is at the limit of three.
      for (const i of [1, 0]) {
        const refused = await post<{ code: string; message: string }>(url(i), '/api/games', {
          opponent: 'friend',
        });
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe('rate/games');
        expect(refused.body.message).toContain('3 games in the last minute');
      }
    });

    it('sockets opened on two processes count against one allowance', async () => {
      // The game lives in the shared store: either process serves its sockets.
      expect(await openSocket(url(0), gameId)).toBe('open');
      expect(await openSocket(url(1), gameId)).toBe('open');
      expect(await openSocket(url(0), gameId)).toBe(429);
      expect(await openSocket(url(1), gameId)).toBe(429);
    });

    it('the shared counts are named in Redis by the limit and the address, as an operator would look them up', async () => {
      const redis = new Redis(REDIS_TEST_URL);
      try {
        const keys = (await redis.keys(`${isolated.prefix}rate:*`)).map((key) =>
          key.slice(isolated.prefix.length),
        );
        // The plugin's own naming made `rate:undefinedundefined-games:127.0.0.1`.
        expect(keys.sort()).toEqual(['rate:games:127.0.0.1', 'rate:sockets:127.0.0.1']);
      } finally {
        redis.disconnect();
      }
    });
  });
}
