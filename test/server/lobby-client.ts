/**
 * Test support for the lobby: place or take a seek over HTTP (as a device identity, or as nobody), a seeker's
 * socket that waits on it, and two identities paired into one game.
 */
import WebSocket from 'ws';
import type {
  AcceptSeekResponse,
  LobbyMessage,
  SeekRequest,
  SeekResponse,
} from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';

/** A POST to the lobby, with the identity's secret in the Authorization header when there is one. */
export async function lobbyPost<T>(
  base: string,
  path: string,
  body: unknown,
  secret?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export async function placeSeek(
  base: string,
  request: SeekRequest = {},
  secret?: string,
): Promise<SeekResponse> {
  const placed = await lobbyPost<SeekResponse>(base, '/api/seeks', request, secret);
  if (placed.status !== 201) throw new Error(`seek failed: ${JSON.stringify(placed.body)}`);
  return placed.body;
}

/** Takes a listed seek; the answer as it came (a refusal is a value here). */
export function acceptSeek(base: string, seekId: string, secret?: string) {
  return lobbyPost<AcceptSeekResponse | { code: string; message: string }>(
    base,
    `/api/seeks/${seekId}/accept`,
    {},
    secret,
  );
}

/** A seeker in a pairing: where to ask, and its identity's secret (none: a seeker without identity). */
export interface Side {
  readonly base: string;
  readonly secret?: string;
}

/**
 * `first` seeks and waits on its socket, `second` seeks the same game and is paired with it at once: the game,
 * and each side's seat and seat token.
 */
export async function pairThroughLobby(first: Side, second: Side, request: SeekRequest) {
  const waiting = await placeSeek(first.base, request, first.secret);
  if (waiting.paired !== null) throw new Error('the first seek found an older one waiting');
  const seeker = await Seeker.wait(first.base, waiting.token);
  await seeker.find((m) => m.t === 'waiting');
  const coming = await placeSeek(second.base, request, second.secret);
  if (coming.paired === null) throw new Error('the second seek was not paired');
  const heard = await seeker.paired();
  await seeker.close();
  if (heard.gameId !== coming.paired.gameId) throw new Error('the seekers heard of different games');
  return {
    gameId: heard.gameId,
    first: { seat: heard.seat, token: waiting.token },
    second: { seat: coming.paired.seat, token: coming.token },
  };
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
