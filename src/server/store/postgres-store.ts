/**
 * The store for several processes: PostgreSQL through a `pg` pool. Appends made at about the same time go
 * in one statement (insert the actions, and mark the games that ended or whose clocks moved: group commit,
 * grouped-calls.ts), so each commits or not as a whole; an action whose `(game_id, seq)` is taken means
 * another process appended first and becomes SequenceConflict. A game's version is how many actions it has
 * (its last seq + 1, read from the actions' key), so an append in an untimed game writes one row and no
 * more. Catch-ups are grouped the same way. Connection failures become StoreUnavailable; the pool opens
 * fresh connections by itself once the database is back.
 */
import pg from 'pg';
import type { Action, BySeat, GameOptions, RecordEntry, Seat } from '../../engine/index.ts';
import type { AccountStore } from './account-store.ts';
import type { ChallengeStore } from './challenge-store.ts';
import { beatPostgres, type ClockShift, resumePostgres } from './clock-beats.ts';
import {
  type AcceptOutcome,
  type CancelOutcome,
  type ClockState,
  type DueClock,
  type GameStore,
  type InviteOutcome,
  type ListedSeek,
  type LiveGameRow,
  type NoShow,
  type NoShowOutcome,
  type PairGame,
  type PlaceOutcome,
  type PoolClients,
  type SeatRecord,
  type SeekBounds,
  type SeekRecord,
  type SeekState,
  SequenceConflict,
  type StoredGame,
  type StoredGameWithLog,
  StoreUnavailable,
} from './game-store.ts';
import { GroupedCalls } from './grouped-calls.ts';
import type { PlayerStore } from './player-store.ts';
import { PostgresAccounts } from './postgres-accounts.ts';
import { PostgresChallenges } from './postgres-challenges.ts';
import { isConnectionFailure } from './postgres-failures.ts';
import { CLOCK_DEADLINE, CLOCK_RUNNING, migrate, quoteIdentifier } from './postgres-migrations.ts';
import { PostgresPlayerStore, type Query } from './postgres-players.ts';
import { missingPrivilege } from './postgres-privileges.ts';
import { PostgresSeeks } from './postgres-seeks.ts';

interface GameRow {
  id: string;
  created_at: string;
  options: GameOptions;
  seed_hash: string;
  seats: BySeat<SeatRecord>;
  invite_hash: string | null;
  invite_used: boolean;
  over: boolean;
  clock: ClockState | null;
}

interface GameRowWithLog extends GameRow {
  log: { seat: Seat; action: Action; at: string | number }[];
}

interface PendingAppend {
  readonly gameId: string;
  readonly seq: number;
  readonly entry: RecordEntry;
  readonly over: boolean;
  readonly clock: ClockState | null;
}

interface PendingLoad {
  readonly gameId: string;
  readonly fromSeq: number;
}

export interface PostgresOptions {
  /** postgres://user@host:port/database; never logged. */
  readonly url: string;
  /** The schema holding the tables (default 'public'); tests use one per run. */
  readonly schema?: string;
  /** Connections in this process's pool. */
  readonly poolSize?: number;
  /** Told about errors of idle connections (the database restarted, the network dropped). */
  readonly onIdleError?: (message: string) => void;
  /** False: no named (prepared) statements, for a pooler in transaction mode (DATABASE_PREPARED_STATEMENTS). */
  readonly preparedStatements?: boolean;
}

export class PostgresGameStore implements GameStore {
  readonly #pool: pg.Pool;
  readonly #t: { games: string; actions: string; seeks: string };
  readonly players: PlayerStore;
  readonly challenges: ChallengeStore;
  readonly accounts: AccountStore;
  /** The tables the lobby reads names from and links seats in. */
  readonly #people: { seats: string; players: string };
  /**
   * Appends and catch-ups in flight grouped into batches. One batch of appends on its way at a time: the
   * next gathers every append made meanwhile, so each commit (a round trip and a WAL flush) carries more
   * moves. Measured against two at a time (docs/deploy.md, tenth session's rounds): PostgreSQL's CPU per
   * action at saturation 0.08 against 0.10-0.12 ms, and two processes' saturation 0.79 of one SQLite process
   * against 0.71 (medians of three interleaved rounds), with the paced p99 within the noise.
   */
  readonly #appends = new GroupedCalls<PendingAppend, undefined>(
    (b) => this.#appendBatch(b),
    1,
    (a) => a.gameId,
  );
  /** Where processes note that they are up (clock-beats.ts). */
  readonly #beats: string;
  /** The lobby's seeks: postgres-seeks.ts. */
  readonly #seeks: PostgresSeeks;
  readonly #catchUps = new GroupedCalls<PendingLoad, StoredGameWithLog | null>(
    (b) => this.#loadBatch(b),
    2,
    (l) => l.gameId,
  );

  /** Whether the per-move queries are named statements, prepared once per connection. */
  readonly #prepared: boolean;
  readonly migrated: readonly number[];

  private constructor(pool: pg.Pool, schema: string, prepared: boolean, migrated: readonly number[]) {
    this.#pool = pool;
    this.#prepared = prepared;
    this.migrated = migrated;
    const quoted = quoteIdentifier(schema);
    this.#t = { games: `${quoted}.games`, actions: `${quoted}.actions`, seeks: `${quoted}.seeks` };
    this.#beats = `${quoted}.server_beats`;
    this.#people = { seats: `${quoted}.seat_players`, players: `${quoted}.players` };
    this.players = new PostgresPlayerStore(
      (sql, values) => this.#query(sql, values),
      (work) => this.#transaction(work),
      quoted,
      (query, game) => this.#insertGame(query, game),
    );
    this.challenges = new PostgresChallenges(
      { challenges: `${quoted}.challenges`, ...this.#people },
      (sql, values) => this.#query(sql, values),
      (work) => this.#transaction(work),
      (query, game) => this.#insertGame(query, game),
    );
    this.accounts = new PostgresAccounts(
      {
        ...this.#people,
        games: this.#t.games,
        devices: `${quoted}.devices`,
        passkeys: `${quoted}.passkeys`,
        ceremonies: `${quoted}.ceremonies`,
        codes: `${quoted}.link_codes`,
      },
      (sql, values) => this.#query(sql, values),
      (work) => this.#transaction(work),
    );
    this.#seeks = new PostgresSeeks(
      pool,
      schema,
      {
        seeks: this.#t.seeks,
        actions: this.#t.actions,
        cooldowns: `${quoted}.seek_cooldowns`,
        ...this.#people,
      },
      (sql, values) => this.#query(sql, values),
      (query, game) => this.#insertGame(query, game),
    );
  }

  /** Connects and runs the migrations; rejects when the database cannot be reached. */
  static async open(options: PostgresOptions): Promise<PostgresGameStore> {
    const schema = options.schema ?? 'public';
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // One batch of appends is on its way at a time: a connection whose peer vanished without a word must
      // be found dead by TCP keep-alive, not by the kernel's retries many minutes later.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection that dies must not take the process with it; the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error.message));
    let migrated: number[];
    try {
      const client = await pool.connect();
      try {
        migrated = await migrate(client, schema);
      } catch (error) {
        throw (await missingPrivilege(client, schema, error)) ?? error;
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresGameStore(pool, schema, options.preparedStatements ?? true, migrated);
  }

  async ping(): Promise<void> {
    await this.#query('SELECT 1', []);
  }

  poolClients(): PoolClients {
    return { total: this.#pool.totalCount, idle: this.#pool.idleCount, waiting: this.#pool.waitingCount };
  }

  async createGame(game: StoredGame): Promise<void> {
    await this.#insertGame((sql, values) => this.#query(sql, values), game);
  }

  async #insertGame(query: Query, game: StoredGame): Promise<void> {
    await query(
      `INSERT INTO ${this.#t.games} (id, created_at, options, seed_hash, seats, invite_hash, invite_used, over, clock)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        game.id,
        game.createdAt,
        JSON.stringify(game.options),
        game.seedHash,
        JSON.stringify(game.seats),
        game.inviteHash,
        game.inviteUsed,
        game.over,
        game.clock == null ? null : JSON.stringify(game.clock),
      ],
    );
  }

  appendAction(
    gameId: string,
    seq: number,
    entry: RecordEntry,
    over: boolean,
    clock?: ClockState | null,
  ): Promise<void> {
    return this.#appends.call({ gameId, seq, entry, over, clock: clock ?? null });
  }

  /**
   * Appends a batch in one statement (one round trip, one commit): each action of a stored game is inserted
   * unless its `(game_id, seq)` is taken (then that append alone is a SequenceConflict), and a game whose
   * action ended it or moved its clock has that written too. Nothing else is written per action: the game's
   * version is the count of its actions (`#versionOf`), and the game's existence is checked by this statement
   * rather than by a foreign key (whose trigger read and locked the game's row for every action inserted).
   * Only the appends not made come back, so the usual batch answers with no row to send, parse or keep.
   * An append to a game not stored fails alone; any other failure fails the statement, and the batch is then
   * appended one by one, so only the broken append fails.
   */
  async #appendBatch(batch: readonly PendingAppend[]): Promise<(undefined | Error)[]> {
    /** The appends not made, by `game:seq`: true for a sequence number taken, false for a game not stored. */
    let failed: Map<string, boolean>;
    try {
      const result = await this.#query<{ game_id: string; seq: number; stored: boolean }>(
        `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bool[], $6::text[])
             AS i(game_id, seq, seat, action, over, clock)
         ), stored AS (
           SELECT i.* FROM input i WHERE EXISTS (SELECT 1 FROM ${this.#t.games} g WHERE g.id = i.game_id)
         ), appended AS (
           INSERT INTO ${this.#t.actions} (game_id, seq, seat, action, created_at)
           SELECT game_id, seq, seat, action::json, $7::bigint FROM stored
           ON CONFLICT (game_id, seq) DO NOTHING
           RETURNING game_id, seq
         ), marked AS (
           UPDATE ${this.#t.games} g SET over = i.over, clock = COALESCE(i.clock::jsonb, g.clock)
           FROM input i JOIN appended a ON a.game_id = i.game_id AND a.seq = i.seq
           WHERE g.id = i.game_id AND (i.over OR i.clock IS NOT NULL)
         )
         SELECT i.game_id, i.seq,
           EXISTS (SELECT 1 FROM stored s WHERE s.game_id = i.game_id AND s.seq = i.seq) AS stored
         FROM input i
         WHERE NOT EXISTS (SELECT 1 FROM appended a WHERE a.game_id = i.game_id AND a.seq = i.seq)`,
        [
          batch.map((a) => a.gameId),
          batch.map((a) => a.seq),
          batch.map((a) => a.entry.seat),
          batch.map((a) => JSON.stringify(a.entry.action)),
          batch.map((a) => a.over),
          batch.map((a) => (a.clock === null ? null : JSON.stringify(a.clock))),
          Date.now(),
        ],
        'append-batch',
      );
      failed = new Map(result.rows.map((row) => [`${row.game_id}:${row.seq}`, row.stored]));
    } catch (error) {
      if (error instanceof StoreUnavailable || batch.length === 1) throw error;
      return Promise.all(
        batch.map((a) =>
          this.#appendBatch([a]).then(
            ([one]) => one,
            (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
          ),
        ),
      );
    }
    return batch.map((a) => {
      const stored = failed.get(`${a.gameId}:${a.seq}`);
      if (stored === undefined) return undefined;
      if (stored) return new SequenceConflict(a.gameId, a.seq);
      return new Error(`Game ${a.gameId} is not stored, so its action ${a.seq} was not appended.`);
    });
  }

  async updateSeat(gameId: string, seat: Seat, record: SeatRecord): Promise<void> {
    // jsonb_set changes one seat in place, so two processes changing the two seats do not overwrite each other.
    const result = await this.#query(
      `UPDATE ${this.#t.games} SET seats = jsonb_set(seats, ARRAY[$2::text], $3::jsonb) WHERE id = $1`,
      [gameId, seat, JSON.stringify(record)],
    );
    if (result.rowCount === 0) throw new Error(`No game ${gameId} in the store.`);
  }

  async useInvite(gameId: string, inviteHash: string, seat: Seat, tokenHash: string): Promise<InviteOutcome> {
    const record: SeatRecord = { holder: 'human', tokenHash, level: null };
    // One conditional update: of two processes using the same invite at once, exactly one changes the row.
    const used = await this.#query(
      `UPDATE ${this.#t.games} SET seats = jsonb_set(seats, ARRAY[$3::text], $4::jsonb), invite_used = TRUE
       WHERE id = $1 AND invite_hash = $2 AND NOT invite_used`,
      [gameId, inviteHash, seat, JSON.stringify(record)],
    );
    if (used.rowCount === 1) return 'joined';
    const row = await this.#query<{ invite_hash: string | null }>(
      `SELECT invite_hash FROM ${this.#t.games} WHERE id = $1`,
      [gameId],
    );
    const stored = row.rows[0];
    return stored === undefined || stored.invite_hash !== inviteHash ? 'wrong' : 'used';
  }

  load(gameId: string): Promise<StoredGameWithLog | null> {
    return this.loadFrom(gameId, 0);
  }

  loadFrom(gameId: string, fromSeq: number): Promise<StoredGameWithLog | null> {
    return this.#catchUps.call({ gameId, fromSeq });
  }

  /** Many games' catch-ups in one query (each hint of another process's move asks for one). */
  async #loadBatch(batch: readonly PendingLoad[]): Promise<(StoredGameWithLog | null)[]> {
    const games = await this.#query<GameRowWithLog & { i: string }>(
      `SELECT r.i, g.*, ${this.#logSince('r.from_seq')} AS log
       FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS r(id, from_seq, i)
       JOIN ${this.#t.games} g ON g.id = r.id`,
      [batch.map((l) => l.gameId), batch.map((l) => l.fromSeq)],
      'load-batch',
    );
    const found = new Map(games.rows.map((row) => [Number(row.i), row]));
    return batch.map((_, index) => {
      const row = found.get(index + 1);
      return row === undefined ? null : withLog(row);
    });
  }

  async dueClocks(at: number, limit: number): Promise<DueClock[]> {
    // The same expressions as the index games_clock_due (postgres-migrations.ts), so the planner uses it.
    const found = await this.#query<{ id: string; seat: Seat; version: number }>(
      `SELECT id, ${CLOCK_RUNNING} AS seat, ${this.#versionOf('g')} AS version FROM ${this.#t.games} g
       WHERE NOT over AND ${CLOCK_RUNNING} IS NOT NULL AND ${CLOCK_DEADLINE} <= $1
       ORDER BY ${CLOCK_DEADLINE} LIMIT $2`,
      [at, limit],
    );
    return found.rows.map((row) => ({ gameId: row.id, seat: row.seat, v: row.version }));
  }

  // --- the lobby's seeks, kept by postgres-seeks.ts under the lobby's lock

  placeSeek(seek: SeekRecord, now: number, pair: PairGame, bounds: SeekBounds): Promise<PlaceOutcome> {
    return this.#seeks.placeSeek(seek, now, pair, bounds);
  }

  acceptSeek(seekId: string, accepter: SeekRecord, now: number, pair: PairGame): Promise<AcceptOutcome> {
    return this.#seeks.acceptSeek(seekId, accepter, now, pair);
  }

  beat(process: string, at: number): Promise<void> {
    return beatPostgres((sql, values) => this.#query(sql, values), this.#beats, process, at);
  }

  resumeClocks(process: string, now: number, staleMs: number, shift: ClockShift): Promise<number | null> {
    const tables = { beats: this.#beats, games: this.#t.games };
    return resumePostgres((work) => this.#transaction(work), tables, process, now, staleMs, shift);
  }

  noShow(gameId: string, seat: Seat, noShow: NoShow): Promise<NoShowOutcome> {
    return this.#seeks.noShow(gameId, seat, noShow);
  }

  cancelSeek(seekId: string, tokenHash: string): Promise<CancelOutcome> {
    return this.#seeks.cancelSeek(seekId, tokenHash);
  }

  seekByToken(tokenHash: string): Promise<SeekState | null> {
    return this.#seeks.seekByToken(tokenHash);
  }

  renewSeeks(seekIds: readonly string[], aliveUntil: number): Promise<void> {
    return this.#seeks.renewSeeks(seekIds, aliveUntil);
  }

  openSeeks(now: number, limit: number): Promise<ListedSeek[]> {
    return this.#seeks.openSeeks(now, limit);
  }

  async liveGames(limit: number): Promise<LiveGameRow[]> {
    // A seat waiting for a friend is a human seat without a token: such a game has not begun.
    const found = await this.#query<
      GameRow & {
        moves: number;
        red_name: string | null;
        blue_name: string | null;
        red_rating: number | null;
        blue_rating: number | null;
        last_at: string;
      }
    >(
      `SELECT g.*, ${this.#versionOf('g')} AS moves, ${this.#seatPlayer('red', 'name')} AS red_name,
         ${this.#seatPlayer('blue', 'name')} AS blue_name, ${this.#seatPlayer('red', 'rating')} AS red_rating,
         ${this.#seatPlayer('blue', 'rating')} AS blue_rating,
         COALESCE((SELECT max(a.created_at) FROM ${this.#t.actions} a WHERE a.game_id = g.id), g.created_at) AS last_at
       FROM ${this.#t.games} g WHERE NOT g.over
         AND NOT EXISTS (SELECT 1 FROM jsonb_each(g.seats) s
           WHERE s.value->>'holder' = 'human' AND s.value->'tokenHash' = 'null'::jsonb)
       ORDER BY g.created_at DESC LIMIT $1`,
      [limit],
    );
    return found.rows.map((row) => ({
      game: gameOf(row),
      moves: row.moves,
      names: { red: row.red_name, blue: row.blue_name },
      ratings: { red: row.red_rating, blue: row.blue_rating },
      lastActionAt: Number(row.last_at),
    }));
  }

  /** A column of the identity in `seat` of game `g`, as a subquery. */
  #seatPlayer(seat: Seat, column: 'name' | 'rating'): string {
    return `(SELECT p.${column} FROM ${this.#people.seats} s JOIN ${this.#people.players} p ON p.id = s.player_id
      WHERE s.game_id = g.id AND s.seat = '${seat}')`;
  }

  async close(): Promise<void> {
    await this.#pool.end().catch(() => undefined);
  }

  /**
   * Game `alias`'s version: how many actions it has (its last seq + 1), one step down the actions' key.
   * (The games table's `version` column is no longer written: see migration 7 in postgres-migrations.ts.)
   */
  #versionOf(alias: string): string {
    return `COALESCE((SELECT max(a.seq) + 1 FROM ${this.#t.actions} a WHERE a.game_id = ${alias}.id), 0)::int`;
  }

  /** The log of game `g` from sequence `from` on, as a JSON array of { seat, action }. */
  #logSince(from: string): string {
    return `COALESCE((SELECT json_agg(json_build_object('seat', a.seat, 'action', a.action, 'at', a.created_at) ORDER BY a.seq)
      FROM ${this.#t.actions} a WHERE a.game_id = g.id AND a.seq >= ${from}), '[]'::json)`;
  }

  /** `work` in one transaction on one connection: committed if it returns, rolled back if it throws. */
  async #transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw new StoreUnavailable(error);
    }
    const query: Query = async (sql, values) => {
      try {
        return await client.query(sql, [...values]);
      } catch (error) {
        if (isConnectionFailure(error)) throw new StoreUnavailable(error);
        throw error;
      }
    };
    try {
      await query('BEGIN', []);
      const result = await work(query);
      await query('COMMIT', []);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** A query; failures to reach the database become StoreUnavailable, SQL errors stay as they are. */
  async #query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values: readonly unknown[],
    /** A name makes it a prepared statement on each connection: for the queries run on every move. */
    name?: string,
  ): Promise<pg.QueryResult<R>> {
    try {
      const config: pg.QueryConfig = { text: sql, values: [...values] };
      if (name !== undefined && this.#prepared) config.name = `${name}:${this.#t.games}`;
      return await this.#pool.query<R>(config);
    } catch (error) {
      if (isConnectionFailure(error)) throw new StoreUnavailable(error);
      throw error;
    }
  }
}

function gameOf(row: GameRow): StoredGame {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    options: row.options,
    seedHash: row.seed_hash,
    seats: row.seats,
    inviteHash: row.invite_hash,
    inviteUsed: row.invite_used,
    over: row.over,
    clock: row.clock ?? null,
  };
}

function withLog(row: GameRowWithLog): StoredGameWithLog {
  return {
    game: gameOf(row),
    actions: row.log.map((a): RecordEntry => ({ seat: a.seat, action: a.action })),
    actedAt: row.log.map((a) => Number(a.at)),
  };
}
