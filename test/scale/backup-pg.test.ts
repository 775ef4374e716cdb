/**
 * Issue 30 item 6: backup and restore as docs/deploy.md ("Backup and restore") says, with pg_dump and
 * pg_restore. A deployment's schema with a rated game played out, an unfinished game and two players is
 * dumped while its server runs, restored into another database, and every table reads back identical; a
 * server on the copy serves the same records and ratings, and the unfinished game is played on to its end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JoinGameResponse,
  PlayerPage,
  PlayerSummary,
  RecordResponse,
} from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  startTestServer,
  type TestServer,
  tempDir,
} from '../server/harness.ts';
import { lobbyPost, pairThroughLobby } from '../server/lobby-client.ts';
import { playRandomly, setUpUntilPlay } from '../server/players.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('backup-pg.test.ts');
const isolated = isolation('backup');
const copy = `pirates_restore_${randomBytes(4).toString('hex')}`;
const TABLES = [
  'games',
  'actions',
  'players',
  'seat_players',
  'game_results',
  'rematches',
  'seeks',
  'schema_migrations',
];
let server: TestServer;
let restored: TestServer | undefined;

function urlOf(database: string): string {
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The commands of docs/deploy.md, "Backup and restore", with this test's schema, file and databases. */
function backUp(file: string): void {
  execFileSync('pg_dump', ['--format=custom', `--schema=${isolated.schema}`, `--file=${file}`, PG_TEST_URL], {
    stdio: 'pipe',
    timeout: PATIENCE_MS,
  });
}
function restore(file: string, database: string): void {
  execFileSync('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${urlOf(database)}`, file], {
    stdio: 'pipe',
    timeout: PATIENCE_MS,
  });
}

/** Every row of every table of the schema in `database`, in key order, as JSON text (exact, no rounding). */
async function tables(database: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    const rows: Record<string, string[]> = {};
    for (const table of TABLES) {
      const result = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${isolated.schema}".${table} t ORDER BY 1`,
      );
      rows[table] = result.rows.map((r) => r.row);
    }
    return rows;
  } finally {
    await client.end();
  }
}

async function identity(): Promise<{ secret: string; id: string }> {
  const secret = randomBytes(32).toString('base64url');
  const made = await lobbyPost<PlayerSummary>(server.url, '/api/players', { secret });
  expect(made.status).toBe(201);
  return { secret, id: made.body.id };
}

if (!skip) {
  beforeAll(async () => {
    server = await startTestServer({ ...isolated.config, turnLimit: 40 });
  });
  afterAll(async () => {
    await restored?.stop();
    await server?.stop();
    const admin = new pg.Client({ connectionString: PG_TEST_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await admin.end();
    await isolated.drop();
  });

  describe('backup and restore with pg_dump and pg_restore', () => {
    it('a dump restored elsewhere holds identical records, and a server on it plays on', async () => {
      // A rated game between two players, played out.
      const [a, b] = [await identity(), await identity()];
      const paired = await pairThroughLobby(
        { base: server.url, secret: a.secret },
        { base: server.url, secret: b.secret },
        {},
      );
      const first = await Client.open(server.url, paired.gameId);
      await first.ask(hello(paired.first.token), isState);
      const second = await Client.open(server.url, paired.gameId);
      await second.ask(hello(paired.second.token), isState);
      await Promise.all([playRandomly(first, 'backup-a'), playRandomly(second, 'backup-b')]);
      await Promise.all([first.close(), second.close()]);
      await expect
        .poll(async () => (await get<PlayerPage>(server.url, `/api/players/${a.id}`)).body.rating.games)
        .toBe(1);
      // A friend game left unfinished once both seats are set up.
      const open = await createGame(server.url, { opponent: 'friend', seat: 'red', turnLimit: 40 });
      const joined = await post<JoinGameResponse>(server.url, `/api/games/${open.gameId}/join`, {
        invite: open.invite,
      });
      const red = await Client.open(server.url, open.gameId);
      await red.ask(hello(open.token), isState);
      const blue = await Client.open(server.url, open.gameId);
      await blue.ask(hello(joined.body.token), isState);
      await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
      await Promise.all([red.close(), blue.close()]);

      // Dumped while the server runs (pg_dump reads one snapshot), restored into a new database.
      const file = join(tempDir(), 'pirates.dump');
      backUp(file);
      const admin = new pg.Client({ connectionString: PG_TEST_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${copy}`);
      await admin.end();
      restore(file, copy);
      const original = await tables(new URL(PG_TEST_URL).pathname.slice(1));
      expect(original.actions?.length).toBeGreaterThan(20);
      expect(original.players).toHaveLength(2);
      expect(original.game_results).toHaveLength(1);
      expect(await tables(copy)).toEqual(original);

      // A server on the copy serves the same records and ratings, and the unfinished game goes on there.
      restored = await startTestServer({
        databaseUrl: urlOf(copy),
        databaseSchema: isolated.schema,
        turnLimit: 40,
      });
      for (const gameId of [paired.gameId, open.gameId]) {
        const before = await get<RecordResponse>(server.url, `/api/games/${gameId}/record`);
        expect((await get<RecordResponse>(restored.url, `/api/games/${gameId}/record`)).body).toEqual(
          before.body,
        );
      }
      for (const who of [a, b]) {
        const before = await get<PlayerPage>(server.url, `/api/players/${who.id}`);
        expect((await get<PlayerPage>(restored.url, `/api/players/${who.id}`)).body).toEqual(before.body);
      }
      const redAgain = await Client.open(restored.url, open.gameId);
      await redAgain.ask(hello(open.token), isState);
      const blueAgain = await Client.open(restored.url, open.gameId);
      await blueAgain.ask(hello(joined.body.token), isState);
      await Promise.all([playRandomly(redAgain, 'again-red'), playRandomly(blueAgain, 'again-blue')]);
      const finished = await get<RecordResponse>(restored.url, `/api/games/${open.gameId}/record`);
      expect(finished.body.outcome).not.toBeNull();
      await Promise.all([redAgain.close(), blueAgain.close()]);
    });
  });
}
