/**
 * Emotes per player: at most EMOTE_BURST at once, then one every 1 / EMOTES_PER_SECOND seconds, counted per
 * seat of a game, so a page with several tabs gets no more. Without Redis each process counts alone (kept
 * beside the room and let go with it); with Redis every process counts in one key per seat,
 * `<prefix>emote:<game>:<seat>`, so a player with tabs on two processes gets no more either.
 *
 * The shared count is GCRA, the token bucket's arithmetic kept as one timestamp (the "theoretical arrival
 * time"): one short script, atomic in Redis, on Redis's own clock so the processes' clocks need not agree. If
 * Redis cannot be reached the process's own count decides (a player then gets at most one allowance per
 * process, never an unlimited one).
 */

import type { BySeat, Seat } from '../../engine/index.ts';
import type { RedisConnection } from '../fanout/redis-client.ts';
import type { Room } from '../rooms/room.ts';
import { TokenBucket } from './rate-limit.ts';

export const EMOTE_BURST = 3;
export const EMOTES_PER_SECOND = 0.2;

/** Counts emotes: true when `seat` of `room` may send one now (and counts it). */
export interface EmoteLimit {
  take(room: Room, seat: Seat): Promise<boolean>;
}

/** One process's count, per room and seat. */
export class LocalEmoteLimit implements EmoteLimit {
  readonly #buckets = new WeakMap<Room, BySeat<TokenBucket>>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async take(room: Room, seat: Seat): Promise<boolean> {
    let seats = this.#buckets.get(room);
    if (seats === undefined) {
      seats = {
        red: new TokenBucket(EMOTES_PER_SECOND, EMOTE_BURST, this.#now),
        blue: new TokenBucket(EMOTES_PER_SECOND, EMOTE_BURST, this.#now),
      };
      this.#buckets.set(room, seats);
    }
    return seats[seat].take();
  }
}

/**
 * KEYS[1]: the seat's key; ARGV[1]: ms between emotes; ARGV[2]: the burst. Returns 1 (allowed, counted) or 0.
 * The key holds when the seat's allowance will be whole again, and expires then.
 */
const GCRA = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local after = tat + interval
if after - now > interval * tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], after, 'PX', after - now)
return 1
`;

/** Every process's count in Redis; the process's own when Redis fails. */
export class RedisEmoteLimit implements EmoteLimit {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #fallback: EmoteLimit;
  readonly #failed: (message: string) => void;

  constructor(
    redis: RedisConnection,
    prefix: string,
    fallback: EmoteLimit,
    failed: (message: string) => void,
  ) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#fallback = fallback;
    this.#failed = failed;
  }

  async take(room: Room, seat: Seat): Promise<boolean> {
    try {
      const key = `${this.#prefix}emote:${room.id}:${seat}`;
      const allowed = await this.#redis.eval(GCRA, 1, key, 1000 / EMOTES_PER_SECOND, EMOTE_BURST);
      return allowed === 1;
    } catch (error) {
      this.#failed(error instanceof Error ? error.message : String(error));
      return this.#fallback.take(room, seat);
    }
  }
}
