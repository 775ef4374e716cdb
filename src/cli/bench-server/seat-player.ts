/**
 * One seat of a benchmark game: a WebSocket that says hello with the seat's token and plays a random legal
 * action whenever its view offers one (after `think` ms, or at once). Every listener is attached before the
 * socket can open, every wait has a timeout, and a socket that drops mid-game is opened again with the
 * same token, as the web client does; each such failure is counted, so nothing is lost silently and
 * nothing waits forever.
 */

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { type Action, type PlayerView, type Random, randomFromSeed, type Seat } from '../../engine/index.ts';
import { DELTAS_VERSION, type ServerMessage, WireViews } from '../../protocol/index.ts';
import { sha256OfServer } from '../../server/socket/update-views.ts';
import { codeOf, type Tally } from './tally.ts';

/** How long opening a socket and hearing the answer to hello may take before it counts as failed. */
const CONNECT_TIMEOUT_MS = 15_000;
/** Attempts to open a seat's socket (the first and two retries) before the seat gives up. */
const CONNECT_ATTEMPTS = 3;

/** What all seats of a run share. */
export interface Run {
  readonly tally: Tally;
  /** Milliseconds each player waits before acting (drawn between half and 1.5 times this). */
  readonly think: number;
  /** Players hold their actions until the gate opens (all games connected), so the ramp-up is not a race. */
  gateOpen: boolean;
  /** The measured window (performance.now() ms): latencies of acts sent inside it are kept. */
  measureFrom: number;
  measureTo: number;
  stopped: boolean;
}

export class SeatPlayer {
  readonly #url: string;
  readonly #token: string;
  readonly #seat: Seat;
  readonly #run: Run;
  readonly #random: Random;
  readonly #onOver: () => void;
  /** The local address this seat's sockets come from (its own address, as a person has), or the default. */
  readonly #localAddress: string | undefined;
  #socket: WebSocket | null = null;
  /** Completes each update's view with the rules of the last state (no update comes before a socket's state). */
  readonly #views = new WireViews(sha256OfServer);
  #latest: { readonly v: number; readonly view: PlayerView } | null = null;
  /** The act in flight: made against `v`, sent at `at` (Infinity while thinking). */
  #sent: { readonly v: number; at: number } | null = null;
  #closed = false;

  constructor(
    base: string,
    gameId: string,
    seat: Seat,
    token: string,
    seed: string,
    run: Run,
    onOver: () => void,
    localAddress?: string,
  ) {
    this.#url = `${base.replace(/^http/, 'ws')}/api/games/${gameId}/socket`;
    this.#seat = seat;
    this.#token = token;
    this.#run = run;
    this.#random = randomFromSeed(seed);
    this.#onOver = onOver;
    this.#localAddress = localAddress;
  }

  /** Opens the socket (retrying a failed attempt) and resolves once hello is answered; rejects with a code. */
  async connect(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#open();
        return;
      } catch (error) {
        const code = `connect/${codeOf(error)}`;
        if (this.#closed || this.#run.stopped) return;
        if (attempt >= CONNECT_ATTEMPTS) {
          this.#run.tally.error(code);
          throw error;
        }
        this.#run.tally.retry(code);
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt * (1 + this.#random.float())));
      }
    }
  }

  /** The gate opened: act on the latest view. */
  kick(): void {
    if (this.#latest !== null) this.#consider(this.#latest.v, this.#latest.view);
  }

  /** Since when this seat's act has waited for its answer (ms), or null. */
  get waitingSince(): number | null {
    return this.#sent === null || !Number.isFinite(this.#sent.at) ? null : this.#sent.at;
  }

  close(): void {
    this.#closed = true;
    this.#socket?.terminate();
  }

  #open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.#url, {
        handshakeTimeout: CONNECT_TIMEOUT_MS,
        ...(this.#localAddress === undefined ? {} : { localAddress: this.#localAddress }),
      });
      this.#socket = socket;
      let answered = false;
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error('ETIMEDOUT hello not answered'));
      }, CONNECT_TIMEOUT_MS);
      socket.on('error', (error) => {
        if (!answered) {
          clearTimeout(timer);
          reject(error);
        } else if (!this.#closed && !this.#run.stopped) this.#run.tally.error(`socket/${codeOf(error)}`);
      });
      socket.on('close', (code) => {
        if (!answered) {
          clearTimeout(timer);
          reject(new Error(`closed ${code} before hello was answered`));
          return;
        }
        if (this.#closed || this.#run.stopped) return;
        // Dropped mid-game: count it, then come back with the token like the web client.
        this.#run.tally.error(`socket/closed ${code}`);
        this.#sent = null;
        this.connect().catch(() => undefined);
      });
      socket.on('open', () =>
        socket.send(
          JSON.stringify({ t: 'hello', token: this.#token, rulesOnce: true, deltas: DELTAS_VERSION }),
        ),
      );
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (!answered && (message.t === 'state' || message.t === 'error')) {
          answered = true;
          clearTimeout(timer);
          if (message.t === 'error') {
            reject(new Error(message.code));
            socket.terminate();
            return;
          }
          resolve();
        }
        this.#receive(message);
      });
    });
  }

  #receive(message: ServerMessage): void {
    if (message.t === 'error') {
      if (this.#run.stopped) return;
      this.#run.tally.error(message.code);
      // Our act was refused: look at the whole state again rather than wait for an answer that never comes.
      if (this.#sent !== null) {
        this.#sent = null;
        this.#socket?.send(JSON.stringify({ t: 'resync' }));
      }
      return;
    }
    if (message.t !== 'state' && message.t !== 'update') return;
    const sent = this.#sent;
    if (sent !== null && message.v > sent.v) {
      const now = performance.now();
      if (sent.at >= this.#run.measureFrom && now <= this.#run.measureTo) {
        this.#run.tally.latencies.push(now - sent.at);
      }
      this.#sent = null;
    }
    const view =
      message.t === 'state'
        ? this.#views.whole(message.view, message.v, message.deltas)
        : 'patch' in message
          ? this.#views.update(message, message.v)
          : this.#views.update(message.view, message.v);
    if (view === null) {
      this.#run.tally.error('protocol/update before state');
      return;
    }
    this.#latest = { v: message.v, view };
    this.#consider(message.v, view);
  }

  #consider(v: number, view: PlayerView): void {
    if (view.outcome !== null) return this.#onOver();
    if (!this.#run.gateOpen || this.#sent !== null || view.viewer === 'spectator') return;
    // When both seats decide (contributions, setup), blue waits for red, so neither seat is ever stale.
    if (view.toAct[0] !== this.#seat) return;
    const action: Action | undefined =
      view.pending.ask === 'contribute'
        ? { type: 'contribute', entropy: randomBytes(32).toString('hex') }
        : view.legalActions[this.#random.int(view.legalActions.length)];
    if (action === undefined) return;
    const socket = this.#socket;
    const send = () => {
      if (this.#run.stopped || this.#closed || socket === null || socket.readyState !== socket.OPEN) {
        // The socket dropped while thinking: its reconnection brings a fresh state to act on.
        this.#sent = null;
        return;
      }
      this.#sent = { v, at: performance.now() };
      socket.send(JSON.stringify({ t: 'act', v, action }));
    };
    if (this.#run.think > 0) {
      this.#sent = { v, at: Number.POSITIVE_INFINITY };
      setTimeout(send, this.#run.think * (0.5 + this.#random.float()));
    } else send();
  }
}
