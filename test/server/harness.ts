/**
 * Test support: a real server on an ephemeral port with a temp database and its log lines collected, and
 * a small WebSocket client that keeps every message it receives.
 */

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import WebSocket from 'ws';
import type { Action, PlayerView } from '../../src/engine/index.ts';
import {
  type CreateGameResponse,
  DELTAS_VERSION,
  type ServerMessage,
  WireViews,
} from '../../src/protocol/index.ts';
import { DEFAULT_CONFIG, DEFAULT_LIMITS, type ServerConfig } from '../../src/server/config.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import type { PageMessage } from '../../src/web/online/wire.ts';
import { parseServerMessage } from '../../src/web/online/wire.ts';
import { PATIENCE_MS } from '../patience.ts';

export interface TestServer extends RunningServer {
  readonly dir: string;
  readonly logs: string[];
  stop(): Promise<void>;
}

/** Starts the server under test (SQLite in test/server, PostgreSQL and Redis in test/scale). */
export type StartServer = (overrides?: Partial<ServerConfig>) => Promise<TestServer>;

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pirates-server-'));
}

export function testConfig(dir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'games.sqlite'),
    webRoot: join(dir, 'no-web'),
    botDelay: { minMs: 0, maxMs: 0 },
    botWorkers: 1,
    limits: {
      ...DEFAULT_LIMITS,
      gamesPerMinute: 100_000,
      messagesPerSecond: 100_000,
      messageBurst: 100_000,
      socketsPerAddress: 100_000,
      socketOpensPerMinute: 100_000,
      computerGamesPerAddress: 100_000,
      // Every test client comes from 127.0.0.1: the lobby's bounds are tested where asked for.
      seeksPerPlayer: 100_000,
      seeksPerAddress: 100_000,
      lookBacksPerSecond: 100_000,
      passkeysPerMinute: 100_000,
    },
    logLevel: 'info',
    // A test's server stops at once: no proxy in front waits to notice it is draining.
    drainMs: 0,
    ...overrides,
  };
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  dir: string = tempDir(),
): Promise<TestServer> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = await startServer(testConfig(dir, { logStream, ...overrides }));
  return {
    ...server,
    dir,
    logs,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function post<T>(
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function get<T>(base: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

export async function createGame(base: string, body: unknown): Promise<CreateGameResponse> {
  const created = await post<CreateGameResponse>(base, '/api/games', body);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  return created.body;
}

/** A server message as the tests read it: its view is the engine's own, as the page reads it (wire.ts). */
export type ReadMessage = Exclude<PageMessage, { readonly t: 'unreadable' }>;

/** A WebSocket client that records every message and can wait for one. */
export class Client {
  readonly messages: ReadMessage[] = [];
  /** Every message's text as it came off the wire (a patched update's `messages` entry is the view rebuilt). */
  readonly texts: string[] = [];
  readonly #socket: WebSocket;
  readonly #views = new WireViews(nodeSha256);
  #waiters: { test: (m: ReadMessage) => boolean; resolve: (m: ReadMessage) => void }[] = [];
  readonly #listeners = new Set<(m: ReadMessage) => void>();
  readonly #rawListeners = new Set<(text: string) => void>();
  closed = false;
  /** The close code, once closed (e.g. 4429 for a flood). */
  closeCode: number | null = null;
  /** WebSocket pings received from the server (its heartbeat). */
  pings = 0;

  /** Calls `listener` for every message from now on; returns the function that stops it. */
  onMessage(listener: (m: ReadMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls `listener` with every message's text as it came off the wire, from now on. */
  onRaw(listener: (text: string) => void): () => void {
    this.#rawListeners.add(listener);
    return () => this.#rawListeners.delete(listener);
  }

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (data) => {
      // Setup choices travel folded and updates without the rules (wire-view.ts); tests read the engine's
      // view, as the page does. An update before any state cannot be read: the test sees it as an error.
      const text = String(data);
      this.texts.push(text);
      for (const listener of [...this.#rawListeners]) listener(text);
      const message = this.#read(text);
      this.messages.push(message);
      for (const listener of [...this.#listeners]) listener(message);
      const waiting = this.#waiters;
      this.#waiters = [];
      for (const waiter of waiting) {
        if (waiter.test(message)) waiter.resolve(message);
        else this.#waiters.push(waiter);
      }
    });
    socket.on('ping', () => this.pings++);
    socket.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  #read(text: string): ReadMessage {
    const message = parseServerMessage(text, this.#views);
    if (message === null) throw new Error(`a message that cannot be read: ${text.slice(0, 200)}`);
    if (message.t === 'unreadable')
      throw new Error(`an update (v ${message.v}) whose view could not be rebuilt`);
    return message as ReadMessage;
  }

  /**
   * `options` are ws's: `{ autoPong: false }` for a peer that stops answering pings, `{ localAddress }` to
   * come from another loopback address (127.x.y.z).
   */
  static async open(base: string, gameId: string, options?: WebSocket.ClientOptions): Promise<Client> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/games/${gameId}/socket`, options);
    // Listen before the socket opens: the server may answer in the same packet as the upgrade.
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.#socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message (from now on) that passes `test`. */
  next(test: (m: ReadMessage) => boolean = () => true, timeoutMs = PATIENCE_MS): Promise<ReadMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message in ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** The first message received so far that passes `test`, or the next one. */
  find(test: (m: ReadMessage) => boolean, timeoutMs = PATIENCE_MS): Promise<ReadMessage> {
    const seen = this.messages.find(test);
    return seen === undefined ? this.next(test, timeoutMs) : Promise.resolve(seen);
  }

  /** Sends and waits for the first answer that passes `test`. */
  async ask(message: unknown, test: (m: ReadMessage) => boolean = () => true): Promise<ReadMessage> {
    const answer = this.next(test);
    this.send(message);
    return answer;
  }

  /** The latest view and its version, from state or update messages. */
  latest(): { v: number; view: PlayerView } | null {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m !== undefined && (m.t === 'state' || m.t === 'update')) return { v: m.v, view: m.view };
    }
    return null;
  }

  /** Stops reading from the socket (a client that sends and never reads), or reads again. */
  reading(on: boolean): void {
    const raw = (this.#socket as unknown as { _socket?: { pause(): void; resume(): void } })._socket;
    if (on) raw?.resume();
    else raw?.pause();
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.#socket.once('close', () => resolve());
      this.#socket.close();
    });
  }

  terminate(): void {
    this.#socket.terminate();
  }

  /** The extensions the server agreed to (e.g. permessage-deflate and its parameters), or ''. */
  get extensions(): string {
    return this.#socket.extensions;
  }
}

/** Node's own sha256 of a view's text, for its digest (the page's, in JavaScript, is slower; both agree). */
export function nodeSha256(text: string): Uint8Array {
  return createHash('sha256').update(text).digest();
}

/**
 * A seat's hello, reading updates as the page does: without the rules (`rulesOnce`), as changes in the newest
 * patch format (`deltas`); `deltas: 1` as a page of the release before does.
 */
export function hello(token: string, deltas: number | true = DELTAS_VERSION): unknown {
  return { t: 'hello', token, rulesOnce: true, deltas };
}

/** A random legal action of `view`, from a seeded-enough source. */
export function pick(view: PlayerView, draw: () => number): Action | null {
  // A seat owes its own share of chance before the deal (docs/fairness.md); the page gives it unseen.
  if (
    view.pending.ask === 'contribute' &&
    view.viewer !== 'spectator' &&
    view.pending.seats.includes(view.viewer)
  )
    return { type: 'contribute', entropy: randomBytes(32).toString('hex') };
  const actions = view.legalActions;
  if (actions.length === 0) return null;
  return actions[Math.floor(draw() * actions.length)] ?? null;
}

export const isState = (m: ServerMessage): boolean => m.t === 'state';
export const isError = (m: ServerMessage): boolean => m.t === 'error';
export const isGameMessage = (m: ServerMessage): boolean => m.t === 'state' || m.t === 'update';
