/**
 * Issue 30 item 7: 155 processes with 10 connections each are 1,550 connections, against PostgreSQL's 100.
 * PgBouncer in transaction mode lets them share a few: two processes with 10 each, started at once (the
 * migrations' advisory lock is a transaction's), play games through a PgBouncer that keeps 2 connections to
 * PostgreSQL. Named statements must be off there (DATABASE_PREPARED_STATEMENTS=false): with them, a statement
 * prepared on one server connection is missing on the next transaction's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { PostgresGameStore } from '../../src/server/store/postgres-store.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  startTestServer,
  type TestServer,
} from '../server/harness.ts';
import { playRandomly } from '../server/players.ts';
import { OwnPgBouncer, pgbouncerBinary } from './own-pgbouncer.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = (await skipWithoutServices('pgbouncer-pg.test.ts')) || pgbouncerMissing();
const isolated = isolation('pgbouncer');
const SERVER_CONNECTIONS = 2;
let bouncer: OwnPgBouncer;
let servers: TestServer[] = [];

function pgbouncerMissing(): boolean {
  if (pgbouncerBinary() !== null) return false;
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') {
    throw new Error('pgbouncer-pg.test.ts cannot run under CI: no pgbouncer (.ci/run installs it)');
  }
  console.warn('PgBouncer test skipped: no pgbouncer binary (apt-get install pgbouncer)');
  describe.skip('PgBouncer test skipped: no pgbouncer binary', () => {
    it('needs pgbouncer', () => undefined);
  });
  return true;
}

/** The server connections PgBouncer holds to PostgreSQL, as pg_stat_activity sees them (its own port's). */
async function serverConnections(): Promise<number> {
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    // PgBouncer's connections come from 127.0.0.1 with no application_name of the servers' own.
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
       AND backend_type = 'client backend' AND application_name = '' AND query LIKE '%' || $1 || '%'`,
      [isolated.schema],
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

if (!skip) {
  beforeAll(async () => {
    bouncer = await OwnPgBouncer.start(PG_TEST_URL, {
      poolMode: 'transaction',
      poolSize: SERVER_CONNECTIONS,
    });
    const through = { ...isolated.config, databaseUrl: bouncer.urlFor(PG_TEST_URL), databasePool: 10 };
    servers = await Promise.all(
      [0, 1].map(() => startTestServer({ ...through, databasePreparedStatements: false, turnLimit: 120 })),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    bouncer?.stop();
    await bouncer?.stopped();
    await isolated.drop();
  });

  describe('PostgreSQL through PgBouncer in transaction mode', () => {
    it('two processes of 10 connections each play games over 2 server connections', async () => {
      const [a, b] = servers;
      if (a === undefined || b === undefined) throw new Error('no servers');
      const games = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const created = await createGame(a.url, { opponent: 'friend', seat: 'red', turnLimit: 120 });
          const joined = await post<JoinGameResponse>(b.url, `/api/games/${created.gameId}/join`, {
            invite: created.invite,
          });
          const red = await Client.open(a.url, created.gameId);
          await red.ask(hello(created.token), isState);
          const blue = await Client.open(b.url, created.gameId);
          await blue.ask(hello(joined.body.token), isState);
          const played = await Promise.all([
            playRandomly(red, `bouncer-red-${i}`),
            playRandomly(blue, `bouncer-blue-${i}`),
          ]);
          await Promise.all([red.close(), blue.close()]);
          return { gameId: created.gameId, played: played[0] + played[1] };
        }),
      );
      for (const game of games) {
        const fromA = await get<RecordResponse>(a.url, `/api/games/${game.gameId}/record`);
        const fromB = await get<RecordResponse>(b.url, `/api/games/${game.gameId}/record`);
        expect(fromA.status).toBe(200);
        expect(fromB.body).toEqual(fromA.body);
        // Every acknowledged action is in the record (it also holds the setups' and the end's).
        expect(fromA.body.record.actions.length).toBeGreaterThanOrEqual(game.played);
        expect(fromA.body.outcome).not.toBeNull();
      }
      // However many connections the processes opened to PgBouncer, PostgreSQL saw at most its pool.
      const seen = await serverConnections();
      expect(seen).toBeGreaterThanOrEqual(1);
      expect(seen).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    });

    it('with named statements on, transaction pooling breaks: why the setting exists', async () => {
      // Two processes' stores, named statements on (the default): one after the other, each prepares the
      // per-move read on the server connection PgBouncer hands it, the most recently used one, the same.
      const stores = await Promise.all(
        [0, 1].map(() =>
          PostgresGameStore.open({ url: bouncer.urlFor(PG_TEST_URL), schema: isolated.schema, poolSize: 1 }),
        ),
      );
      try {
        const failures: string[] = [];
        for (let i = 0; i < 4; i++) {
          for (const store of stores)
            await store.load('no-such-game').catch((error) => failures.push(String(error)));
        }
        expect(failures.join('\n')).toMatch(/prepared statement ".*" (does not exist|already exists)/);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });
  });
}
