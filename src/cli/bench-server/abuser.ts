/**
 * One abusive client for `bench-server --hostile` (issue 15), in a process of its own (as an attacker's
 * machine would be: it shares no event loop with the honest players' measuring) started by
 * `startAbuser`: it makes a game of its own and, until told to stop, keeps five abuses going: floods one
 * socket with requests it never reads the answers to, sends frames past the hard size limit, holds sockets
 * open without a hello, sends junk, and asks for the longest live game's history from many spectator sockets. A socket the server closes is opened again at once. Everything it
 * sees is counted and sent back when it stops.
 */
import { type ChildProcess, fork } from 'node:child_process';
import WebSocket from 'ws';
import { entryFile } from '../../arena/entry-file.ts';
import type { CreateGameResponse } from '../../protocol/index.ts';

/** What the abuser did, as it reports it. */
export interface AbuseCounts {
  /** Messages sent (each junk or flood message, each oversize frame). */
  sent: number;
  /** Sockets it opened, and how many of them the server closed. */
  sockets: number;
  closedByServer: number;
  /** Histories of the longest live game answered, and refused for the address's look-back budget. */
  lookBacks: number;
  lookBacksRefused: number;
}

/** Starts the abuser against `url` in a child process; `stop` ends it and resolves with what it did. */
export function startAbuser(url: string): { stop(): Promise<AbuseCounts | { failed: string }> } {
  const child: ChildProcess = fork(entryFile('abuser-process', import.meta.url), [url], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const report = new Promise<AbuseCounts | { failed: string }>((resolve) => {
    child.once('message', (counts) => resolve(counts as AbuseCounts));
    child.once('error', (error) => resolve({ failed: String(error) }));
    child.once('exit', (code) => resolve({ failed: `the abuser exited (code ${code})` }));
  });
  return {
    async stop() {
      child.send('stop');
      const timeout = new Promise<{ failed: string }>((resolve) =>
        setTimeout(() => resolve({ failed: 'the abuser did not stop within 10 s' }), 10_000).unref(),
      );
      const result = await Promise.race([report, timeout]);
      child.kill('SIGKILL');
      return result;
    },
  };
}

let stopped = false;
const counts: AbuseCounts = { sent: 0, sockets: 0, closedByServer: 0, lookBacks: 0, lookBacksRefused: 0 };

let url = '';

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

/** Junk messages on a socket that never says hello, reading nothing. */
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

/** Spectator sockets that ask for the history of the longest game in progress at the most each may. */
const LOOKERS = 40;

/**
 * Issue 35: many spectator sockets from one address, each asking for the longest live game's history as often
 * as a socket may (twice a second) and reading every answer, as a scraper would. Counts look-backs answered
 * and refused (`lookBacks`, `lookBacksRefused`).
 */
async function lookBack(): Promise<void> {
  const live = (await (await fetch(`${url}/api/live`)).json()) as {
    games: { gameId: string; moves: number }[];
  };
  const longest = [...live.games].sort((a, b) => b.moves - a.moves)[0];
  if (longest === undefined) return;
  await Promise.all(
    Array.from({ length: LOOKERS }, async () => {
      while (!stopped) {
        const socket = await open(longest.gameId).catch(() => null);
        if (socket === null) {
          await pause(200);
          continue;
        }
        socket.on('message', (data) => {
          const text = String(data);
          if (text.startsWith('{"t":"history"')) counts.lookBacks++;
          else if (text.includes('"rate/look-backs"')) counts.lookBacksRefused++;
        });
        socket.send(JSON.stringify({ t: 'hello', spectate: true }));
        while (!stopped && socket.readyState === WebSocket.OPEN) {
          socket.send('{"t":"history"}');
          counts.sent++;
          await pause(500);
        }
        socket.terminate();
      }
    }),
  );
}

/** The abuser's body, in the child process (abuser-process.ts): abuses `target` until told to stop. */
export async function abuse(target: string): Promise<void> {
  url = target;
  const response = await fetch(`${url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ opponent: 'friend' }),
  });
  const game = (await response.json()) as CreateGameResponse;
  process.on('message', () => {
    stopped = true;
  });
  // The benchmark is gone (killed, crashed): nobody is left to report to.
  process.on('disconnect', () => process.exit(0));
  await Promise.all([
    flood(game.gameId, game.token),
    oversize(game.gameId),
    idle(game.gameId),
    junk(game.gameId),
    lookBack(),
  ]);
  process.send?.(counts);
  process.disconnect?.();
}
