/**
 * The computer-seat lease across processes: `SET key owner NX PX ms` in Redis, so of all the processes
 * holding a game exactly one wins a given `(game, seat, v)` for `ms`. With Redis unreachable nobody wins
 * and the computer waits (it tries again); the action log's `(game, seq)` uniqueness still guards the store.
 */
import { randomBytes } from 'node:crypto';
import type { Seat } from '../../engine/index.ts';
import type { RedisConnection } from '../fanout/redis-client.ts';
import type { SeatLease } from './seat-lease.ts';

export class RedisLease implements SeatLease {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #ms: number;
  readonly #owner = randomBytes(8).toString('hex');

  constructor(redis: RedisConnection, prefix: string, ms: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#ms = ms;
  }

  async claim(gameId: string, seat: Seat, v: number): Promise<boolean> {
    try {
      const set = await this.#redis.set(
        `${this.#prefix}lease:${gameId}:${seat}:${v}`,
        this.#owner,
        'PX',
        this.#ms,
        'NX',
      );
      return set === 'OK';
    } catch {
      return false;
    }
  }
}
