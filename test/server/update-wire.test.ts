/**
 * On the wire an `update` leaves out the game's rules, which the `state` before it carried, for a client that
 * said hello with `rulesOnce` (wire-view.ts); any other client gets them in every update. Read straight off
 * a socket, as any client would get them; and none comes before a socket's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PlayerView } from '../../src/engine/index.ts';
import { type ServerMessage, WireViews } from '../../src/protocol/index.ts';
import { parseServerMessage } from '../../src/web/online/wire.ts';
import {
  Client,
  createGame,
  hello,
  isState,
  nodeSha256,
  pick,
  post,
  type ReadMessage,
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

/** Plays until three updates came on a raw socket; returns every text it was sent and the last view read. */
async function threeUpdates(sayHello: (token: string) => unknown) {
  const game = await createGame(server.url, { opponent: 'computer', level: 'easy', seat: 'red' });
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${game.gameId}/socket`);
  const texts: string[] = [];
  const views = new WireViews(nodeSha256);
  let latest: PlayerView | null = null;
  const updates = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data) => {
      const text = String(data);
      texts.push(text);
      const message = JSON.parse(text) as ServerMessage;
      const read = parseServerMessage(text, views);
      // During setup both seats decide at once: an act made stale by the computer's setup is no failure.
      if (message.t === 'error')
        return message.code === 'act/stale' ? undefined : reject(new Error(message.message));
      if (message.t !== 'state' && message.t !== 'update') return;
      if (read === null || read.t === 'unreadable')
        return reject(new Error(`unreadable: ${text.slice(0, 200)}`));
      latest = read.t === 'state' || read.t === 'update' ? read.view : latest;
      if (texts.filter((t) => t.startsWith('{"t":"update"')).length >= 3) return resolve();
      const action = latest === null ? null : pick(latest, Math.random);
      if (action !== null) socket.send(JSON.stringify({ t: 'act', v: message.v, action }));
    });
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify(sayHello(game.token)));
  await updates;
  socket.close();
  return {
    sent: texts.map((text) => JSON.parse(text) as ServerMessage),
    latest: latest as PlayerView | null,
  };
}

describe('updates on the wire', () => {
  it('carry the rules for a client that did not ask otherwise, as before', async () => {
    const { sent } = await threeUpdates((token) => ({ t: 'hello', token }));
    const updates = sent.filter((m) => m.t === 'update');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    for (const update of updates)
      expect(update.t === 'update' && 'view' in update && update.view.rules?.shots).toBe('quick');
  });

  it('carry no rules after hello with rulesOnce; the state before them does, and a reader puts them back', async () => {
    const { sent, latest } = await threeUpdates((token) => ({ t: 'hello', token, rulesOnce: true }));
    const state = sent.find((m) => m.t === 'state');
    const update = sent.find((m) => m.t === 'update');
    expect(state?.t === 'state' && state.view.rules.shots).toBe('quick');
    expect(update?.t === 'update' && 'view' in update && !('rules' in update.view)).toBe(true);
    // The reader's view of the last update is whole again: the rules are the state's.
    expect(latest?.rules).toEqual(state?.t === 'state' ? state.view.rules : null);
  });

  it('carry patches and a digest after hello with deltas, and a reader rebuilds the view a whole-view socket is sent', async () => {
    const game = await createGame(server.url, { opponent: 'computer', level: 'easy', seat: 'red' });
    // Two tabs of one seat: one reads patches, the other whole views; every version must read the same.
    const patched = await Client.open(server.url, game.gameId);
    const whole = await Client.open(server.url, game.gameId);
    const raw: ServerMessage[] = [];
    const views = { patched: new Map<number, PlayerView>(), whole: new Map<number, PlayerView>() };
    const keep = (into: Map<number, PlayerView>) => (m: ReadMessage) => {
      if (m.t === 'state' || m.t === 'update') into.set(m.v, m.view);
    };
    patched.onMessage(keep(views.patched));
    whole.onMessage(keep(views.whole));
    patched.onRaw((text) => raw.push(JSON.parse(text) as ServerMessage));
    let state = await patched.ask(hello(game.token), isState);
    await whole.ask({ t: 'hello', token: game.token, rulesOnce: true }, isState);
    while (state.t === 'state' || state.t === 'update') {
      if (state.view.outcome !== null || raw.filter((m) => m.t === 'update').length >= 30) break;
      const action = pick(state.view, Math.random);
      const v: number = state.v;
      if (action === null) state = await patched.find((m) => m.t === 'update' && m.v > v);
      else state = await patched.ask({ t: 'act', v, action }, (m) => m.t === 'update' && m.v > v);
    }
    const updates = raw.filter((m) => m.t === 'update');
    expect(updates.length).toBeGreaterThanOrEqual(10);
    // After the state every update is a patch: this socket was sent every version.
    for (const update of updates) {
      expect(update).toHaveProperty('patch');
      expect(update).toHaveProperty('digest');
      expect(update).not.toHaveProperty('view');
    }
    const last = Math.max(...views.patched.keys());
    await whole.find((m) => (m.t === 'state' || m.t === 'update') && m.v >= last);
    for (const [v, view] of views.patched)
      expect(JSON.stringify(view), `v ${v}`).toBe(JSON.stringify(views.whole.get(v)));
    await patched.close();
    await whole.close();
  });

  it('never come on a socket before its state, even when a move is made while its hello is answered', async () => {
    // Red acts and blue says hello at once, ten times: blue's hello waits behind red's append in the room,
    // and hears that move while it waits; the state it gets then holds the move, and nothing comes before it.
    for (let round = 0; round < 10; round++) {
      const game = await createGame(server.url, { opponent: 'friend', seat: 'red' });
      const joined = await post<{ token: string }>(server.url, `/api/games/${game.gameId}/join`, {
        invite: game.invite,
      });
      const red = await Client.open(server.url, game.gameId);
      const state = await red.ask(hello(game.token), isState);
      const action = state.t === 'state' ? pick(state.view, Math.random) : null;
      const raw = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${game.gameId}/socket`);
      // The first message with a view (a presence message may come before it: it carries none).
      const first = new Promise<ServerMessage>((resolve) =>
        raw.on('message', (data) => {
          const message = JSON.parse(String(data)) as ServerMessage;
          if (message.t === 'state' || message.t === 'update') resolve(message);
        }),
      );
      await new Promise((resolve) => raw.once('open', resolve));
      red.send({ t: 'act', v: 0, action });
      raw.send(JSON.stringify(hello(joined.body.token)));
      expect(await first).toMatchObject({ t: 'state' });
      raw.close();
      await red.close();
    }
  });
});
