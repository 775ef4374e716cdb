/**
 * Issue 35 item 3: no game held hostage. A seat that stays connected and never decides may be claimed against
 * once its decision limit has run out, as after an absence: in untimed games each decision has DECISION_SECONDS,
 * in timed games the setup has SETUP_SECONDS (the clock rules in play). The presence the page gets says when
 * (`claimIn`), so the page's claim button comes up by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClockControl, JoinGameResponse, ServerMessage } from '../../src/protocol/index.ts';
import { DEFAULT_FAIR_PLAY } from '../../src/server/config.ts';
import { Client, createGame, hello, isState, post, startTestServer, type TestServer } from './harness.ts';
import { playRandomly } from './players.ts';

let server: TestServer;
beforeAll(async () => {
  // Away and abort far off: only the decision limits can make a seat claimable here.
  server = await startTestServer({
    awayMs: 600_000,
    fairPlay: { ...DEFAULT_FAIR_PLAY, abortMs: 600_000, decisionMs: 500, setupMs: 500 },
  });
});
afterAll(async () => {
  await server.stop();
});

/** A friend game with both seats connected and both contributions given (the deal is done). */
async function bothAtTheTable(clock: ClockControl | null) {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red', clock });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  const blue = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  await blue.ask(hello(joined.body.token), isState);
  // One after the other: a player's action is acknowledged by the next version, which may be the other's.
  await playRandomly(red, `${created.gameId}-r`, { maxActions: 1 });
  await playRandomly(blue, `${created.gameId}-b`, { maxActions: 1 });
  return { red, blue };
}

const claimableIs = (seat: 'red' | 'blue') => (m: ServerMessage) =>
  (m.t === 'presence' || m.t === 'state') && m.presence.claimable === seat;

describe('issue 35: every decision has a limit', () => {
  for (const [title, clock] of [
    ['an untimed game (DECISION_SECONDS)', null],
    ['a timed game during setup (SETUP_SECONDS)', { kind: 'live', minutes: 5, increment: 0 }],
  ] as const) {
    it(`${title}: a connected seat that never decides is claimed, and the page was told when`, async () => {
      const { red, blue } = await bothAtTheTable(clock);
      // Red sets up (or, when Blue sets up first, has nothing to do); Blue, connected, never does. Red
      // playing "one action" here hung whenever Blue was to set up first: Red had nothing to decide.
      await playRandomly(red, 'red-setup', { untilIdle: true });
      const told = await red.ask({ t: 'resync' }, isState);
      expect(told.t === 'state' && told.presence.seats.blue.connected).toBe(true);
      const claimIn = told.t === 'state' ? told.presence.claimIn : null;
      expect(claimIn?.red).toBeNull();
      expect(claimIn?.blue).toBeGreaterThanOrEqual(0);
      expect(claimIn?.blue).toBeLessThanOrEqual(500);
      await red.find(claimableIs('blue'));
      const over = await red.ask(
        { t: 'claim', claim: 'win' },
        (m) => m.t === 'update' && m.view.outcome !== null,
      );
      expect(over.t === 'update' && over.view.outcome?.winner).toBe('red');
      await Promise.all([red.close(), blue.close()]);
    });
  }

  it('in play, a timed game has no decision limit: its clock is the limit', async () => {
    const { red, blue } = await bothAtTheTable({ kind: 'live', minutes: 5, increment: 0 });
    await Promise.all([
      playRandomly(red, 'red-play', { untilTurn: 0 }),
      playRandomly(blue, 'blue-play', { untilTurn: 0 }),
    ]);
    const inPlay = await red.ask({ t: 'resync' }, isState);
    expect(inPlay.t === 'state' && inPlay.view.phase).toBe('play');
    expect(inPlay.t === 'state' && inPlay.presence.claimIn).toEqual({ red: null, blue: null });
    await Promise.all([red.close(), blue.close()]);
  });
});
