/**
 * Presence across processes: one Redis hash per game, a field `seat:process` per seat a process has a
 * socket on and `watchers:process` valued with its count of spectators. Whether a field still counts is
 * whether its process is alive: each process keeps one key of its own, `alive:process`, that expires
 * unless renewed (PRESENCE_TTL_MS), so a killed process's players look away once its key is gone.
 *
 * One key per process, not a renewed expiry per field: renewing every seat's field every few seconds was
 * 1.2 Redis commands a second per game at a person's pace, twelve times the game's moves, and most of what
 * Redis did (docs/deploy.md). Now a process renews one key, and asks after the processes it counted on
 * other games, whatever its number of games. The hashes themselves expire after HASH_TTL_MS unless touched,
 * so a game nobody holds leaves nothing behind; a reader deletes the fields of a process found dead.
 *
 * Readers keep the last answer per game and read again on a presence hint, and when a process they counted
 * is found dead. Redis restarted (the key renewed was not there any more) means every field is written again.
 */
import { randomBytes } from 'node:crypto';
import { type BySeat, SEATS, type Seat } from '../../engine/index.ts';
import type { SharedPresence } from '../rooms/shared-presence.ts';
import type { RedisConnection } from './redis-client.ts';

export const PRESENCE_TTL_MS = 10_000;
const RENEW_MS = PRESENCE_TTL_MS / 3;
/** A game's hash lives this long after this process last touched it (renewed at a quarter of it). */
const HASH_TTL_MS = 60 * 60_000;

/** What a reader heard of a game: who is connected elsewhere, and which processes said so. */
interface Heard {
  readonly seats: BySeat<boolean>;
  readonly watchers: number;
  readonly owners: ReadonlySet<string>;
}

export class RedisPresence implements SharedPresence {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #owner = randomBytes(8).toString('hex');
  /** `gameId seat` this process has sockets on. */
  readonly #mine = new Map<string, { gameId: string; seat: Seat }>();
  /** Spectator sockets this process has, by game. */
  readonly #myWatchers = new Map<string, number>();
  /** When this process last set the expiry of a game's hash, by game (its own fields' games only). */
  readonly #touched = new Map<string, number>();
  readonly #elsewhere = new Map<string, Heard>();
  readonly #changed: (gameId: string) => void;
  readonly #rewritten: (gameId: string) => void;
  readonly #timer: NodeJS.Timeout;
  /** This process's alive key was set once: finding it gone afterwards means Redis lost it. */
  #announced = false;
  /** Every field must be written again (Redis lost them, or a shard was away): until a renewal manages it. */
  #rewrite = false;

  /**
   * `changed` hears of games whose presence elsewhere changed because a process there died; `rewritten`
   * of games whose fields this process wrote again after Redis lost them (the others must read them again).
   */
  constructor(
    redis: RedisConnection,
    prefix: string,
    hooks: { changed: (gameId: string) => void; rewritten: (gameId: string) => void },
  ) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#changed = hooks.changed;
    this.#rewritten = hooks.rewritten;
    this.#timer = setInterval(() => void this.#renew(), RENEW_MS);
    this.#timer.unref();
    void this.#renew();
  }

  report(gameId: string, seat: Seat, here: boolean): void {
    const key = `${gameId} ${seat}`;
    if (here) this.#mine.set(key, { gameId, seat });
    else this.#mine.delete(key);
    this.#write(gameId, `${seat}:${this.#owner}`, here ? '1' : null);
  }

  reportWatchers(gameId: string, count: number): void {
    if (count > 0) this.#myWatchers.set(gameId, count);
    else this.#myWatchers.delete(gameId);
    this.#write(gameId, `watchers:${this.#owner}`, count > 0 ? String(count) : null);
  }

  watchersElsewhere(gameId: string): number {
    return this.#elsewhere.get(gameId)?.watchers ?? 0;
  }

  elsewhere(gameId: string, seat: Seat): boolean {
    return this.#elsewhere.get(gameId)?.seats[seat] ?? false;
  }

  async refresh(gameId: string): Promise<void> {
    await this.#read(gameId);
  }

  forget(gameId: string): void {
    this.#elsewhere.delete(gameId);
  }

  /**
   * Redis was away (on a cluster, perhaps one shard, which may have come back empty while this process's
   * alive key, on another, did not): every field this process holds is written again now.
   */
  back(): void {
    this.#rewrite = true;
    void this.#renew();
  }

  stop(): void {
    clearInterval(this.#timer);
    for (const { gameId, seat } of this.#mine.values()) this.report(gameId, seat, false);
    for (const gameId of [...this.#myWatchers.keys()]) this.reportWatchers(gameId, 0);
    this.#redis.del(this.#aliveKey(this.#owner)).catch(() => undefined);
  }

  /** Sets (or, with null, deletes) one of this process's fields, and keeps the hash from expiring. */
  #write(gameId: string, field: string, value: string | null): void {
    const hash = this.#key(gameId);
    if (value === null) {
      if (!this.#holds(gameId)) this.#touched.delete(gameId);
      // Redis down: the other processes see the seat away a little early, until it is back.
      this.#redis.hdel(hash, field).catch(() => undefined);
      return;
    }
    this.#touched.set(gameId, Date.now());
    this.#redis
      .multi()
      .hset(hash, field, value)
      .pexpire(hash, HASH_TTL_MS)
      .exec()
      .catch(() => undefined);
  }

  #holds(gameId: string): boolean {
    return this.#myWatchers.has(gameId) || SEATS.some((seat) => this.#mine.has(`${gameId} ${seat}`));
  }

  /**
   * Every few seconds: renews this process's alive key (and, rarely, its games' hashes' expiry), writes
   * every field again if Redis lost them, and asks whether the processes counted elsewhere are still alive.
   */
  async #renew(): Promise<void> {
    try {
      const previous = await this.#redis.set(this.#aliveKey(this.#owner), '1', 'PX', PRESENCE_TTL_MS, 'GET');
      const lost = (this.#announced && previous === null) || this.#rewrite;
      this.#announced = true;
      const now = Date.now();
      // Each command names one game's key (on a Redis Cluster, keys of many slots): sent together, they go in
      // one write per connection (auto-pipelining), where a pipeline would be refused across slots.
      const writes: Promise<unknown>[] = [];
      if (lost) {
        for (const { gameId, seat } of this.#mine.values())
          writes.push(this.#redis.hset(this.#key(gameId), `${seat}:${this.#owner}`, '1'));
        for (const [gameId, count] of this.#myWatchers)
          writes.push(this.#redis.hset(this.#key(gameId), `watchers:${this.#owner}`, String(count)));
      }
      for (const [gameId, touched] of this.#touched) {
        if (!lost && now - touched < HASH_TTL_MS / 4) continue;
        this.#touched.set(gameId, now);
        writes.push(this.#redis.pexpire(this.#key(gameId), HASH_TTL_MS));
      }
      // Every write is tried; one refused (a shard away) leaves the rewrite to the next renewal.
      const refused = (await Promise.allSettled(writes)).some((write) => write.status === 'rejected');
      this.#rewrite = lost && refused;
      if (lost) {
        const games = new Set([...this.#mine.values()].map(({ gameId }) => gameId));
        for (const gameId of this.#myWatchers.keys()) games.add(gameId);
        for (const gameId of games) this.#rewritten(gameId);
      }
      await this.#checkOwners();
    } catch {
      // Redis is down: try again at the next tick.
    }
  }

  /** Reads again the games where a process that is gone had been counted. */
  async #checkOwners(): Promise<void> {
    const owners = new Set<string>();
    for (const heard of this.#elsewhere.values()) for (const owner of heard.owners) owners.add(owner);
    if (owners.size === 0) return;
    const alive = await this.#alive([...owners]);
    const dead = [...owners].filter((owner) => !alive.has(owner));
    if (dead.length === 0) return;
    const games = [...this.#elsewhere]
      .filter(([, heard]) => dead.some((owner) => heard.owners.has(owner)))
      .map(([gameId]) => gameId);
    // All at once (the client pipelines them into one write), not one round trip after another.
    await Promise.all(
      games.map(async (gameId) => {
        if (await this.#read(gameId)) this.#changed(gameId);
      }),
    );
  }

  async #alive(owners: readonly string[]): Promise<Set<string>> {
    if (owners.length === 0) return new Set();
    // One GET per owner, sent together: an MGET of keys in different slots is refused by a Redis Cluster.
    const values = await Promise.all(owners.map((owner) => this.#redis.get(this.#aliveKey(owner))));
    return new Set(owners.filter((_, i) => values[i] !== null));
  }

  /** True when the answer changed. */
  async #read(gameId: string): Promise<boolean> {
    const hash = this.#key(gameId);
    const fields = Object.entries(await this.#redis.hgetall(hash))
      .map(([field, value]) => {
        const [kind, owner] = field.split(':');
        return { field, kind, owner, value };
      })
      .filter((entry) => entry.owner !== undefined && entry.owner !== this.#owner);
    const alive = await this.#alive([...new Set(fields.map((entry) => entry.owner ?? ''))]);
    const seats: BySeat<boolean> = { red: false, blue: false };
    let watchers = 0;
    const owners = new Set<string>();
    const gone: string[] = [];
    for (const { field, kind, owner, value } of fields) {
      if (owner === undefined || !alive.has(owner)) {
        gone.push(field);
        continue;
      }
      owners.add(owner);
      if (kind === 'red' || kind === 'blue') seats[kind] = true;
      if (kind === 'watchers') watchers += Number(value) || 0;
    }
    // A dead process's fields: nobody will delete them but a reader.
    if (gone.length > 0) this.#redis.hdel(hash, ...gone).catch(() => undefined);
    const before = this.#elsewhere.get(gameId);
    this.#elsewhere.set(gameId, { seats, watchers, owners });
    if (before === undefined) return seats.red || seats.blue || watchers > 0;
    return before.seats.red !== seats.red || before.seats.blue !== seats.blue || before.watchers !== watchers;
  }

  #key(gameId: string): string {
    return `${this.#prefix}present:${gameId}`;
  }

  #aliveKey(owner: string): string {
    return `${this.#prefix}alive:${owner}`;
  }
}
