/**
 * Issue 31 item 5: when a game counts as abandoned, and so is left off the Watch list (docs/protocol.md): the
 * rule, then a server's listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, LiveGamesResponse } from '../../src/protocol/index.ts';
import { ABANDONED_AFTER_MS, abandoned } from '../../src/server/lobby/abandoned.ts';
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
import { setUpUntilPlay } from './players.ts';

const HOUR = 60 * 60 * 1000;
const last = 1_000_000;

describe('abandoned games (issue 31 item 5)', () => {
  it('an untimed or live game is abandoned after 10 minutes without an action, not before', () => {
    for (const clock of [null, { kind: 'live', minutes: 5, increment: 5 } as const]) {
      expect(abandoned(clock, last, last + ABANDONED_AFTER_MS)).toBe(false);
      expect(abandoned(clock, last, last + ABANDONED_AFTER_MS + 1)).toBe(true);
    }
    expect(ABANDONED_AFTER_MS).toBe(10 * 60 * 1000);
  });

  it('a daily game is abandoned only after a whole daily turn without an action', () => {
    const clock = { kind: 'daily', days: 2 } as const;
    expect(abandoned(clock, last, last + 47 * HOUR)).toBe(false);
    expect(abandoned(clock, last, last + 48 * HOUR + 1)).toBe(true);
  });
});

describe('the Watch list leaves out a game nobody plays any more (a server whose clock the test moves on)', () => {
  let time = Date.now();
  let server: TestServer;
  beforeAll(async () => {
    // Actions are stamped with the real time; the listing reads the server's (fake) clock, started at it.
    server = await startTestServer({ now: () => time });
  });
  afterAll(async () => {
    await server.close();
  });

  it('an untimed friend game silent for 10 minutes is listed until then, and not after', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red', clock: null });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const blue = await Client.open(server.url, created.gameId);
    await red.ask(hello(created.token), isState);
    await blue.ask(hello(joined.body.token), isState);
    await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
    await Promise.all([red.close(), blue.close()]);
    const listed = async () =>
      (await get<LiveGamesResponse>(server.url, '/api/live')).body.games.map((g) => g.gameId);
    expect(await listed()).toContain(created.gameId);
    time += ABANDONED_AFTER_MS - 60_000;
    expect(await listed()).toContain(created.gameId);
    time += 2 * 60_000;
    expect(await listed()).not.toContain(created.gameId);
    // Left as it is: only the listing changed, and a seat that comes back finds the game going on.
    const back = await Client.open(server.url, created.gameId);
    const state = await back.ask(hello(created.token), isState);
    expect(state.t === 'state' && state.view.phase).toBe('play');
    await back.close();
  });
});
