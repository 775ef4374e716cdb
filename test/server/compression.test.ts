/**
 * Issue 34 item 4: WebSocket compression, when the operator turns it on (COMPRESSION=on, compression.ts). The
 * client offers permessage-deflate as browsers do; the server takes it with its small window, a whole game is
 * played through it, and a game's updates take far fewer bytes on the wire than without. Off (the
 * default), nothing is negotiated. A setting that is neither is refused with a sentence.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { Client, createGame, hello, isState, post, startTestServer, type TestServer } from './harness.ts';
import { playRandomly } from './players.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

/** A seat's socket whose TCP stream is kept, to read what came off the wire. */
async function seat(url: string, gameId: string) {
  let tcp: Socket | null = null;
  const { hostname, port } = new URL(url);
  const client = await Client.open(url, gameId, {
    createConnection: () => {
      tcp = connect(Number(port), hostname);
      return tcp;
    },
  } as WebSocket.ClientOptions);
  const wire = () => (tcp as Socket | null)?.bytesRead ?? 0;
  return { client, wire };
}

/** What the server agrees to when offered permessage-deflate exactly as Chromium offers it. */
function agreedWithBrowserOffer(url: string, gameId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const asked = request(`${url}/api/games/${gameId}/socket`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits',
      },
    });
    asked.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(String(response.headers['sec-websocket-extensions'] ?? ''));
    });
    asked.on('error', reject);
    asked.end();
  });
}

/** Plays one friend game with both seats; the bytes each update took on the wire, and the extension agreed. */
async function playOn(compression: boolean) {
  const server = await startTestServer({ compression });
  servers.push(server);
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red', clock: null });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await seat(server.url, created.gameId);
  const blue = await seat(server.url, created.gameId);
  await red.client.ask(hello(created.token), isState);
  await blue.client.ask(hello(joined.body.token), isState);
  const extension = await agreedWithBrowserOffer(server.url, created.gameId);
  const before = red.wire() + blue.wire();
  const heard = red.client.texts.length + blue.client.texts.length;
  await Promise.all([
    playRandomly(red.client, 'compression-red'),
    playRandomly(blue.client, 'compression-blue'),
  ]);
  const updates = red.client.texts.length + blue.client.texts.length - heard;
  const bytes = red.wire() + blue.wire() - before;
  const over = red.client.latest();
  await Promise.all([red.client.close(), blue.client.close()]);
  return { extension, perUpdate: bytes / updates, updates, over: over?.view.outcome !== null };
}

describe('WebSocket compression (COMPRESSION)', () => {
  it('on: permessage-deflate with a 1 KiB window each way, a whole game through it, updates far smaller on the wire', async () => {
    const off = await playOn(false);
    const on = await playOn(true);
    expect(off.extension).toBe('');
    expect(on.extension).toBe('permessage-deflate; client_max_window_bits=10; server_max_window_bits=10');
    expect([off.over, on.over]).toEqual([true, true]);
    expect(Math.min(on.updates, off.updates)).toBeGreaterThan(20);
    // About a third of the patched bytes when measured (scripts/socket-costs.ts); well under two thirds always.
    expect(on.perUpdate).toBeLessThan(off.perUpdate * (2 / 3));
  });

  it('is off unless set; a value that is neither on nor off is refused with a sentence', () => {
    expect(configFromEnv({}).compression).toBe(false);
    expect(configFromEnv({ COMPRESSION: 'on' }).compression).toBe(true);
    expect(configFromEnv({ COMPRESSION: 'off' }).compression).toBe(false);
    expect(() => configFromEnv({ COMPRESSION: 'gzip' })).toThrow(
      "COMPRESSION must be 'on' or 'off', not 'gzip'.",
    );
  });
});
