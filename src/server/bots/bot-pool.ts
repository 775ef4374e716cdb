/**
 * A small pool of worker threads that run bots (bot-worker.ts). Each request goes to the worker with the
 * fewest requests in flight; a worker that dies fails its requests and is replaced, so one broken bot
 * cannot take the server down.
 */
import { Worker } from 'node:worker_threads';
import type { Action, GameEvent, PlayerView } from '../../engine/index.ts';
import type { DecisionReply, DecisionRequest } from './bot-protocol.ts';

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

const WORKER_URL = new URL('./bot-worker.js', import.meta.url);

export class BotPool {
  readonly #slots: Slot[] = [];
  #nextId = 1;
  #closed = false;

  constructor(size: number) {
    for (let i = 0; i < Math.max(1, size); i++) this.#slots.push(this.#spawn());
  }

  decide(level: string, view: PlayerView, history: readonly GameEvent[], seed: string): Promise<Decision> {
    if (this.#closed) return Promise.reject(new Error('The bot pool is closed.'));
    const slot = this.#slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
    const id = this.#nextId++;
    const request: DecisionRequest = { id, level, view, history, seed };
    return new Promise<Decision>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
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
    });
    const fail = (error: Error) => {
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
      if (this.#closed || slot.worker !== worker) return;
      slot.worker = new Worker(WORKER_URL);
      this.#wire(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A bot worker stopped (exit code ${code}).`)));
  }
}
