/**
 * Telling every socket of a game that the game moved. In one process this is a map of listeners; the Redis
 * implementation (redis-fanout.ts) also sends the other processes that hold the game a hint (game id and v,
 * never a view), on which they catch up from the store and `deliver` to their own listeners. Rooms and
 * sockets never know which. A process hears a game's hints only while it holds the game (`hold`).
 */
import type { GameEvent, Seat } from '../../engine/index.ts';
import type { Emote } from '../../protocol/index.ts';

/**
 * 'moved': action `v` (1-based count) was applied with these events; 'presence': who is here changed;
 * 'emote': a seat sent one of the fixed emotes (nothing stored); 'rematch': the game's rematch changed in
 * the store (each socket reads where it stands).
 */
export type Notice =
  | { readonly kind: 'moved'; readonly v: number; readonly events: readonly GameEvent[] }
  | { readonly kind: 'presence' }
  | { readonly kind: 'emote'; readonly seat: Seat; readonly emote: Emote }
  | { readonly kind: 'rematch' };

/** Notices about the table itself (moves, seats, presence), as against what the players say to each other. */
export function aboutTheTable(notice: Notice): boolean {
  return notice.kind === 'moved' || notice.kind === 'presence';
}

export type NoticeListener = (notice: Notice) => void;

export interface Fanout {
  /** This process changed the game: tell its listeners here and the other processes. */
  publish(gameId: string, notice: Notice): void;
  /** This process learned of a change from the store (a catch-up): tell only its listeners here. */
  deliver(gameId: string, notice: Notice): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: NoticeListener): () => void;
  /**
   * This process holds the game from now until the returned release: it hears the other processes' hints
   * about it. Resolves once they are heard, so a game read from the store afterwards misses none.
   */
  hold(gameId: string): Promise<() => void>;
}

export class LocalFanout implements Fanout {
  readonly #listeners = new Map<string, Set<NoticeListener>>();

  publish(gameId: string, notice: Notice): void {
    const listeners = this.#listeners.get(gameId);
    if (listeners === undefined) return;
    // A copy: a listener may unsubscribe while we deliver.
    for (const listener of [...listeners]) listener(notice);
  }

  deliver(gameId: string, notice: Notice): void {
    this.publish(gameId, notice);
  }

  subscribe(gameId: string, listener: NoticeListener): () => void {
    let listeners = this.#listeners.get(gameId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(gameId, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.#listeners.get(gameId);
      if (current === undefined) return;
      current.delete(listener);
      if (current.size === 0) this.#listeners.delete(gameId);
    };
  }

  /** One process: there is nobody else to hear from. */
  async hold(): Promise<() => void> {
    return () => undefined;
  }

  /** How many listeners a game has (tests, eviction). */
  listenerCount(gameId: string): number {
    return this.#listeners.get(gameId)?.size ?? 0;
  }
}
