import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGame, replay } from '../../src/engine/index.ts';
import type { JoinGameResponse, RecordResponse, SpectatorResponse } from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isError,
  isState,
  pick,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { playRandomly } from './players.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function checkRecord(gameId: string, seedHash: string): Promise<void> {
  const { status, body } = await get<RecordResponse>(server.url, `/api/games/${gameId}/record`);
  expect(status).toBe(200);
  expect(createHash('sha256').update(body.record.options.seed).digest('hex')).toBe(seedHash);
  const replayed = replay(body.record);
  expect(replayed.ok).toBe(true);
  if (replayed.ok) expect(replayed.value.outcome).toEqual(body.outcome);
  // docs/fairness.md: keyed chance with both seats' contributions, which came before anything else.
  expect(body.record.format).toBe(2);
  expect(body.record.actions.slice(0, 2).map((a) => a.action.type)).toEqual(['contribute', 'contribute']);
  const report = checkGame({ record: body.record, seedHash, outcome: body.outcome });
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
}

describe('whole games over sockets', () => {
  it('a person against the computer plays to the end, and the record reveals the committed seed', async () => {
    const created = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 300 });
    const client = await Client.open(server.url, created.gameId);
    const state = await client.ask(hello(created.token), isState);
    expect(state.t === 'state' && state.viewer).toBe(created.seat);
    expect(state.t === 'state' && state.seedHash).toBe(created.seedHash);
    await playRandomly(client, 'vs-computer');
    expect(client.latest()?.view.outcome).not.toBeNull();
    await client.close();
    await checkRecord(created.gameId, created.seedHash);
  });

  it('two people, one invited by link, play to the end', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'blue', turnLimit: 300 });
    expect(created.seat).toBe('blue');
    expect(created.inviteLink).toBe(`/play/${created.gameId}?invite=${created.invite}`);
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.seat).toBe('red');
    const blue = await Client.open(server.url, created.gameId);
    const red = await Client.open(server.url, created.gameId);
    await blue.ask(hello(created.token), isState);
    await red.ask(hello(joined.body.token), isState);
    await Promise.all([playRandomly(blue, 'blue'), playRandomly(red, 'red')]);
    expect(red.latest()?.view.outcome).toEqual(blue.latest()?.view.outcome);
    await Promise.all([red.close(), blue.close()]);
    await checkRecord(created.gameId, created.seedHash);
  });

  it('the record is refused with a clear error while the game runs; the spectator view is public', async () => {
    const created = await createGame(server.url, { opponent: 'friend' });
    const record = await get<{ code: string; message: string }>(
      server.url,
      `/api/games/${created.gameId}/record`,
    );
    expect(record.status).toBe(409);
    expect(record.body.code).toBe('record/not-over');
    const view = await get<SpectatorResponse>(server.url, `/api/games/${created.gameId}`);
    expect(view.status).toBe(200);
    expect(view.body.view.viewer).toBe('spectator');
    expect(view.body.presence.seats[created.seat === 'red' ? 'blue' : 'red'].holder).toBe('open');
    expect(JSON.stringify(view.body)).not.toContain(created.token);
  });

  it('a resent action is applied once and answered with the current state', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const red = await Client.open(server.url, created.gameId);
    const first = await red.ask(hello(created.token), isState);
    if (first.t !== 'state') throw new Error('expected state');
    // Alone at the table, red can give only its contribution to chance (the deal waits for the friend).
    const setup = pick(first.view, Math.random);
    expect(setup?.type).toBe('contribute');
    const update = await red.ask({ t: 'act', v: 0, action: setup }, (m) => m.t === 'update');
    expect(update.t === 'update' && update.v).toBe(1);
    const again = await red.ask({ t: 'act', v: 0, action: setup }, (m) => m.t !== 'presence');
    expect(again.t).toBe('state');
    expect(again.t === 'state' && again.v).toBe(1);
    const view = await get<SpectatorResponse>(server.url, `/api/games/${created.gameId}`);
    expect(view.body.v).toBe(1);
    await red.close();
  });
});

describe('a seat coming back (issue 21)', () => {
  it('a new socket of a seat gets its log back by action, and looks back at its own earlier tables only', async () => {
    const created = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 300 });
    const first = await Client.open(server.url, created.gameId);
    await first.ask(hello(created.token), isState);
    await playRandomly(first, 'coming-back', { maxActions: 6 });
    const seen = first.messages.flatMap((m) => (m.t === 'update' ? [{ v: m.v, events: m.events }] : []));
    const views = new Map(first.messages.flatMap((m) => (m.t === 'update' ? [[m.v, m.view] as const] : [])));
    await first.close();
    // The reload: a new socket, the same token.
    const again = await Client.open(server.url, created.gameId);
    const state = await again.ask(hello(created.token), isState);
    const v = state.t === 'state' ? state.v : -1;
    const history = await again.ask({ t: 'history' }, (m) => m.t === 'history');
    if (history.t !== 'history') throw new Error('expected history');
    // The computer may still move between the hello and the history: the history is as of the newest
    // version this socket was told before it (the stream is in order).
    const told = again.messages.slice(0, again.messages.indexOf(history));
    const newest = Math.max(v, ...told.flatMap((m) => (m.t === 'update' ? [m.v] : [])));
    expect(history.v).toBe(newest);
    // Everything the first socket was told, in the same steps (the computer's moves included).
    expect(history.steps.filter((step) => seen.some((s) => s.v === step.v))).toEqual(
      seen.filter((s) => s.events.length > 0),
    );
    for (const step of history.steps) {
      for (const event of step.events) expect(['all', created.seat]).toContain(event.audience);
    }
    const [at, view] = [...views.entries()][2] ?? [];
    if (at === undefined) throw new Error('too few updates');
    const review = await again.ask({ t: 'review', v: at }, (m) => m.t === 'review');
    expect(review.t === 'review' && review.view).toEqual(view);
    const ahead = await again.ask({ t: 'review', v: v + 5 }, isError);
    expect(ahead.t === 'error' && ahead.code).toBe('review/ahead');
    // Each look back replays the game: a flood of them is refused, whatever the socket's message rate.
    const answers: string[] = [];
    const stop = again.onMessage((m) => answers.push(m.t === 'error' ? m.code : m.t));
    for (let i = 0; i < 12; i++) again.send({ t: 'review', v: 1 });
    await again.next((m) => m.t === 'error' && m.code === 'rate/limited');
    stop();
    expect(answers.filter((a) => a === 'review').length).toBeLessThan(12);
    await again.close();
  });
});

describe('tokens, invites and unknown games', () => {
  it('an unknown game id and a wrong or used invite get clear errors', async () => {
    const missing = await get<{ code: string }>(server.url, '/api/games/nosuchgame123');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('game/unknown');
    const created = await createGame(server.url, { opponent: 'friend' });
    const wrong = await post<{ code: string; message: string }>(
      server.url,
      `/api/games/${created.gameId}/join`,
      {
        invite: 'not-the-code',
      },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('invite/wrong');
    const ok = await post(server.url, `/api/games/${created.gameId}/join`, { invite: created.invite });
    expect(ok.status).toBe(200);
    const used = await post<{ code: string }>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    expect(used.status).toBe(409);
    expect(used.body.code).toBe('invite/used');
    const socket = await Client.open(server.url, 'nosuchgame123');
    const refusal = await socket.find(isError);
    expect(refusal.t === 'error' && refusal.code).toBe('game/unknown');
  });

  it('a spectator, the other seat and another game cannot act with what they hold', async () => {
    const game = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const other = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${game.gameId}/join`, {
      invite: game.invite,
    });
    const red = await Client.open(server.url, game.gameId);
    const redState = await red.ask(hello(game.token), isState);
    if (redState.t !== 'state') throw new Error('expected state');
    const blue = await Client.open(server.url, game.gameId);
    await blue.ask(hello(joined.body.token), isState);
    // Both contribute and set up, red first each time; then only the mover may turn a card.
    for (let v = 0; v < 4; v++) {
      const actor = v % 2 === 0 ? red : blue;
      const latest = actor.latest();
      if (latest === null) throw new Error('no view');
      await actor.ask({ t: 'act', v, action: pick(latest.view, Math.random) }, (m) => m.t === 'update');
      await Promise.all([red, blue].map((c) => c.find((m) => m.t === 'update' && m.v === v + 1)));
    }
    const now = red.latest();
    if (now === null) throw new Error('no view');
    const mover = now.view.mover;
    const [moverClient, waiterClient] = mover === 'red' ? [red, blue] : [blue, red];
    const moverView = moverClient.latest()?.view;
    const turn = moverView?.legalActions[0];
    const notYours = await waiterClient.ask({ t: 'act', v: 4, action: turn }, isError);
    expect(notYours.t === 'error' && notYours.code).toBe('action/not-your-turn');

    const spectator = await Client.open(server.url, game.gameId);
    await spectator.ask({ t: 'hello', spectate: true }, isState);
    const watching = await spectator.ask({ t: 'act', v: 4, action: turn }, isError);
    expect(watching.t === 'error' && watching.code).toBe('auth/spectator');

    const stranger = await Client.open(server.url, game.gameId);
    const wrongToken = await stranger.ask(hello(other.token), isError);
    expect(wrongToken.t === 'error' && wrongToken.code).toBe('auth/bad-token');
    const notHello = await stranger.ask({ t: 'act', v: 4, action: turn }, isError);
    expect(notHello.t === 'error' && notHello.code).toBe('auth/hello-first');

    const view = await get<SpectatorResponse>(server.url, `/api/games/${game.gameId}`);
    expect(view.body.v).toBe(4);
    await Promise.all([red.close(), blue.close(), spectator.close(), stranger.close()]);
  });
});

describe('the web page', () => {
  it('says how to build the web client when it is not built (503), and API misses are JSON', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('web client is not built');
    const api = await get<{ t: string; code: string }>(server.url, '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.t).toBe('error');
    const health = await get<{ ok: boolean }>(server.url, '/healthz');
    expect(health.body).toEqual({ ok: true });
    const ready = await get<{ ready: boolean }>(server.url, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true });
  });
});
