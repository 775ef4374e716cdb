/**
 * Readiness (`GET /readyz`): whether a proxy should send this process players. Not while it drains for a
 * shutdown, nor while the game store or Redis cannot be reached. The store is asked with one cheap round
 * trip at most once per `cacheMs`, however many probes come at once (they share the answer in flight), so a
 * probe storm costs the database nothing. Liveness (`/healthz`) asks nothing: a process waiting for its
 * database to come back is alive, and restarting it would not bring the database back.
 */
import type { GameStore } from '../store/game-store.ts';

/** Why a process is not ready: draining (shutting down), store (unreachable), redis (a connection lost). */
export type NotReady = 'draining' | 'store' | 'redis';

export interface ReadinessParts {
  readonly store: Pick<GameStore, 'ping'>;
  /** Each Redis connection and whether it is ready (empty without Redis). */
  readonly redis: () => readonly { readonly ready: boolean }[];
  readonly draining: () => boolean;
}

export class Readiness {
  readonly #parts: ReadinessParts;
  readonly #cacheMs: number;
  readonly #now: () => number;
  #known: { readonly reachable: boolean; readonly at: number } | null = null;
  #asking: Promise<boolean> | null = null;

  constructor(parts: ReadinessParts, cacheMs = 1000, now: () => number = Date.now) {
    this.#parts = parts;
    this.#cacheMs = cacheMs;
    this.#now = now;
  }

  /** The reasons this process is not ready now; empty when it is. */
  async notReady(): Promise<NotReady[]> {
    const reasons: NotReady[] = [];
    if (this.#parts.draining()) reasons.push('draining');
    if (!(await this.#storeReachable())) reasons.push('store');
    if (this.#parts.redis().some((connection) => !connection.ready)) reasons.push('redis');
    return reasons;
  }

  #storeReachable(): Promise<boolean> {
    const known = this.#known;
    if (known !== null && this.#now() - known.at < this.#cacheMs) return Promise.resolve(known.reachable);
    this.#asking ??= this.#parts.store.ping().then(
      () => this.#learn(true),
      () => this.#learn(false),
    );
    return this.#asking;
  }

  #learn(reachable: boolean): boolean {
    this.#known = { reachable, at: this.#now() };
    this.#asking = null;
    return reachable;
  }
}
