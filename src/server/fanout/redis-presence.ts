/**
 * Presence across processes: one Redis hash per game, a field `seat:process` per seat a process has a
 * socket on, valued with the time it expires. Each process renews its fields every few seconds, so a
 * killed process's players look away once their fields expire (PRESENCE_TTL_MS). Readers keep the last
 * answer per game and read again on a presence hint and while somebody elsewhere is counted. Spectators
 * are a field `watchers:process` per process valued `expiry/count`.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type BySeat, SEATS, type Seat } from '../../engine/index.ts';
import type { SharedPresence } from '../rooms/shared-presence.ts';

export const PRESENCE_TTL_MS = 10_000;
const RENEW_MS = PRESENCE_TTL_MS / 3;

export class RedisPresence implements SharedPresence {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #owner = randomBytes(8).toString('hex');
  /** `gameId seat` this process has sockets on. */
  readonly #mine = new Map<string, { gameId: string; seat: Seat }>();
  readonly #elsewhere = new Map<string, BySeat<boolean>>();
  /** Spectator sockets this process has, by game. */
  readonly #myWatchers = new Map<string, number>();
  readonly #watchersElsewhere = new Map<string, number>();
  readonly #changed: (gameId: string) => void;
  readonly #timer: NodeJS.Timeout;

  /** `changed` hears of games whose presence elsewhere changed on a periodic re-read. */
  constructor(redis: Redis, prefix: string, changed: (gameId: string) => void) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#changed = changed;
    this.#timer = setInterval(() => void this.#renew(), RENEW_MS);
    this.#timer.unref();
  }

  report(gameId: string, seat: Seat, here: boolean): void {
    const key = `${gameId} ${seat}`;
    if (here) this.#mine.set(key, { gameId, seat });
    else this.#mine.delete(key);
    const hash = this.#key(gameId);
    const field = `${seat}:${this.#owner}`;
    const write = here
      ? this.#redis
          .multi()
          .hset(hash, field, Date.now() + PRESENCE_TTL_MS)
          .pexpire(hash, PRESENCE_TTL_MS * 3)
          .exec()
      : this.#redis.hdel(hash, field);
    // Redis down: the other processes see the seat away a little early, until it is back.
    write.catch(() => undefined);
  }

  reportWatchers(gameId: string, count: number): void {
    if (count > 0) this.#myWatchers.set(gameId, count);
    else this.#myWatchers.delete(gameId);
    const hash = this.#key(gameId);
    const field = `watchers:${this.#owner}`;
    const write =
      count > 0
        ? this.#redis
            .multi()
            .hset(hash, field, `${Date.now() + PRESENCE_TTL_MS}/${count}`)
            .pexpire(hash, PRESENCE_TTL_MS * 3)
            .exec()
        : this.#redis.hdel(hash, field);
    write.catch(() => undefined);
  }

  watchersElsewhere(gameId: string): number {
    return this.#watchersElsewhere.get(gameId) ?? 0;
  }

  elsewhere(gameId: string, seat: Seat): boolean {
    return this.#elsewhere.get(gameId)?.[seat] ?? false;
  }

  async refresh(gameId: string): Promise<void> {
    await this.#read(gameId);
  }

  forget(gameId: string): void {
    this.#elsewhere.delete(gameId);
    this.#watchersElsewhere.delete(gameId);
  }

  stop(): void {
    clearInterval(this.#timer);
    for (const { gameId, seat } of this.#mine.values()) this.report(gameId, seat, false);
    for (const gameId of [...this.#myWatchers.keys()]) this.reportWatchers(gameId, 0);
  }

  /** Renews this process's fields and re-reads the games where someone elsewhere was counted. */
  async #renew(): Promise<void> {
    try {
      const pipeline = this.#redis.pipeline();
      for (const { gameId, seat } of this.#mine.values()) {
        pipeline.hset(this.#key(gameId), `${seat}:${this.#owner}`, Date.now() + PRESENCE_TTL_MS);
        pipeline.pexpire(this.#key(gameId), PRESENCE_TTL_MS * 3);
      }
      for (const [gameId, count] of this.#myWatchers) {
        pipeline.hset(
          this.#key(gameId),
          `watchers:${this.#owner}`,
          `${Date.now() + PRESENCE_TTL_MS}/${count}`,
        );
        pipeline.pexpire(this.#key(gameId), PRESENCE_TTL_MS * 3);
      }
      await pipeline.exec();
      const counted = [...this.#elsewhere].filter(
        ([gameId, seats]) => SEATS.some((seat) => seats[seat]) || this.watchersElsewhere(gameId) > 0,
      );
      // All at once (the client pipelines them into one write), not one round trip after another.
      await Promise.all(
        counted.map(async ([gameId]) => {
          if (await this.#read(gameId)) this.#changed(gameId);
        }),
      );
    } catch {
      // Redis is down: try again at the next tick.
    }
  }

  /** True when the answer changed. */
  async #read(gameId: string): Promise<boolean> {
    const fields = await this.#redis.hgetall(this.#key(gameId));
    const now = Date.now();
    const seen: BySeat<boolean> = { red: false, blue: false };
    let watchers = 0;
    for (const [field, value] of Object.entries(fields)) {
      const [seat, owner] = field.split(':');
      const [expires, count] = value.split('/');
      if (owner === this.#owner || Number(expires) < now) continue;
      if (seat === 'red' || seat === 'blue') seen[seat] = true;
      if (seat === 'watchers') watchers += Number(count) || 0;
    }
    const before = this.#elsewhere.get(gameId);
    const watchersBefore = this.watchersElsewhere(gameId);
    this.#elsewhere.set(gameId, seen);
    if (watchers > 0) this.#watchersElsewhere.set(gameId, watchers);
    else this.#watchersElsewhere.delete(gameId);
    if (watchers !== watchersBefore) return true;
    return before === undefined
      ? seen.red || seen.blue
      : before.red !== seen.red || before.blue !== seen.blue;
  }

  #key(gameId: string): string {
    return `${this.#prefix}present:${gameId}`;
  }
}
