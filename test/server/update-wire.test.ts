/**
 * On the wire an `update` leaves out the game's rules, which the `state` before it carried (wire-view.ts):
 * read straight off a socket, as any client would get them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PlayerView } from '../../src/engine/index.ts';
import { type ServerMessage, WireViews } from '../../src/protocol/index.ts';
import { createGame, hello, pick, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('updates on the wire', () => {
  it('carry no rules; the state before them does, and a reader puts them back', async () => {
    const game = await createGame(server.url, { opponent: 'computer', level: 'easy', seat: 'red' });
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${game.gameId}/socket`);
    const texts: string[] = [];
    const views = new WireViews();
    let latest: PlayerView | null = null;
    const updates = new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (data) => {
        const text = String(data);
        texts.push(text);
        const message = JSON.parse(text) as ServerMessage;
        if (message.t === 'error') return reject(new Error(message.message));
        if (message.t !== 'state' && message.t !== 'update') return;
        latest = message.t === 'state' ? views.whole(message.view) : views.update(message.view);
        if (texts.filter((t) => t.startsWith('{"t":"update"')).length >= 3) return resolve();
        const action = latest === null ? null : pick(latest, Math.random);
        if (action !== null) socket.send(JSON.stringify({ t: 'act', v: message.v, action }));
      });
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify(hello(game.token)));
    await updates;
    socket.close();
    const sent = texts.map((text) => JSON.parse(text) as ServerMessage);
    const state = sent.find((m) => m.t === 'state');
    const update = sent.find((m) => m.t === 'update');
    expect(state?.t === 'state' && state.view.rules.shots).toBe('quick');
    expect(update?.t === 'update' && 'rules' in update.view).toBe(false);
    // The reader's view of the last update is whole again: the rules are the state's.
    expect((latest as PlayerView | null)?.rules).toEqual(state?.t === 'state' ? state.view.rules : null);
  });
});
