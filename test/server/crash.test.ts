/**
 * Durability: games are played against a real `pirates serve` process, which is killed with SIGKILL in the
 * middle; a new process on the same database must have every acknowledged action and let the games go on.
 * Also the graceful path: SIGTERM tells clients, finishes writes and exits 0.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, SpectatorResponse } from '../../src/protocol/index.ts';
import { GAME_PATIENCE_MS, PATIENCE_MS } from '../patience.ts';
import { Client, createGame, get, hello, isState, post, tempDir } from './harness.ts';
import { playRandomly } from './players.ts';
import { spawnServer } from './process.ts';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seat {
  readonly gameId: string;
  readonly token: string;
}

describe('crash and restart', () => {
  it('after SIGKILL mid-game, every acknowledged action is still there and the games go on', async () => {
    const database = join(dir, 'crash.sqlite');
    const first = await spawnServer(database);
    const seats: Seat[] = [];
    const clients: Client[] = [];
    for (let i = 0; i < 6; i++) {
      const friend = i % 2 === 0;
      const created = await createGame(first.url, {
        opponent: friend ? 'friend' : 'computer',
        ...(friend ? {} : { level: 'random' }),
      });
      seats.push({ gameId: created.gameId, token: created.token });
      if (friend) {
        const joined = await post<JoinGameResponse>(first.url, `/api/games/${created.gameId}/join`, {
          invite: created.invite,
        });
        seats.push({ gameId: created.gameId, token: joined.body.token });
      }
    }
    for (const seat of seats) {
      const client = await Client.open(first.url, seat.gameId);
      await client.ask(hello(seat.token), isState);
      clients.push(client);
    }
    // Everyone plays for a while; then the process dies without warning, in the middle of it all.
    const playing = clients.map((client, i) =>
      playRandomly(client, `crash-${i}`, { timeoutMs: GAME_PATIENCE_MS }).catch(() => 0),
    );
    // Kill once the games are well under way (waiting on progress, not on a clock: CI machines are slow).
    for (let waited = 0; waited < PATIENCE_MS; waited += 50) {
      if (clients.some((client) => (client.latest()?.v ?? 0) > 6)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // Whatever a client was told before the kill was acknowledged.
    const acknowledged = new Map<string, number>();
    for (const [i, client] of clients.entries()) {
      const gameId = seats[i]?.gameId ?? '';
      acknowledged.set(gameId, Math.max(acknowledged.get(gameId) ?? 0, client.latest()?.v ?? 0));
    }
    expect([...acknowledged.values()].some((v) => v > 2)).toBe(true);
    for (const client of clients) client.terminate();

    const second = await spawnServer(database);
    try {
      for (const [gameId, v] of acknowledged) {
        const view = await get<SpectatorResponse>(second.url, `/api/games/${gameId}`);
        expect(view.status).toBe(200);
        expect(view.body.v).toBeGreaterThanOrEqual(v);
      }
      const again: Client[] = [];
      for (const seat of seats) {
        const client = await Client.open(second.url, seat.gameId);
        await client.ask(hello(seat.token), isState);
        again.push(client);
      }
      await Promise.all(
        again.map((client, i) => playRandomly(client, `after-${i}`, { timeoutMs: GAME_PATIENCE_MS })),
      );
      for (const client of again) expect(client.latest()?.view.outcome).not.toBeNull();
      await Promise.all(again.map((c) => c.close()));
      void playing;
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('SIGTERM tells the clients, finishes writes and exits 0', async () => {
    const server = await spawnServer(join(dir, 'term.sqlite'));
    const created = await createGame(server.url, { opponent: 'friend' });
    const client = await Client.open(server.url, created.gameId);
    await client.ask(hello(created.token), isState);
    const goodbye = client.next((m) => m.t === 'error');
    server.child.kill('SIGTERM');
    const message = await goodbye;
    expect(message.t === 'error' && message.code).toBe('server/closing');
    expect(await server.exited).toBe(0);
    const output = server.output.join('');
    expect(output).not.toContain(created.token);
  });
});
