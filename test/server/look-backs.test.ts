/**
 * Issue 35 item 6: looking back cannot be made to cost the server per asker. A game's history is made once
 * per version and viewer and shared by every socket that asks (the work does not grow with the askers), and
 * one address has one budget of look-backs a second over all its sockets (past it the session answers
 * `rate/look-backs` with a sentence, and nothing is made). No timing is measured: work is counted by the cache's own count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateGameResponse, JoinGameResponse } from '../../src/protocol/index.ts';
import { LookBackBudget, lookBacksMade } from '../../src/server/rooms/look-backs.ts';
import { Client, createGame, hello, isState, post, startTestServer, type TestServer } from './harness.ts';
import { playUntilBothMoved } from './players.ts';

/** A friend game played a little by both seats, and its players' clients. */
async function playedGame(server: TestServer): Promise<{ gameId: string; seats: Client[] }> {
  const created: CreateGameResponse = await createGame(server.url, {
    opponent: 'friend',
    shots: 'quick',
    seat: 'red',
  });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(server.url, created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  // Until both have moved after the deal: both stop at the same version. (Twelve actions each could stall: the
  // first to reach twelve stopped while the other waited on its decision.)
  await playUntilBothMoved(red, blue, 'look-back');
  return { gameId: created.gameId, seats: [red, blue] };
}

async function spectators(server: TestServer, gameId: string, count: number): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = await Client.open(server.url, gameId);
      await client.ask({ t: 'hello', spectate: true }, isState);
      return client;
    }),
  );
}

describe('issue 35.6: look-backs', () => {
  let server: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.stop();
  });

  it('a history asked by many sockets at one version is made once and shared', async () => {
    const game = await playedGame(server);
    const watching = await spectators(server, game.gameId, 12);
    clients.push(...game.seats, ...watching);
    const before = lookBacksMade();
    const answers = await Promise.all(
      watching.flatMap((client) => [0, 1].map(() => client.ask({ t: 'history' }, (m) => m.t === 'history'))),
    );
    expect(answers).toHaveLength(24);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const history = answers[0];
    if (history?.t !== 'history') throw new Error('no history');
    expect(history.steps.length).toBeGreaterThan(0);
    // 24 asks, one history made (the spectators' view of this version).
    expect(lookBacksMade() - before).toBe(1);
    // A seat's history is its own view's: made once for it, never the spectators' bytes.
    const red = game.seats[0];
    if (red === undefined) throw new Error('no red');
    await red.ask({ t: 'history' }, (m) => m.t === 'history');
    expect(lookBacksMade() - before).toBe(2);
  });

  it('one address has one budget over all its sockets and games; another address has its own', () => {
    // A budget of 1 a second (a burst of 4): 30 asks at once from one address get about the burst.
    const budget = new LookBackBudget(1);
    const granted = Array.from({ length: 30 }, () => budget.take('203.0.113.7')).filter(Boolean).length;
    expect(granted).toBeGreaterThanOrEqual(4);
    expect(granted).toBeLessThanOrEqual(5);
    expect(budget.take('198.51.100.2')).toBe(true);
  });
});
