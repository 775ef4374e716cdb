/** Test support for the lobby: place a seek over HTTP, and a seeker's socket that waits on it. */
import WebSocket from 'ws';
import type { LobbyMessage, SeekRequest, SeekResponse } from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import { post } from './harness.ts';

export async function placeSeek(base: string, request: SeekRequest = {}): Promise<SeekResponse> {
  const placed = await post<SeekResponse>(base, '/api/seeks', request);
  if (placed.status !== 201) throw new Error(`seek failed: ${JSON.stringify(placed.body)}`);
  return placed.body;
}

/** A seeker's lobby socket: keeps every message, and can wait for one. */
export class Seeker {
  readonly messages: LobbyMessage[] = [];
  closed = false;
  readonly #socket: WebSocket;
  #waiters: { test: (m: LobbyMessage) => boolean; resolve: (m: LobbyMessage) => void }[] = [];

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LobbyMessage;
      this.messages.push(message);
      const waiting = this.#waiters;
      this.#waiters = [];
      for (const waiter of waiting) {
        if (waiter.test(message)) waiter.resolve(message);
        else this.#waiters.push(waiter);
      }
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  /** Opens the lobby socket and says which seek it waits on. */
  static async wait(base: string, token: string): Promise<Seeker> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/lobby/socket`);
    const seeker = new Seeker(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ t: 'wait', token }));
    return seeker;
  }

  /** The first message so far that passes `test`, or the next one. */
  find(test: (m: LobbyMessage) => boolean): Promise<LobbyMessage> {
    const seen = this.messages.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching lobby message in ${PATIENCE_MS} ms`)),
        PATIENCE_MS,
      );
      this.#waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  send(message: unknown): void {
    this.#socket.send(JSON.stringify(message));
  }

  /** Where the seek went, once paired. */
  async paired(): Promise<{ gameId: string; seat: 'red' | 'blue' }> {
    const message = await this.find((m) => m.t === 'paired' || m.t === 'error');
    if (message.t !== 'paired') throw new Error(`not paired: ${JSON.stringify(message)}`);
    return { gameId: message.gameId, seat: message.seat };
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.#socket.once('close', () => resolve());
      this.#socket.close();
    });
  }
}
