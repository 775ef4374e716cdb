/**
 * Issue 30 item 2: the server pings every socket (HEARTBEAT_SECONDS) and cuts one that has not answered the
 * last ping by the next. A frozen client held its seat forever before: its socket looked open, so its seat
 * never turned away and the opponent could never claim. Test peers that stop answering are ws clients with
 * `autoPong: false`; nothing here waits a fixed time: pings are counted, closes and messages awaited.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { serveCommand } from '../../src/cli/serve.ts';
import type { JoinGameResponse, LobbyMessage } from '../../src/protocol/index.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { type Beating, Heartbeat } from '../../src/server/socket/heartbeat.ts';
import {
  Client,
  createGame,
  hello,
  isState,
  post,
  type ReadMessage,
  startTestServer,
  type TestServer,
  testConfig,
} from './harness.ts';
import { placeSeek } from './lobby-client.ts';

let server: TestServer;
beforeAll(async () => {
  // A long hello deadline: a socket closed here was closed by the heartbeat, not for a late hello.
  server = await startTestServer({
    heartbeatMs: 300,
    awayMs: 300,
    limits: { ...testConfig('').limits, helloMs: 600_000 },
  });
});
afterAll(async () => {
  await server.stop();
});

/** A friend game with both seats connected; blue's client as `blueOptions` make it. */
async function twoSeats(blueOptions?: WebSocket.ClientOptions) {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red', turnLimit: 200 });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(server.url, created.gameId, blueOptions);
  await blue.ask(hello(joined.body.token), isState);
  await red.find((m) => m.t === 'presence' && m.presence.seats.blue.connected);
  return { red, blue, sinceBoth: red.messages.length };
}

describe('the heartbeat over real sockets', () => {
  it('a peer that stops answering is cut at the next ping, its seat turns away, and the opponent claims', async () => {
    const { red, blue, sinceBoth } = await twoSeats({ autoPong: false });
    await expect.poll(() => blue.closed).toBe(true);
    // Cut for the first ping it left unanswered (a second only if a tick came late: see heartbeat.ts).
    expect(blue.pings).toBeGreaterThanOrEqual(1);
    expect(blue.pings).toBeLessThanOrEqual(2);
    expect(red.closed).toBe(false);
    // Claimable from a moment after the cut (red may have seen blue claimable before it first came).
    const claimable = (m: ReadMessage) => m.t === 'presence' && m.presence.claimable === 'blue';
    await expect.poll(() => red.messages.slice(sinceBoth).some(claimable)).toBe(true);
    const over = await red.ask({ t: 'claim', claim: 'win' }, (m) => m.t === 'update');
    expect(over.t === 'update' && over.view.outcome?.winner).toBe('red');
    await red.close();
  });

  it('an idle peer that answers stays connected ping after ping, its seat present', async () => {
    const { red, blue } = await twoSeats();
    await expect.poll(() => blue.pings).toBeGreaterThanOrEqual(4);
    expect([red.closed, blue.closed]).toEqual([false, false]);
    const state = await red.ask({ t: 'resync' }, isState);
    expect(state.t === 'state' && state.presence.seats.blue.connected).toBe(true);
    await Promise.all([red.close(), blue.close()]);
  });

  it('a lobby socket that stops answering is cut, and its seek goes with it', async () => {
    const seek = await placeSeek(server.url);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/lobby/socket`, { autoPong: false });
    const heard: LobbyMessage[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data)) as LobbyMessage));
    let closed: number | null = null;
    socket.once('close', (code) => {
      closed = code;
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ t: 'wait', token: seek.token }));
    await expect.poll(() => heard.some((m) => m.t === 'waiting')).toBe(true);
    // 1006: cut without a close frame (terminated), not closed by the lobby for a reason of its own.
    await expect.poll(() => closed).toBe(1006);
    const later = await placeSeek(server.url);
    expect(later.paired).toBeNull();
  });
});

/** A socket as the heartbeat sees it: counts pings, and whether it was cut. */
class FakeSocket extends EventEmitter implements Beating {
  pings = 0;
  cut = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.cut = true;
    this.emit('close');
  }
}

describe('the heartbeat, tick by tick', () => {
  it('pings each interval, cuts a socket silent since the last ping, and judges nobody on a late tick', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const sockets = new EventEmitter();
      let cuts = 0;
      const heartbeat = new Heartbeat(
        sockets,
        1000,
        () => cuts++,
        () => now,
      );
      const answering = new FakeSocket();
      const silent = new FakeSocket();
      const late = new FakeSocket();
      for (const socket of [answering, silent, late]) sockets.emit('connection', socket);
      const tick = (after = 1000) => {
        now += after;
        vi.advanceTimersByTime(1000);
        answering.emit('pong');
      };
      tick();
      expect([answering.pings, silent.pings, late.pings]).toEqual([1, 1, 1]);
      late.emit('pong');
      tick();
      // The silent one had a whole interval to answer; the late one answered its ping.
      expect([silent.cut, late.cut, answering.cut]).toEqual([true, false, false]);
      expect(cuts).toBe(1);
      // The process was stopped for three intervals: the tick after judges nobody, and pings again.
      tick(3000);
      expect([late.cut, late.pings]).toEqual([false, 3]);
      tick();
      expect([late.cut, answering.cut, answering.pings]).toEqual([true, false, 4]);
      // The WebSocket server closing stops it.
      sockets.emit('close');
      const fresh = new FakeSocket();
      sockets.emit('connection', fresh);
      tick();
      heartbeat.stop();
      expect(fresh.pings).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('HEARTBEAT_SECONDS', () => {
  it('is 20 s by default, read in seconds, and a bad value is refused with its name', () => {
    expect(configFromEnv({}).heartbeatMs).toBe(20_000);
    expect(configFromEnv({ HEARTBEAT_SECONDS: '5' }).heartbeatMs).toBe(5000);
    expect(() => configFromEnv({ HEARTBEAT_SECONDS: '0' })).toThrow(/HEARTBEAT_SECONDS must be/);
    expect(() => configFromEnv({ HEARTBEAT_SECONDS: 'often' })).toThrow(/HEARTBEAT_SECONDS must be/);
  });

  it("is in `pirates serve --help` and in docs/protocol.md's settings table", () => {
    expect(serveCommand.usage).toMatch(/^ {2}HEARTBEAT_SECONDS {4}every socket is pinged this often/m);
    const doc = readFileSync(join(import.meta.dirname, '../../docs/protocol.md'), 'utf8');
    expect(doc).toMatch(/^\| `HEARTBEAT_SECONDS` +\| 20 +\|/m);
  });
});
