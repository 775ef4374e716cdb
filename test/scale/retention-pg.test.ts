/**
 * Issue 30 item 6: retention of the actions table. deploy/prune-finished-games.sql, run with psql exactly as
 * docs/deploy.md ("Retention") says, deletes the finished games older than the days given with every row
 * that hangs on them, and nothing else: a recent finished game, an old unfinished one and the players'
 * ratings stay, and the server goes on serving what stayed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, PlayerPage, PlayerSummary } from '../../src/protocol/index.ts';
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
} from '../server/harness.ts';
import { lobbyPost, pairThroughLobby } from '../server/lobby-client.ts';
import { playRandomly, setUpUntilPlay } from '../server/players.ts';
import { isolation, PG_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('retention-pg.test.ts');
const isolated = isolation('retention');
const SCRIPT = join(import.meta.dirname, '../../deploy/prune-finished-games.sql');
const DAY_MS = 86_400_000;
let server: TestServer;
let db: pg.Client;

/** A friend game on the server, played `to` the end or until both seats are set up; its id. */
async function friendGame(seed: string, to: 'end' | 'set up'): Promise<string> {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red', turnLimit: 40 });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(server.url, created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  if (to === 'end') await Promise.all([playRandomly(red, `${seed}-red`), playRandomly(blue, `${seed}-blue`)]);
  else await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
  await Promise.all([red.close(), blue.close()]);
  return created.gameId;
}

/** Rows per table that belong to `gameId`. */
async function rowsOf(gameId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of [
    ['games', 'id'],
    ['actions', 'game_id'],
    ['seat_players', 'game_id'],
    ['game_results', 'game_id'],
  ] as const) {
    const found = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${isolated.schema}".${table} WHERE ${column} = $1`,
      [gameId],
    );
    counts[table] = Number(found.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Makes a game look `days` old. */
async function age(gameId: string, days: number): Promise<void> {
  await db.query(`UPDATE "${isolated.schema}".games SET created_at = created_at - $2 WHERE id = $1`, [
    gameId,
    days * DAY_MS,
  ]);
}

if (!skip) {
  beforeAll(async () => {
    server = await startTestServer({ ...isolated.config, turnLimit: 40 });
    db = new pg.Client({ connectionString: PG_TEST_URL });
    await db.connect();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.end();
    await isolated.drop();
  });

  describe('retention: deploy/prune-finished-games.sql', () => {
    it('deletes old finished games with all their rows, and nothing else', async () => {
      const secret = () => randomBytes(32).toString('base64url');
      const [a, b] = [secret(), secret()];
      const players = await Promise.all(
        [a, b].map(
          async (s) => (await lobbyPost<PlayerSummary>(server.url, '/api/players', { secret: s })).body,
        ),
      );
      // An old rated game played out: it goes, with its actions, seats' links and result.
      const rated = await pairThroughLobby(
        { base: server.url, secret: a },
        { base: server.url, secret: b },
        {},
      );
      const first = await Client.open(server.url, rated.gameId);
      await first.ask(hello(rated.first.token), isState);
      const second = await Client.open(server.url, rated.gameId);
      await second.ask(hello(rated.second.token), isState);
      await Promise.all([playRandomly(first, 'old-rated-a'), playRandomly(second, 'old-rated-b')]);
      await Promise.all([first.close(), second.close()]);
      const pageOf = async (id: string) => (await get<PlayerPage>(server.url, `/api/players/${id}`)).body;
      await expect.poll(async () => (await pageOf(players[0]?.id ?? '')).rating.games).toBe(1);
      const ratingsBefore = await Promise.all(players.map((p) => pageOf(p.id).then((page) => page.rating)));
      const oldFinished = await friendGame('old-finished', 'end');
      const oldOpen = await friendGame('old-open', 'set up');
      const recentFinished = await friendGame('recent-finished', 'end');
      await Promise.all([
        age(rated.gameId, 91),
        age(oldFinished, 120),
        age(oldOpen, 200),
        age(recentFinished, 89),
      ]);
      expect(await rowsOf(rated.gameId)).toMatchObject({ games: 1, seat_players: 2, game_results: 1 });
      const kept = { oldOpen: await rowsOf(oldOpen), recentFinished: await rowsOf(recentFinished) };

      const output = execFileSync(
        'psql',
        [PG_TEST_URL, '-v', `schema=${isolated.schema}`, '-v', 'days=90', '-f', SCRIPT],
        { encoding: 'utf8', timeout: PATIENCE_MS },
      );
      expect(output).toMatch(/games_deleted\s*\n-+\s*\n\s*2\s*\n/);

      for (const gone of [rated.gameId, oldFinished]) {
        expect(await rowsOf(gone)).toEqual({ games: 0, actions: 0, seat_players: 0, game_results: 0 });
      }
      expect(await rowsOf(oldOpen)).toEqual(kept.oldOpen);
      expect(await rowsOf(recentFinished)).toEqual(kept.recentFinished);
      expect(kept.oldOpen.actions).toBeGreaterThan(0);
      // The ratings stay with the players; the server serves what stayed, and says a pruned game is gone.
      const ratingsAfter = await Promise.all(players.map((p) => pageOf(p.id).then((page) => page.rating)));
      expect(ratingsAfter).toEqual(ratingsBefore);
      expect((await get(server.url, `/api/games/${recentFinished}/record`)).status).toBe(200);
      // An unfinished game has no public record yet (409). A pruned one is gone (404) from a process that does
      // not hold it (this one holds the games just played in memory until IDLE_GRACE_SECONDS pass).
      expect((await get(server.url, `/api/games/${oldOpen}/record`)).status).toBe(409);
      const fresh = await startTestServer({ ...isolated.config });
      try {
        expect((await get(fresh.url, `/api/games/${oldFinished}/record`)).status).toBe(404);
        expect((await get(fresh.url, `/api/games/${recentFinished}/record`)).status).toBe(200);
      } finally {
        await fresh.stop();
      }
      const index = await db.query(`SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = $2`, [
        isolated.schema,
        'games_finished_created',
      ]);
      expect(index.rowCount).toBe(1);
      // A second run finds nothing more to delete.
      const again = execFileSync(
        'psql',
        [PG_TEST_URL, '-v', `schema=${isolated.schema}`, '-v', 'days=90', '-f', SCRIPT],
        { encoding: 'utf8', timeout: PATIENCE_MS },
      );
      expect(again).toMatch(/games_deleted\s*\n-+\s*\n\s*0\s*\n/);
    });
  });
}
