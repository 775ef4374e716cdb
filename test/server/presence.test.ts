import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  hello,
  isError,
  isState,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { playRandomly } from './players.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ awayMs: 300 });
});
afterAll(async () => {
  await server.stop();
});

async function friendGameWithRedOnly(
  on: TestServer = server,
): Promise<{ red: Client; blueToken: string; gameId: string }> {
  const created = await createGame(on.url, { opponent: 'friend', seat: 'red', turnLimit: 200 });
  const joined = await post<JoinGameResponse>(on.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(on.url, created.gameId);
  await red.ask(hello(created.token), isState);
  return { red, blueToken: joined.body.token, gameId: created.gameId };
}

describe('away seats and reconnection', () => {
  it('cannot claim before the other seat has been away long enough', async () => {
    // A long away time of its own: on a loaded machine 300 ms may pass before the claim arrives.
    const patient = await startTestServer({ awayMs: 60_000 });
    try {
      const { red } = await friendGameWithRedOnly(patient);
      const early = await red.ask({ t: 'claim', claim: 'win' }, isError);
      expect(early.t === 'error' && early.code).toBe('claim/not-away');
      await red.close();
    } finally {
      await patient.stop();
    }
  });

  it('after the away time, the seat still here may claim the win', async () => {
    const { red } = await friendGameWithRedOnly();
    await red.find((m) => m.t === 'presence' && m.presence.claimable === 'blue');
    const over = await red.ask({ t: 'claim', claim: 'win' }, (m) => m.t === 'update');
    expect(over.t === 'update' && over.view.outcome?.winner).toBe('red');
    // It reads as a claim, not as a resignation (issue 21).
    expect(over.t === 'update' && over.view.outcome?.message).toBe(
      'Blue was away too long; Red claimed the win.',
    );
    expect(over.t === 'update' && over.events).toContainEqual({
      type: 'resigned',
      seat: 'blue',
      away: true,
      audience: 'all',
    });
    await red.close();
  });

  it('a seat cannot record its own absence as a claim', async () => {
    const { red } = await friendGameWithRedOnly();
    const refused = await red.ask({ t: 'act', v: 0, action: { type: 'resign', away: true } }, isError);
    expect(refused.t === 'error' && refused.code).toBe('act/away');
    await red.close();
  });

  it('or hand the empty seat to the computer, and the person gets it back by reconnecting', async () => {
    const { red, blueToken, gameId } = await friendGameWithRedOnly();
    await red.find((m) => m.t === 'presence' && m.presence.claimable === 'blue');
    await red.ask(
      { t: 'claim', claim: 'computer' },
      (m) => m.t === 'presence' && m.presence.seats.blue.holder === 'computer',
    );
    // The computer now sets blue up; red plays on against it for a few moves.
    await playRandomly(red, 'red-vs-stand-in', { maxActions: 3 });
    const blue = await Client.open(server.url, gameId);
    const back = await blue.ask(hello(blueToken), isState);
    expect(back.t === 'state' && back.presence.seats.blue.holder).toBe('human');
    expect(back.t === 'state' && back.viewer).toBe('blue');
    await Promise.all([red.close(), blue.close()]);
  });
});
