/**
 * A small pool of worker threads that run bots (bot-worker.ts). A worker decides one request at a time;
 * requests wait in the pool's fair queue, one line per game, served in turn (fair-queue.ts), so a game that
 * asks for many decisions at once cannot make another game's computer wait behind all of them. Each
 * decision has a deadline: the time it waited in the queue is taken from its thinking, so under a flood the
 * searches shorten (a decision past its deadline takes a quick look and answers) and the queue drains
 * instead of growing. A worker that dies fails its request and is replaced, so one broken bot cannot take
 * the server down.
 * Levels named by `pirates serve --bot name=cmd` go to their external program instead (external-seats.ts).
 */
import { Worker } from 'node:worker_threads';
import { entryFile } from '../../arena/entry-file.ts';
import type { Action, GameEvent, PlayerView } from '../../engine/index.ts';
import type { DecisionReply, DecisionRequest } from './bot-protocol.ts';
import type { ExternalSeats } from './external-seats.ts';
import { FairQueue } from './fair-queue.ts';

export interface Decision {
  readonly action: Action;
}

interface Pending {
  readonly resolve: (decision: Decision) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  readonly pending: Map<number, Pending>;
}

interface Job extends Pending {
  readonly request: Omit<DecisionRequest, 'timeLeftMs'>;
  /** When the answer is due (ms on the pool's clock). */
  readonly deadline: number;
}

const WORKER_URL = entryFile('bot-worker', import.meta.url);

export class BotPool {
  readonly #slots: Slot[] = [];
  readonly #waiting = new FairQueue<Job>();
  readonly #now: () => number;
  readonly #external: ExternalSeats | null;
  readonly #decided: (seconds: number) => void;
  #nextId = 1;
  #closed = false;
  /** Decisions asked and not yet answered (waiting in the queue or being thought). */
  #asked = 0;

  /**
   * `now` is the clock deadlines are read on (tests pass their own); `external` the programs seated by name;
   * `decided` hears how long each decision took, its wait in the queue included (the metrics).
   */
  constructor(
    size: number,
    now: () => number = Date.now,
    external: ExternalSeats | null = null,
    decided: (seconds: number) => void = () => undefined,
  ) {
    this.#now = now;
    this.#external = external;
    this.#decided = decided;
    for (let i = 0; i < Math.max(1, size); i++) this.#slots.push(this.#spawn());
  }

  /**
   * A decision for the seat whose view this is; `owner` (the game) names the line it waits in, `deadline`
   * (on the pool's clock) when the answer is due: the bot thinks only for what is left of it.
   */
  decide(
    level: string,
    view: PlayerView,
    history: readonly GameEvent[],
    seed: string,
    owner: string,
    deadline: number = Number.POSITIVE_INFINITY,
  ): Promise<Decision> {
    if (this.#closed) return Promise.reject(new Error('The bot pool is closed.'));
    const started = performance.now();
    this.#asked++;
    const answered = () => {
      this.#asked--;
      this.#decided((performance.now() - started) / 1000);
    };
    if (this.#external?.has(level)) {
      return this.#external
        .decide(level, view, history, owner)
        .then((action) => ({ action }))
        .finally(answered);
    }
    const request = { id: this.#nextId++, level, view, history, seed };
    return new Promise<Decision>((resolve, reject) => {
      this.#waiting.push(owner, { request, deadline, resolve, reject });
      this.#dispatch();
    }).finally(answered);
  }

  /** Decisions asked and not yet answered: waiting for a worker, or being thought now. */
  get asked(): number {
    return this.#asked;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.drain()) job.reject(new Error('The bot pool is closed.'));
    await Promise.all([
      ...this.#slots.map((slot) => slot.worker.terminate()),
      this.#external?.close() ?? Promise.resolve(),
    ]);
  }

  /** Gives every idle worker the next job in turn. */
  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.pending.size > 0) continue;
      const job = this.#waiting.shift();
      if (job === undefined) return;
      slot.pending.set(job.request.id, job);
      const request: DecisionRequest = { ...job.request, timeLeftMs: job.deadline - this.#now() };
      slot.worker.postMessage(request);
    }
  }

  #spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), pending: new Map() };
    this.#wire(slot);
    return slot;
  }

  #wire(slot: Slot): void {
    const worker = slot.worker;
    worker.unref();
    worker.on('message', (reply: DecisionReply) => {
      const pending = slot.pending.get(reply.id);
      if (pending === undefined) return;
      slot.pending.delete(reply.id);
      if (reply.ok) pending.resolve({ action: reply.action });
      else pending.reject(new Error(reply.message));
      this.#dispatch();
    });
    const fail = (error: Error) => {
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
      if (this.#closed || slot.worker !== worker) return;
      slot.worker = new Worker(WORKER_URL);
      this.#wire(slot);
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A bot worker stopped (exit code ${code}).`)));
  }
}
