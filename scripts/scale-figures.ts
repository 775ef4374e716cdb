/**
 * Issue 16's figures, side by side for two checkouts (e.g. main before the change and this branch):
 *  1. start-up with N unfinished games stored (SQLite, and PostgreSQL when PG_URL is set): time to the
 *     ready line and the heap after it, median of three starts each, the checkouts alternating;
 *  2. Redis messages received per process (PG_URL and REDIS_URL set): three servers in this process, ten
 *     games played between A and B and ten on A alone, to version 20 each; C plays nothing.
 * A measurement, not a test: `npx tsx scripts/scale-figures.ts /work/main . --games 10000`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';

const args = process.argv.slice(2);
const roots = args.filter((a) => !a.startsWith('--') && !/^\d+$/.test(a)).map((r) => resolve(r));
const games = Number(args[args.indexOf('--games') + 1] ?? 10000) || 10000;
const pgUrl = process.env.PG_URL ?? null;
const redisUrl = process.env.REDIS_URL ?? null;

interface Checkout {
  readonly root: string;
  readonly startServer: (
    config: unknown,
    store?: unknown,
  ) => Promise<{ close(): Promise<void>; url: string }>;
  readonly testConfig: (dir: string, overrides: object) => object;
  readonly Sqlite: new (path: string) => Store;
  readonly Postgres: { open(options: object): Promise<Store> };
  readonly Redis: { prototype: { emit(event: string, ...rest: unknown[]): boolean } };
}

interface Store {
  createGame(game: object): Promise<void>;
  appendAction(id: string, seq: number, entry: object, over: boolean): Promise<void>;
  close(): Promise<void>;
}

async function load(root: string): Promise<Checkout> {
  const server = await import(join(root, 'src/server/server.ts'));
  const harness = await import(join(root, 'test/server/harness.ts'));
  const sqlite = await import(join(root, 'src/server/store/sqlite-store.ts'));
  const postgres = await import(join(root, 'src/server/store/postgres-store.ts'));
  const ioredis = await import(join(root, 'node_modules/ioredis/built/index.js'));
  return {
    root,
    startServer: server.startServer,
    testConfig: harness.testConfig,
    Sqlite: sqlite.SqliteGameStore,
    Postgres: postgres.PostgresGameStore,
    Redis: ioredis.Redis ?? ioredis.default.Redis,
  };
}

/** `count` unfinished games, each with both contributions stored (so a restore replays them). */
async function seed(store: Store, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = randomBytes(8).toString('hex');
    const seedText = randomBytes(32).toString('hex');
    await store.createGame({
      id,
      createdAt: Date.now(),
      options: { seed: seedText, chance: 'chacha20', entropy: 'seats', shots: 'quick' },
      seedHash: 'x',
      seats: {
        red: { holder: 'human', tokenHash: randomBytes(8).toString('hex'), level: null },
        blue: { holder: 'human', tokenHash: randomBytes(8).toString('hex'), level: null },
      },
      inviteHash: null,
      inviteUsed: false,
      over: false,
    });
    for (const [seq, seat] of (['red', 'blue'] as const).entries()) {
      const entropy = randomBytes(32).toString('hex');
      await store.appendAction(id, seq, { seat, action: { type: 'contribute', entropy } }, false);
    }
  }
}

const silent = new Writable({ write: (_c, _e, done) => done() });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function startUp(checkouts: Checkout[], backend: 'sqlite' | 'postgres'): Promise<void> {
  const places = await Promise.all(
    checkouts.map(async (c, i) => {
      const dir = mkdtempSync(join(tmpdir(), 'pirates-figures-'));
      const schema = `figures_${i}_${randomBytes(3).toString('hex')}`;
      const open = () =>
        backend === 'sqlite'
          ? Promise.resolve(new c.Sqlite(join(dir, 'games.sqlite')))
          : c.Postgres.open({ url: pgUrl, schema, poolSize: 4 });
      const store = await open();
      await seed(store, games);
      await store.close();
      return { c, dir, schema, open };
    }),
  );
  const times = places.map(() => [] as number[]);
  const heaps = places.map(() => [] as number[]);
  for (let round = 0; round < 3; round++) {
    for (const [i, place] of places.entries()) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const store = await place.open();
      const server = await place.c.startServer(
        place.c.testConfig(place.dir, { logLevel: 'silent', logStream: silent }),
        store,
      );
      times[i]?.push(performance.now() - started);
      global.gc?.();
      heaps[i]?.push((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);
      await server.close();
    }
  }
  for (const [i, place] of places.entries()) {
    console.log(
      `${backend}, ${games} unfinished games, ${place.c.root}: start-up ${median(times[i] ?? []).toFixed(0)} ms (runs ${times[i]?.map((t) => t.toFixed(0)).join(', ')}), heap held after start ${median(heaps[i] ?? []).toFixed(1)} MiB`,
    );
    rmSync(place.dir, { recursive: true, force: true });
    if (backend === 'postgres') {
      const client = new pg.Client(pgUrl ?? '');
      await client.connect();
      await client.query(`DROP SCHEMA "${place.schema}" CASCADE`);
      await client.end();
    }
  }
}

async function hints(c: Checkout): Promise<void> {
  const { SteadyPlayer } = await import('../test/scale/steady-player.ts');
  const harness = await import(join(c.root, 'test/server/harness.ts'));
  // Every message a Redis connection receives on a subscription, by connection.
  const received = new Map<object, number>();
  const emit = c.Redis.prototype.emit;
  c.Redis.prototype.emit = function (this: object, event: string, ...rest: unknown[]) {
    // 'ready' first: the connections in the order they opened (each server's publisher, then subscriber).
    if (event === 'ready' && !received.has(this)) received.set(this, 0);
    if (event === 'message' || event === 'smessage') received.set(this, (received.get(this) ?? 0) + 1);
    return emit.call(this, event, ...rest);
  };
  const schema = `figures_hints_${randomBytes(3).toString('hex')}`;
  const config = {
    databaseUrl: pgUrl,
    databaseSchema: schema,
    redisUrl,
    redisPrefix: `figures:${schema}:`,
    logLevel: 'silent',
    logStream: silent,
  };
  const servers = [];
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'pirates-figures-'));
    servers.push(await c.startServer(c.testConfig(dir, config)));
  }
  // The connections as created, two per server (publisher, subscriber), server by server.
  const base = new Map<object, number>();
  const play = async (a: number, b: number, n: number) => {
    const ua = servers[a]?.url ?? '';
    const ub = servers[b]?.url ?? '';
    const created = await harness.createGame(ua, { opponent: 'friend', seat: 'red' });
    const joined = await harness.post(ub, `/api/games/${created.gameId}/join`, { invite: created.invite });
    const red = new SteadyPlayer(() => harness.Client.open(ua, created.gameId), created.token, `r${n}`);
    const blue = new SteadyPlayer(() => harness.Client.open(ub, created.gameId), joined.body.token, `b${n}`);
    await Promise.all([red.playUntil(20), blue.playUntil(20)]);
    await Promise.all([red.close(), blue.close()]);
  };
  for (const [key, value] of received) base.set(key, value);
  const work = [];
  for (let n = 0; n < 10; n++) work.push(play(0, 1, n), play(0, 0, 100 + n));
  await Promise.all(work);
  await new Promise((r) => setTimeout(r, 500));
  const connections = [...received.keys()];
  const counts = connections.map((k) => (received.get(k) ?? 0) - (base.get(k) ?? 0));
  const perServer = [0, 1, 2].map((i) => (counts[2 * i] ?? 0) + (counts[2 * i + 1] ?? 0));
  console.log(
    `Redis messages received, ${c.root}: A ${perServer[0]}, B ${perServer[1]}, C ${perServer[2]} (connections: ${counts.join(', ')})`,
  );
  for (const server of servers) await server.close();
  c.Redis.prototype.emit = emit;
  const client = new pg.Client(pgUrl ?? '');
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

const checkouts = [];
for (const root of roots) checkouts.push(await load(root));
await startUp(checkouts, 'sqlite');
if (pgUrl !== null) await startUp(checkouts, 'postgres');
if (pgUrl !== null && redisUrl !== null) for (const c of checkouts) await hints(c);
process.exit(0);
