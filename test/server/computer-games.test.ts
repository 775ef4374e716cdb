/**
 * One address may run only so many games against the computer at once (issue 15, item 3, the cap): the bot
 * workers are shared by everyone, and a flood of instant expert games starved other players' computers.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { Client, createGame, hello, isState, post, startTestServer } from './harness.ts';

describe('games against the computer per address', () => {
  it('past the cap a new one is refused with a sentence; a friend game is not; one that ends frees a place', async () => {
    const server = await startTestServer({
      limits: { ...DEFAULT_LIMITS, gamesPerMinute: 100, computerGamesPerAddress: 2 },
    });
    try {
      const first = await createGame(server.url, { opponent: 'computer', level: 'random' });
      await createGame(server.url, { opponent: 'computer', level: 'random' });
      const refused = await post<{ code: string; message: string }>(server.url, '/api/games', {
        opponent: 'computer',
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate/computer-games');
      expect(refused.body.message).toContain('2 games against the computer are already going');
      await createGame(server.url, { opponent: 'friend' });
      // The first one ends (its person resigns): a place is free again.
      const client = await Client.open(server.url, first.gameId);
      await client.ask(hello(first.token), isState);
      await client.ask({ t: 'resign' }, (m) => m.t === 'update' && m.view.outcome !== null);
      await client.close();
      const again = await post<{ gameId?: string }>(server.url, '/api/games', { opponent: 'computer' });
      expect(again.status).toBe(201);
    } finally {
      await server.stop();
    }
  });
});
