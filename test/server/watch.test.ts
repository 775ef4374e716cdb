/**
 * Issue 19 item 4: games in progress listed newest first (nothing of their hidden state, and not friend games
 * still waiting for the friend, nor finished ones), and the players told how many watch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, LiveGamesResponse } from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('live games and spectators (issue 19 item 4)', () => {
  it('the watch list: games in progress, newest first, with a watch link and no secret', async () => {
    const computer = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 100 });
    const waiting = await createGame(server.url, { opponent: 'friend' });
    const friends = await createGame(server.url, {
      opponent: 'friend',
      variant: 'advanced',
      clock: { kind: 'live', minutes: 5, increment: 5 },
    });
    await post<JoinGameResponse>(server.url, `/api/games/${friends.gameId}/join`, { invite: friends.invite });
    const finished = await createGame(server.url, { opponent: 'computer', level: 'random' });
    const resigner = await Client.open(server.url, finished.gameId);
    await resigner.ask(hello(finished.token), isState);
    await resigner.ask({ t: 'resign' }, (m) => m.t === 'update');
    await resigner.close();

    const { body } = await get<LiveGamesResponse>(server.url, '/api/live');
    const ids = body.games.map((g) => g.gameId);
    expect(ids).toEqual([friends.gameId, computer.gameId]);
    expect(ids).not.toContain(waiting.gameId);
    expect(body.games[0]).toEqual({
      gameId: friends.gameId,
      createdAt: expect.any(Number),
      variant: 'advanced',
      shots: 'quick',
      clock: { kind: 'live', minutes: 5, increment: 5 },
      holders: { red: 'human', blue: 'human' },
      names: { red: null, blue: null },
      ratings: { red: null, blue: null },
      moves: 0,
      // Held by this server (it made the game): setting up, both decide.
      turn: 0,
      toMove: 'both',
      watchLink: `/watch/${friends.gameId}`,
    });
    expect(body.games[1]?.holders).toEqual(
      computer.seat === 'red' ? { red: 'human', blue: 'computer' } : { red: 'computer', blue: 'human' },
    );
    const text = JSON.stringify(body);
    for (const secret of [computer.token, friends.token, friends.invite ?? '-'])
      expect(text).not.toContain(secret);
  });

  it('the players see how many watch, spectators only ever get the spectator view', async () => {
    const created = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 100 });
    const player = await Client.open(server.url, created.gameId);
    const state = await player.ask(hello(created.token), isState);
    expect(state.t === 'state' && state.presence.watchers).toBe(0);
    const one = await Client.open(server.url, created.gameId);
    const two = await Client.open(server.url, created.gameId);
    await one.ask({ t: 'hello', spectate: true }, isState);
    await player.find((m) => m.t === 'presence' && m.presence.watchers === 1);
    const seen = await two.ask({ t: 'hello', spectate: true }, isState);
    expect(seen.t === 'state' && seen.viewer).toBe('spectator');
    await player.find((m) => m.t === 'presence' && m.presence.watchers === 2);
    await one.close();
    await player.next((m) => m.t === 'presence' && m.presence.watchers === 1);
    // A spectator cannot act, and never gets a seat's view.
    const refused = await two.ask({ t: 'resign' }, (m) => m.t === 'error');
    expect(refused.t === 'error' && refused.code).toBe('auth/spectator');
    for (const m of two.messages)
      if (m.t === 'state' || m.t === 'update') expect(m.view.viewer).toBe('spectator');
    await Promise.all([two.close(), player.close()]);
  });
});
