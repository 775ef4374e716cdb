/**
 * One abusive client for `bench-server --hostile` (issue 15), on its own thread so its loops do not stall the
 * honest players' measuring: it makes a game of its own and, until told to stop, keeps four abuses going:
 * floods one socket with requests it never reads the answers to, sends frames past the hard size limit,
 * holds sockets open without a hello, and sends junk. Everything it sees is counted and reported back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import type { CreateGameResponse } from '../../protocol/index.ts';

const { url } = workerData as { url: string };
const port = parentPort;
let stopped = false;
const counts = { sent: 0, sockets: 0, closedByServer: 0 };

function socketUrl(gameId: string): string {
  return `${url.replace('http', 'ws')}/api/games/${gameId}/socket`;
}

function open(gameId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(gameId));
    counts.sockets++;
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('close', () => counts.closedByServer++);
    socket.on('error', () => undefined);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends requests as fast as the socket takes them and never reads a reply. */
async function flood(gameId: string, token: string): Promise<void> {
  while (!stopped) {
    const socket = await open(gameId).catch(() => null);
    if (socket === null) {
      await pause(200);
      continue;
    }
    socket.send(JSON.stringify({ t: 'hello', token }));
    (socket as unknown as { _socket?: { pause(): void } })._socket?.pause();
    while (!stopped && socket.readyState === WebSocket.OPEN) {
      for (let i = 0; i < 100; i++) socket.send('{"t":"resync"}');
      counts.sent += 100;
      await pause(1);
    }
    socket.terminate();
  }
}

/** A frame just past the hard limit, again and again, each on a fresh socket. */
async function oversize(gameId: string): Promise<void> {
  const big = 'x'.repeat(1024 * 1024 + 16);
  while (!stopped) {
    const socket = await open(gameId).catch(() => null);
    socket?.send(big);
    counts.sent++;
    await pause(50);
  }
}

/** Sockets that never say hello, opened as fast as they are closed. */
async function idle(gameId: string): Promise<void> {
  while (!stopped) {
    await open(gameId).catch(() => null);
    await pause(20);
  }
}

/** Junk messages on a socket that said hello, reading nothing. */
async function junk(gameId: string): Promise<void> {
  while (!stopped) {
    const socket = await open(gameId).catch(() => null);
    while (socket !== null && !stopped && socket.readyState === WebSocket.OPEN) {
      socket.send('{"t": "teleport", "where": "anywhere"}');
      socket.send('not json');
      counts.sent += 2;
      await pause(1);
    }
    socket?.terminate();
  }
}

async function main(): Promise<void> {
  const response = await fetch(`${url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend' }),
  });
  const game = (await response.json()) as CreateGameResponse;
  port?.on('message', () => {
    stopped = true;
  });
  await Promise.all([
    flood(game.gameId, game.token),
    oversize(game.gameId),
    idle(game.gameId),
    junk(game.gameId),
  ]);
  port?.postMessage(counts);
}

void main();
