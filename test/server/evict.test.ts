/**
 * A finished game leaves the server's memory once its sockets are gone (after the grace), and everything
 * still works afterwards from the store: the spectator view, the record, and a seat's hello.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../src/engine/index.ts';
import type { JoinGameResponse, RecordResponse, SpectatorResponse } from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
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
  server = await startTestServer({ idleGraceMs: 50 });
});
afterAll(async () => {
  await server.stop();
});

/** Resolves once the server logs that it let `gameId` go (or fails after `timeoutMs`). */
async function unloaded(gameId: string, timeoutMs = PATIENCE_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  const seen = () => server.logs.some((line) => line.includes('game unloaded') && line.includes(gameId));
  while (!seen()) {
    if (Date.now() > until) throw new Error(`game ${gameId} was never unloaded`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('finished games leave memory', () => {
  it('are unloaded once their sockets are gone, and the view, the record and a hello still work', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const blue = await Client.open(server.url, created.gameId);
    await red.ask(hello(created.token), isState);
    await blue.ask(hello(joined.body.token), isState);
    // Before the sockets opened nobody watched it: a busy machine may have let it go already (opening a
    // socket loads it again). From a socket's opening on it is watched.
    const unloads = () => server.logs.filter((line) => line.includes('game unloaded')).length;
    const watchedFrom = unloads();
    const over = blue.next((m) => m.t === 'update' && m.view.outcome !== null);
    red.send({ t: 'resign' });
    await over;
    // Watched: kept, however many sweeps pass.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unloads()).toBe(watchedFrom);
    await red.close();
    await blue.close();
    await unloaded(created.gameId);

    const spectated = await get<SpectatorResponse>(server.url, `/api/games/${created.gameId}`);
    expect(spectated.status).toBe(200);
    expect(spectated.body.v).toBe(1);
    expect(spectated.body.view.outcome).toMatchObject({ winner: 'blue' });
    const record = await get<RecordResponse>(server.url, `/api/games/${created.gameId}/record`);
    expect(record.status).toBe(200);
    const replayed = replay(record.body.record);
    expect(replayed.ok && replayed.value.outcome).toEqual(record.body.outcome);

    const back = await Client.open(server.url, created.gameId);
    const state = await back.ask(hello(joined.body.token), isState);
    expect(state.t === 'state' && state.viewer).toBe('blue');
    expect(state.t === 'state' && state.v).toBe(1);
    expect(state.t === 'state' && state.view.outcome).toMatchObject({ winner: 'blue' });
    await back.close();
    // The socket's view (its rules spliced in as JSON made once) is the HTTP API's, field for field.
    const watcher = await Client.open(server.url, created.gameId);
    const watched = await watcher.ask({ t: 'hello', spectate: true }, isState);
    expect(watched.t === 'state' && watched.view).toEqual(spectated.body.view);
    await watcher.close();
  });

  it('a socket open before its hello keeps the game: sweeps in between do not leave it on a copy no move reaches', async () => {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const unloadsOf = () =>
      server.logs.filter((line) => line.includes('game unloaded') && line.includes(created.gameId)).length;
    // Blue's socket opens, then stays silent while many sweeps (every 50 ms) pass.
    const blue = await Client.open(server.url, created.gameId);
    const before = unloadsOf();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(unloadsOf()).toBe(before);
    await blue.ask(hello(joined.body.token), isState);
    const red = await Client.open(server.url, created.gameId);
    await red.ask(hello(created.token), isState);
    // Red resigns: Blue's socket hears the end, as one on the game's only copy does.
    const over = blue.next((m) => m.t === 'update' && m.view.outcome !== null);
    red.send({ t: 'resign' });
    expect((await over).t).toBe('update');
    await red.close();
    await blue.close();
  });
});
