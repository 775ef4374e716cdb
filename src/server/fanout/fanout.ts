/**
 * Telling every socket of a game that the game moved. In one process this is a map of listeners; a later
 * Redis implementation publishes the same notices across processes behind the same interface, so rooms
 * and sockets never know which one they use.
 */
import type { GameEvent } from '../../engine/index.ts';

/** 'moved': action `v` (1-based count) was applied with these events; 'presence': who is here changed. */
export type Notice =
  | { readonly kind: 'moved'; readonly v: number; readonly events: readonly GameEvent[] }
  | { readonly kind: 'presence' };

export type NoticeListener = (notice: Notice) => void;

export interface Fanout {
  publish(gameId: string, notice: Notice): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: NoticeListener): () => void;
}

export class LocalFanout implements Fanout {
  readonly #listeners = new Map<string, Set<NoticeListener>>();

  publish(gameId: string, notice: Notice): void {
    const listeners = this.#listeners.get(gameId);
    if (listeners === undefined) return;
    // A copy: a listener may unsubscribe while we deliver.
    for (const listener of [...listeners]) listener(notice);
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

  /** How many listeners a game has (tests, eviction). */
  listenerCount(gameId: string): number {
    return this.#listeners.get(gameId)?.size ?? 0;
  }
}
