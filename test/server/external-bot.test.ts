/**
 * `pirates serve --bot name=cmd`: a person plays an external bot online. The bot is asked by the bot
 * protocol with its seat's view only; a bot that answers wrongly resigns, so a person is never left waiting.
 */
import { describe, expect, it } from 'vitest';
import { Client, createGame, hello, isState, post, startTestServer } from './harness.ts';
import { playRandomly } from './players.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('an external bot seated by the server', () => {
  it('plays a person to the end; a broken one resigns with a log line; unknown levels are still refused', async () => {
    const server = await startTestServer({
      externalBots: {
        // Absolute paths: a program runs in a scratch folder of its own, not the server's (docs/bots.md).
        pal: `node ${ROOT}examples/bot.mjs`,
        broken: `node ${ROOT}test/fixtures/bots/misbehave.mjs index`,
      },
    });
    try {
      const game = await createGame(server.url, { opponent: 'computer', level: 'pal', turnLimit: 40 });
      const person = await Client.open(server.url, game.gameId);
      await person.ask(hello(game.token), isState);
      await playRandomly(person, 'person');
      const end = person.messages.findLast((m) => m.t === 'update' || m.t === 'state');
      const outcome = end !== undefined && 'view' in end ? end.view.outcome : null;
      expect(outcome).not.toBeNull();
      expect(outcome?.reason).not.toBe('resigned');
      await person.close();

      const second = await createGame(server.url, { opponent: 'computer', level: 'broken', seat: 'red' });
      const other = await Client.open(server.url, second.gameId);
      await other.ask(hello(second.token), isState);
      await playRandomly(other, 'other');
      const last = other.messages.findLast((m) => m.t === 'update' || m.t === 'state');
      const lost = last !== undefined && 'view' in last ? last.view.outcome : null;
      expect(lost).toMatchObject({ winner: 'red', reason: 'resigned' });
      await other.close();
      expect(server.logs.join('')).toContain(
        'external bot broken resigned on its decision 2: the answer 9999 is not the index of a legal action',
      );

      const unknown = await post<{ code: string; message: string }>(server.url, '/api/games', {
        opponent: 'computer',
        level: 'stranger',
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('pal, broken');
    } finally {
      await server.stop();
    }
  });
});
