/**
 * The store for several processes: PostgreSQL through a `pg` pool. An append is one statement (insert the
 * action, bump the game's version), so it commits or not as a whole; a unique violation on
 * `(game_id, seq)` means another process appended first and becomes SequenceConflict. Connection failures
 * become StoreUnavailable; the pool opens fresh connections by itself once the database is back.
 */
import pg from 'pg';
import type { Action, BySeat, GameOptions, RecordEntry, Seat } from '../../engine/index.ts';
import {
  type GameStore,
  type InviteOutcome,
  type SeatRecord,
  SequenceConflict,
  type StoredGame,
  type StoredGameWithLog,
  StoreUnavailable,
} from './game-store.ts';
import type { PlayerStore } from './player-store.ts';
import { migrate, quoteIdentifier } from './postgres-migrations.ts';
import { PostgresPlayerStore, type Query } from './postgres-players.ts';

interface GameRow {
  id: string;
  created_at: string;
  options: GameOptions;
  seed_hash: string;
  seats: BySeat<SeatRecord>;
  invite_hash: string | null;
  invite_used: boolean;
  over: boolean;
}

interface GameRowWithLog extends GameRow {
  log: { seat: Seat; action: Action }[];
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
}

export class PostgresGameStore implements GameStore {
  readonly #pool: pg.Pool;
  readonly #t: { games: string; actions: string };
  readonly players: PlayerStore;

  private constructor(pool: pg.Pool, schema: string) {
    this.#pool = pool;
    const quoted = quoteIdentifier(schema);
    this.#t = { games: `${quoted}.games`, actions: `${quoted}.actions` };
    this.players = new PostgresPlayerStore(
      (sql, values) => this.#query(sql, values),
      (work) => this.#transaction(work),
      quoted,
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
    });
    // An idle connection that dies must not take the process with it; the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error.message));
    try {
      const client = await pool.connect();
      try {
        await migrate(client, schema);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresGameStore(pool, schema);
  }

  async createGame(game: StoredGame): Promise<void> {
    await this.#insertGame((sql, values) => this.#query(sql, values), game);
  }

  async #insertGame(query: Query, game: StoredGame): Promise<void> {
    await query(
      `INSERT INTO ${this.#t.games} (id, created_at, options, seed_hash, seats, invite_hash, invite_used, over)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        game.id,
        game.createdAt,
        JSON.stringify(game.options),
        game.seedHash,
        JSON.stringify(game.seats),
        game.inviteHash,
        game.inviteUsed,
        game.over,
      ],
    );
  }

  async appendAction(gameId: string, seq: number, entry: RecordEntry, over: boolean): Promise<void> {
    try {
      await this.#query(
        `WITH appended AS (
           INSERT INTO ${this.#t.actions} (game_id, seq, seat, action, created_at) VALUES ($1, $2, $3, $4, $5)
           RETURNING game_id
         )
         UPDATE ${this.#t.games} SET version = $2 + 1, over = $6 WHERE id IN (SELECT game_id FROM appended)`,
        [gameId, seq, entry.seat, JSON.stringify(entry.action), Date.now(), over],
        'append',
      );
    } catch (error) {
      if (errorCode(error) === '23505') throw new SequenceConflict(gameId, seq);
      throw error;
    }
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

  async loadFrom(gameId: string, fromSeq: number): Promise<StoredGameWithLog | null> {
    // One round trip: a catch-up runs on every hint, so it must be cheap.
    const games = await this.#query<GameRowWithLog>(
      `SELECT g.*, ${this.#logSince('$2')} AS log FROM ${this.#t.games} g WHERE g.id = $1`,
      [gameId, fromSeq],
      'load-from',
    );
    const row = games.rows[0];
    return row === undefined ? null : withLog(row);
  }

  async loadUnfinished(): Promise<StoredGameWithLog[]> {
    const games = await this.#query<GameRowWithLog>(
      `SELECT g.*, ${this.#logSince('0')} AS log FROM ${this.#t.games} g WHERE NOT g.over ORDER BY g.created_at`,
      [],
    );
    return games.rows.map(withLog);
  }

  async close(): Promise<void> {
    await this.#pool.end().catch(() => undefined);
  }

  /** The log of game `g` from sequence `from` on, as a JSON array of { seat, action }. */
  #logSince(from: string): string {
    return `COALESCE((SELECT json_agg(json_build_object('seat', a.seat, 'action', a.action) ORDER BY a.seq)
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
      if (name !== undefined) config.name = `${name}:${this.#t.games}`;
      return await this.#pool.query<R>(config);
    } catch (error) {
      if (isConnectionFailure(error)) throw new StoreUnavailable(error);
      throw error;
    }
  }
}

function withLog(row: GameRowWithLog): StoredGameWithLog {
  return {
    game: {
      id: row.id,
      createdAt: Number(row.created_at),
      options: row.options,
      seedHash: row.seed_hash,
      seats: row.seats,
      inviteHash: row.invite_hash,
      inviteUsed: row.invite_used,
      over: row.over,
    },
    actions: row.log.map((a): RecordEntry => ({ seat: a.seat, action: a.action })),
  };
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** Network errors, timeouts, and PostgreSQL's own "connection"/"shutting down" classes (08, 57P). */
function isConnectionFailure(error: unknown): boolean {
  const code = errorCode(error);
  if (typeof code === 'string') {
    if (code.startsWith('08') || code.startsWith('57P')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code))
      return true;
    return false;
  }
  const message = error instanceof Error ? error.message : '';
  return /timeout|terminated|Connection|ECONNREFUSED/i.test(message);
}
