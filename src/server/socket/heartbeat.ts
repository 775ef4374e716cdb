/**
 * The heartbeat of every socket the server holds (game and lobby): a WebSocket ping each interval, and a
 * socket that has not answered the last ping with a pong by the next is cut (terminated), so a frozen or
 * vanished client's seat turns away and its opponent may claim. The pings also keep a quiet socket from
 * reaching a proxy's idle timeout. Browsers answer pings by themselves: the page needs nothing.
 *
 * One timer for all sockets, not one per socket. A tick that comes late (this process was stopped or busy
 * longer than an interval) judges nobody: the pongs answering the last ping may be waiting unread, since
 * timers run before the sockets are read.
 */
import type { EventEmitter } from 'node:events';

/** What the heartbeat needs of a socket (ws's WebSocket). */
export interface Beating extends EventEmitter {
  ping(): void;
  terminate(): void;
}

/** What it needs of the WebSocket server: hear of each new socket, and of its closing. */
interface SocketServer {
  on(event: 'connection', listener: (socket: Beating) => void): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/** A tick later than this share of an interval after the last judges nobody. */
const LATE = 1.5;

export class Heartbeat {
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #cut: () => void;
  /** Whether each socket answered since it was last pinged. */
  readonly #answered = new Map<Beating, boolean>();
  readonly #timer: ReturnType<typeof setInterval>;
  #lastTick: number;

  /**
   * Watches every socket `server` accepts from now on, until it closes. `cut` hears of each socket cut for
   * not answering (a log line).
   */
  constructor(server: SocketServer, intervalMs: number, cut: () => void = () => undefined, now = Date.now) {
    this.#intervalMs = intervalMs;
    this.#now = now;
    this.#cut = cut;
    this.#lastTick = now();
    server.on('connection', (socket) => this.watch(socket));
    server.once('close', () => this.stop());
    this.#timer = setInterval(() => this.#beat(), intervalMs);
    this.#timer.unref();
  }

  watch(socket: Beating): void {
    this.#answered.set(socket, true);
    socket.on('pong', () => {
      if (this.#answered.has(socket)) this.#answered.set(socket, true);
    });
    socket.once('close', () => this.#answered.delete(socket));
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#answered.clear();
  }

  #beat(): void {
    const now = this.#now();
    const late = now - this.#lastTick > LATE * this.#intervalMs;
    this.#lastTick = now;
    for (const [socket, answered] of this.#answered) {
      if (!answered && !late) {
        this.#answered.delete(socket);
        socket.terminate();
        this.#cut();
        continue;
      }
      this.#answered.set(socket, false);
      socket.ping();
    }
  }
}
