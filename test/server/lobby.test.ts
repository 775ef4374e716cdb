/**
 * Issue 19 item 2: the lobby. Two compatible seeks pair at once into one game whose seats their seek tokens
 * hold; a waiting seeker hears of it on its socket; many seeks at once pair each seeker exactly once;
 * incompatible ones wait; open seeks are listed (without tokens) for others to accept; cancelling, or the
 * seeker's socket closing, takes a seek away; a seeker who waited long enough is offered the computer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenSeeksResponse, SeekResponse } from '../../src/protocol/index.ts';
import { Client, get, hello, post, startTestServer, type TestServer } from './harness.ts';
import { placeSeek, Seeker } from './lobby-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seekOfferMs: 50 });
});
afterAll(async () => {
  await server.stop();
});

/** Where a seek went: at once, or as its socket hears. */
async function pairingOf(placed: SeekResponse, seeker: Seeker | null) {
  if (placed.paired !== null) return placed.paired;
  if (seeker === null) throw new Error('a waiting seek needs its socket');
  return seeker.paired();
}

/** The seat a token holds in a game, as the game's own socket says. */
async function seatOf(gameId: string, token: string): Promise<string> {
  const client = await Client.open(server.url, gameId);
  const state = await client.ask(hello(token), (m) => m.t === 'state' || m.t === 'error');
  await client.close();
  return state.t === 'state' ? state.viewer : `refused: ${state.t === 'error' ? state.code : ''}`;
}

describe('the lobby (issue 19 item 2)', () => {
  it('two compatible seeks pair at once; the waiting seeker hears it; each seek token holds its seat', async () => {
    const first = await placeSeek(server.url, { variant: 'advanced', shots: 'any' });
    expect(first.paired).toBeNull();
    const waiting = await Seeker.wait(server.url, first.token);
    await waiting.find((m) => m.t === 'waiting');
    const second = await placeSeek(server.url, { variant: 'any', shots: 'aimed' });
    expect(second.paired).not.toBeNull();
    const heard = await waiting.paired();
    expect(heard.gameId).toBe(second.paired?.gameId);
    expect(heard.seat).not.toBe(second.paired?.seat);
    expect(await seatOf(heard.gameId, first.token)).toBe(heard.seat);
    expect(await seatOf(heard.gameId, second.token)).toBe(second.paired?.seat);
    // The rules both accept: the advanced variant of the first, the aimed shots of the second.
    const game = await get<{ view: { rules: { variant: string; shots: string } } }>(
      server.url,
      `/api/games/${heard.gameId}`,
    );
    expect(game.body.view.rules).toMatchObject({ variant: 'advanced', shots: 'aimed' });
    await waiting.close();
  });

  it('many seeks at once: each seeker is paired exactly once, two to a game', async () => {
    const count = 12;
    const placed = await Promise.all(
      Array.from({ length: count }, () => placeSeek(server.url, { variant: 'standard', shots: 'quick' })),
    );
    const pairings = await Promise.all(
      placed.map(async (seek) => {
        const seeker = seek.paired === null ? await Seeker.wait(server.url, seek.token) : null;
        const pairing = await pairingOf(seek, seeker);
        await seeker?.close();
        return { ...pairing, token: seek.token };
      }),
    );
    const games = new Map<string, string[]>();
    for (const { gameId, seat } of pairings) games.set(gameId, [...(games.get(gameId) ?? []), seat]);
    expect(games.size).toBe(count / 2);
    for (const seats of games.values()) expect(seats.sort()).toEqual(['blue', 'red']);
    for (const { gameId, seat, token } of pairings.slice(0, 4))
      expect(await seatOf(gameId, token)).toBe(seat);
    const open = await get<OpenSeeksResponse>(server.url, '/api/seeks');
    expect(open.body.seeks).toEqual([]);
  });

  it('seeks that ask for different rules or clocks do not pair', async () => {
    const standard = await placeSeek(server.url, { variant: 'standard' });
    const advanced = await placeSeek(server.url, { variant: 'advanced' });
    const timed = await placeSeek(server.url, { clock: { kind: 'live', minutes: 5, increment: 5 } });
    expect([standard.paired, advanced.paired]).toEqual([null, null]);
    // 'any' rules but another clock: the untimed seeks do not take it.
    expect(timed.paired).toBeNull();
    const seekers = await Promise.all(
      [standard, advanced, timed].map((s) => Seeker.wait(server.url, s.token)),
    );
    const listed = await get<OpenSeeksResponse>(server.url, '/api/seeks');
    expect(listed.body.seeks.map((s) => s.seekId)).toEqual([standard.seekId, advanced.seekId, timed.seekId]);
    // Closing a seeker's socket takes its seek away (nobody is paired with a page that is gone).
    await Promise.all(seekers.map((s) => s.close()));
    await expect
      .poll(async () => (await get<OpenSeeksResponse>(server.url, '/api/seeks')).body.seeks)
      .toEqual([]);
  });

  it('an open seek is listed without its token, and accepted once', async () => {
    const seek = await placeSeek(server.url, { shots: 'quick' });
    const seeker = await Seeker.wait(server.url, seek.token);
    await seeker.find((m) => m.t === 'waiting');
    const listed = await get<OpenSeeksResponse>(server.url, '/api/seeks');
    expect(listed.body.seeks).toEqual([
      expect.objectContaining({
        seekId: seek.seekId,
        variant: 'any',
        shots: 'quick',
        clock: null,
        name: null,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(seek.token);
    const accepted = await post<{ gameId: string; seat: string; token: string }>(
      server.url,
      `/api/seeks/${seek.seekId}/accept`,
      {},
    );
    expect(accepted.status).toBe(200);
    const heard = await seeker.paired();
    expect(heard.gameId).toBe(accepted.body.gameId);
    expect(await seatOf(heard.gameId, accepted.body.token)).toBe(accepted.body.seat);
    expect(await seatOf(heard.gameId, seek.token)).toBe(heard.seat);
    const again = await post<{ code: string }>(server.url, `/api/seeks/${seek.seekId}/accept`, {});
    expect([again.status, again.body.code]).toEqual([409, 'seek/gone']);
  });

  it('cancel: only with the token; a cancelled seek is never paired; a paired one says where it went', async () => {
    const seek = await placeSeek(server.url, { variant: 'advanced', shots: 'aimed' });
    const wrong = await post<{ code: string }>(server.url, `/api/seeks/${seek.seekId}/cancel`, {
      token: 'x',
    });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'seek/token']);
    const cancelled = await post<{ cancelled: boolean }>(server.url, `/api/seeks/${seek.seekId}/cancel`, {
      token: seek.token,
    });
    expect(cancelled.body.cancelled).toBe(true);
    const late = await placeSeek(server.url, { variant: 'advanced', shots: 'aimed' });
    expect(late.paired).toBeNull();
    const paired = await placeSeek(server.url, { variant: 'advanced', shots: 'aimed' });
    const tooLate = await post<{ cancelled: boolean; paired: { gameId: string } }>(
      server.url,
      `/api/seeks/${late.seekId}/cancel`,
      { token: late.token },
    );
    expect(tooLate.body).toEqual({
      cancelled: false,
      paired: { gameId: paired.paired?.gameId, seat: expect.any(String) },
    });
    const gone = await Seeker.wait(server.url, seek.token);
    const said = await gone.find((m) => m.t === 'error');
    expect(said.t === 'error' && said.code).toBe('seek/gone');
  });

  it('without identities, the oldest seek first (by rating: rated-lobby-suite.ts)', async () => {
    const seekers: Seeker[] = [];
    const seek = async (variant: 'standard' | 'advanced' | 'any') => {
      const placed = await placeSeek(server.url, { variant, shots: 'aimed' });
      if (placed.paired === null) seekers.push(await Seeker.wait(server.url, placed.token));
      return placed;
    };
    // Two waiting seeks that cannot pair with each other, both fit for a newcomer who takes any rules.
    const oldest = await seek('standard');
    const newer = await seek('advanced');
    expect([oldest.paired, newer.paired]).toEqual([null, null]);
    const newcomer = await seek('any');
    expect(await seatOf(newcomer.paired?.gameId ?? '', oldest.token)).toMatch(/^(red|blue)$/);
    expect(await seatOf(newcomer.paired?.gameId ?? '', newer.token)).toBe('refused: auth/bad-token');
    await Promise.all(seekers.map((s) => s.close()));
  });

  it('nobody comes in time: the waiting seeker is offered the computer, and may go on waiting', async () => {
    const seek = await placeSeek(server.url, {
      variant: 'advanced',
      shots: 'quick',
      clock: { kind: 'daily', days: 3 },
    });
    const seeker = await Seeker.wait(server.url, seek.token);
    expect(seek.offerComputerAfterMs).toBe(50);
    await seeker.find((m) => m.t === 'lonely');
    const listed = await get<OpenSeeksResponse>(server.url, '/api/seeks');
    expect(listed.body.seeks.map((s) => s.seekId)).toContain(seek.seekId);
    await seeker.close();
  });

  it('a bad seek or wait is refused with a sentence', async () => {
    const bad = await post<{ code: string; message: string }>(server.url, '/api/seeks', { variant: 'huge' });
    expect([bad.status, bad.body.code]).toEqual([400, 'request/invalid']);
    const seeker = await Seeker.wait(server.url, 'no-such-token');
    const said = await seeker.find((m) => m.t === 'error');
    expect(said.t === 'error' && said.code).toBe('seek/gone');
    // A waiting socket says one thing; a second message closes it (and cancels its seek).
    const seek = await placeSeek(server.url, { variant: 'advanced', clock: { kind: 'daily', days: 9 } });
    const chatty = await Seeker.wait(server.url, seek.token);
    await chatty.find((m) => m.t === 'waiting');
    chatty.send({ t: 'wait', token: seek.token });
    const again = await chatty.find((m) => m.t === 'error');
    expect(again.t === 'error' && again.code).toBe('auth/again');
    await expect.poll(() => chatty.closed).toBe(true);
    await expect
      .poll(async () => (await get<OpenSeeksResponse>(server.url, '/api/seeks')).body.seeks)
      .toEqual([]);
  });
});
