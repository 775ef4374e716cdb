/**
 * Looking back (`history`, `review`) replays a game: for a long game tens of milliseconds and a message of
 * hundreds of kilobytes. Many sockets asking the same thing would each pay that (issue 35: 60 spectator sockets
 * of one address took half a core and slowed every other game), so a game's look-backs are made once and
 * shared: its history once per version and viewer, its reviews once per move and viewer (the last few kept),
 * as the bytes to send. And every address has one budget of look-backs a second for all its sockets.
 */

import type { GameState, Viewer } from '../../engine/index.ts';
import { TokenBucket } from '../socket/rate-limit.ts';
import type { Room } from './room.ts';

/** Reviews kept per game: a replay steps back and forth around a few moves. */
const REVIEWS_KEPT = 16;

/** One game's look-backs, ready to send. */
export class LookBackCache {
  /** The history made for each viewer, with the state it was made from (a new move makes a new state). */
  readonly #histories = new Map<Viewer, { state: GameState; bytes: Buffer }>();
  /** Reviews by `${v}:${viewer}`, least recently asked first; a move's review never changes (logs only grow). */
  readonly #reviews = new Map<string, Buffer>();

  history(state: GameState, viewer: Viewer, make: () => string): Buffer {
    const kept = this.#histories.get(viewer);
    if (kept?.state === state) return kept.bytes;
    const bytes = this.#make(make);
    this.#histories.set(viewer, { state, bytes });
    return bytes;
  }

  review(v: number, viewer: Viewer, make: () => string): Buffer {
    const key = `${v}:${viewer}`;
    const kept = this.#reviews.get(key);
    if (kept !== undefined) {
      this.#reviews.delete(key);
      this.#reviews.set(key, kept);
      return kept;
    }
    const bytes = this.#make(make);
    this.#reviews.set(key, bytes);
    if (this.#reviews.size > REVIEWS_KEPT) {
      const oldest = this.#reviews.keys().next().value;
      if (oldest !== undefined) this.#reviews.delete(oldest);
    }
    return bytes;
  }

  #make(make: () => string): Buffer {
    made++;
    return Buffer.from(make(), 'utf8');
  }
}

/** Look-backs made rather than shared, in this process (tests read it: the work does not grow with askers). */
let made = 0;

export function lookBacksMade(): number {
  return made;
}

/** Each room's cache, gone with the room when it leaves memory. */
const caches = new WeakMap<Room, LookBackCache>();

export function lookBacksOf(room: Room): LookBackCache {
  let cache = caches.get(room);
  if (cache === undefined) {
    cache = new LookBackCache();
    caches.set(room, cache);
  }
  return cache;
}

/** Addresses remembered at most; the least recently seen is forgotten first. */
const ADDRESSES_KEPT = 10_000;

/** Look-backs a second per address, over all its sockets and games (the burst: four seconds' worth). */
export class LookBackBudget {
  readonly #perSecond: number;
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(perSecond: number) {
    this.#perSecond = perSecond;
  }

  get perSecond(): number {
    return this.#perSecond;
  }

  take(address: string): boolean {
    let bucket = this.#buckets.get(address);
    if (bucket === undefined) {
      bucket = new TokenBucket(this.#perSecond, 4 * this.#perSecond);
      if (this.#buckets.size >= ADDRESSES_KEPT) {
        const oldest = this.#buckets.keys().next().value;
        if (oldest !== undefined) this.#buckets.delete(oldest);
      }
    } else this.#buckets.delete(address);
    this.#buckets.set(address, bucket);
    return bucket.take();
  }
}
