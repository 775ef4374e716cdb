/**
 * The game store as the server uses it, watched: every call's answer says whether the database could be
 * reached. The first call that could not logs one warning, later failures of the same outage log nothing
 * (the flag scan alone would log one a second), and the first answer after it logs one line saying it is
 * back and for how long it was away. Appends are timed and counted for the metrics on the way.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type GameStore, StoreUnavailable } from '../store/game-store.ts';
import type { ServerMetrics } from './metrics.ts';

export interface OutageLog {
  lost(message: string): void;
  back(awayMs: number): void;
}

/** Tracks one dependency's outage: told of each failure and success, it speaks once each way. */
class Outage {
  readonly #log: OutageLog;
  readonly #now: () => number;
  #since: number | null = null;

  constructor(log: OutageLog, now: () => number) {
    this.#log = log;
    this.#now = now;
  }

  failed(error: unknown): void {
    if (!(error instanceof StoreUnavailable) || this.#since !== null) return;
    this.#since = this.#now();
    this.#log.lost(error.message);
  }

  /** The database answered (a refusal of the query itself is an answer too). */
  answered(): void {
    if (this.#since === null) return;
    const away = this.#now() - this.#since;
    this.#since = null;
    this.#log.back(away);
  }
}

export function watchStore(
  store: GameStore,
  metrics: ServerMetrics,
  log: OutageLog,
  now: () => number = Date.now,
): GameStore {
  const outage = new Outage(log, now);
  const observe = (promise: Promise<unknown>) =>
    promise.then(
      (value) => {
        outage.answered();
        return value;
      },
      (error: unknown) => {
        if (error instanceof StoreUnavailable) outage.failed(error);
        else outage.answered();
        throw error;
      },
    );
  // Every action passes here: one reaction does what `observe` and the timing would do in two.
  const appendAction: GameStore['appendAction'] = (...args) => {
    const started = performance.now();
    return store.appendAction(...args).then(
      () => {
        outage.answered();
        metrics.appended((performance.now() - started) / 1000);
      },
      (error: unknown) => {
        if (error instanceof StoreUnavailable) outage.failed(error);
        else outage.answered();
        throw error;
      },
    );
  };
  return watchCalls(store, observe, { players: watchCalls(store.players, observe), appendAction });
}

/**
 * `target` with each method's promise passed through `observe` (what returns no promise is left as it is),
 * and the properties `given` in their place. The methods run on `target` itself, whose private fields a
 * proxy as `this` could not reach.
 */
function watchCalls<T extends object>(
  target: T,
  observe: (promise: Promise<unknown>) => Promise<unknown>,
  given: Partial<T> = {},
): T {
  const made = new Map<string | symbol, unknown>(Object.entries(given));
  return new Proxy(target, {
    get(object, key) {
      if (made.has(key)) return made.get(key);
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        return result instanceof Promise ? observe(result) : result;
      };
      made.set(key, call);
      return call;
    },
  });
}

/** A failure logged on its own unless it is the store being away: the store's watch said that once already. */
export function warnUnlessStoreAway(
  log: FastifyBaseLogger,
  bindings: object,
  what: string,
  error: unknown,
): void {
  if (error instanceof StoreUnavailable) log.debug(bindings, `${what}: ${String(error)}`);
  else log.warn(bindings, `${what}: ${String(error)}`);
}
