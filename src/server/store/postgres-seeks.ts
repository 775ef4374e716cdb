/**
 * The lobby's seeks in PostgreSQL, for the game store (postgres-store.ts). Placements and acceptances hold
 * one advisory lock per schema, so across every process one pairing is decided at a time; a cancel is one
 * conditional DELETE and cannot split a pair. A pairing stores its game in the same transaction.
 */
import type pg from 'pg';
import type { Seat } from '../../engine/index.ts';
import type { ClockControl } from '../../protocol/index.ts';
import {
  type AcceptOutcome,
  type CancelOutcome,
  clockKey,
  cooldownKeys,
  type ListedSeek,
  type NoShow,
  type NoShowOutcome,
  PAIRED_SEEK_KEPT_MS,
  type PairedGame,
  type PairGame,
  type PlaceOutcome,
  type SeekBounds,
  type SeekRecord,
  type SeekRefusal,
  type SeekState,
  type StoredGame,
  StoreUnavailable,
} from './game-store.ts';
import { isConnectionFailure } from './postgres-failures.ts';
import type { Query } from './postgres-players.ts';

interface SeekRow {
  id: string;
  token_hash: string;
  variant: 'standard' | 'advanced' | null;
  shots: 'aimed' | 'quick' | null;
  clock: ClockControl | null;
  player_id: string | null;
  rating: number | null;
  created_at: string;
  alive_until: string;
  address: string | null;
  status: 'open' | 'paired';
  game_id: string | null;
  seat: Seat | null;
}

/** The quoted tables the seeks are kept in and link players from. */
export interface SeekTables {
  readonly seeks: string;
  readonly actions: string;
  readonly cooldowns: string;
  readonly seats: string;
  readonly players: string;
}

export class PostgresSeeks {
  readonly #pool: pg.Pool;
  readonly #schema: string;
  readonly #t: SeekTables;
  readonly #query: Query;
  readonly #insertGame: (query: Query, game: StoredGame) => Promise<void>;

  /** `query` runs outside the lobby's lock; `insertGame` stores a paired game within it. */
  constructor(
    pool: pg.Pool,
    schema: string,
    tables: SeekTables,
    query: Query,
    insertGame: (query: Query, game: StoredGame) => Promise<void>,
  ) {
    this.#pool = pool;
    this.#schema = schema;
    this.#t = tables;
    this.#query = query;
    this.#insertGame = insertGame;
  }

  async placeSeek(seek: SeekRecord, now: number, pair: PairGame, bounds: SeekBounds): Promise<PlaceOutcome> {
    return this.#lobbyTransaction(async (client): Promise<PlaceOutcome> => {
      await client.query(
        `DELETE FROM ${this.#t.seeks} WHERE (status = 'open' AND alive_until <= $1) OR (status = 'paired' AND created_at < $2)`,
        [now, now - PAIRED_SEEK_KEPT_MS],
      );
      const refusal = await this.#refusal(client, seek, now, bounds);
      if (refusal !== null) return refusal;
      const found = await client.query<SeekRow>(
        `SELECT * FROM ${this.#t.seeks} WHERE status = 'open' AND alive_until > $1 AND clock_key = $2
           AND (variant IS NULL OR $3::text IS NULL OR variant = $3::text)
           AND (shots IS NULL OR $4::text IS NULL OR shots = $4::text)
           AND (player_id IS NULL OR player_id IS DISTINCT FROM $6::text)
         ORDER BY (CASE WHEN $5::float8 IS NULL OR rating IS NULL THEN 1 ELSE 0 END),
           (CASE WHEN $5::float8 IS NULL OR rating IS NULL THEN 0 ELSE ABS(rating - $5::float8) END), created_at, id
         LIMIT 5`,
        [now, clockKey(seek.clock), seek.variant, seek.shots, seek.rating, seek.playerId],
      );
      // A candidate cancelled meanwhile (a cancel takes no lock) is skipped: the claim is conditional.
      for (const partner of found.rows) {
        const paired = pair(seekOf(partner));
        if (!(await this.#claim(client, paired, partner.id, now))) continue;
        const seat: Seat = paired.partnerSeat === 'red' ? 'blue' : 'red';
        await this.#insertSeek(client, seek, { gameId: paired.game.id, seat });
        return { kind: 'paired', gameId: paired.game.id, seat, partner: partner.id };
      }
      await this.#insertSeek(client, seek, null);
      return { kind: 'waiting' };
    });
  }

  async acceptSeek(
    seekId: string,
    accepter: SeekRecord,
    now: number,
    pair: PairGame,
  ): Promise<AcceptOutcome> {
    const accepterId = accepter.playerId;
    return this.#lobbyTransaction(async (client): Promise<AcceptOutcome> => {
      const refusal = await this.#refusal(client, accepter, now, null);
      if (refusal !== null) return refusal;
      const found = await client.query<SeekRow>(
        `SELECT * FROM ${this.#t.seeks} WHERE id = $1 AND status = 'open' AND alive_until > $2`,
        [seekId, now],
      );
      const row = found.rows[0];
      if (row === undefined) return 'gone';
      if (accepterId !== null && row.player_id === accepterId) return 'own';
      const paired = pair(seekOf(row));
      if (!(await this.#claim(client, paired, row.id, now))) return 'gone';
      const seat: Seat = paired.partnerSeat === 'red' ? 'blue' : 'red';
      // The accepter's side as a paired seek on the seek's rules: where a no-show's cool-down and the
      // other's seek restored are found (noShow).
      const rules = { variant: row.variant, shots: row.shots, clock: row.clock };
      await this.#insertSeek(client, { ...accepter, ...rules }, { gameId: paired.game.id, seat });
      return { gameId: paired.game.id, seat };
    });
  }

  async noShow(gameId: string, seat: Seat, noShow: NoShow): Promise<NoShowOutcome> {
    return this.#lobbyTransaction(async (client): Promise<NoShowOutcome> => {
      const acted = await client.query(
        `SELECT 1 FROM ${this.#t.actions} WHERE game_id = $1 AND seat = $2 LIMIT 1`,
        [gameId, seat],
      );
      if ((acted.rowCount ?? 0) > 0) return 'acted';
      const rowOf = async (s: Seat) =>
        (
          await client.query<SeekRow>(
            `SELECT * FROM ${this.#t.seeks} WHERE game_id = $1 AND seat = $2 AND status = 'paired'`,
            [gameId, s],
          )
        ).rows[0];
      const absent = await rowOf(seat);
      const other = await rowOf(seat === 'red' ? 'blue' : 'red');
      if (absent === undefined && other === undefined) return 'not-lobby';
      if (absent !== undefined) {
        for (const key of cooldownKeys({ playerId: absent.player_id, address: absent.address })) {
          await client.query(
            `INSERT INTO ${this.#t.cooldowns} (key, until) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET until = GREATEST(${this.#t.cooldowns}.until, excluded.until)`,
            [key, noShow.cooldownUntil],
          );
        }
        await client.query(
          `DELETE FROM ${this.#t.seeks} WHERE status = 'open'
             AND ((player_id IS NOT NULL AND player_id = $1) OR (address IS NOT NULL AND address = $2))`,
          [absent.player_id, absent.address],
        );
      }
      if (other === undefined) return { restored: null };
      await client.query(
        `UPDATE ${this.#t.seeks} SET status = 'open', game_id = NULL, seat = NULL, alive_until = $1 WHERE id = $2`,
        [noShow.aliveUntil, other.id],
      );
      return { restored: other.id };
    });
  }

  /** Why `seek` may not be placed (or, without `bounds`, a listed one taken) now, or null. */
  async #refusal(
    client: pg.PoolClient,
    seek: SeekRecord,
    now: number,
    bounds: SeekBounds | null,
  ): Promise<SeekRefusal | null> {
    const keys = cooldownKeys(seek);
    if (keys.length > 0) {
      const found = await client.query<{ until: string | null }>(
        `SELECT max(until) AS until FROM ${this.#t.cooldowns} WHERE until > $1 AND key = ANY($2::text[])`,
        [now, keys],
      );
      const until = found.rows[0]?.until ?? null;
      if (until !== null) return { kind: 'refused', reason: 'cooldown', until: Number(until) };
    }
    if (bounds === null) return null;
    const open = async (column: 'player_id' | 'address', value: string) => {
      const found = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${this.#t.seeks} WHERE status = 'open' AND alive_until > $1 AND ${column} = $2`,
        [now, value],
      );
      return Number(found.rows[0]?.n ?? 0);
    };
    if (seek.playerId !== null && (await open('player_id', seek.playerId)) >= bounds.perPlayer)
      return { kind: 'refused', reason: 'player', until: null };
    if (seek.address !== null && (await open('address', seek.address)) >= bounds.perAddress)
      return { kind: 'refused', reason: 'address', until: null };
    return null;
  }

  async cancelSeek(seekId: string, tokenHash: string): Promise<CancelOutcome> {
    const deleted = await this.#query(
      `DELETE FROM ${this.#t.seeks} WHERE id = $1 AND token_hash = $2 AND status = 'open'`,
      [seekId, tokenHash],
    );
    if (deleted.rowCount === 1) return 'cancelled';
    const found = await this.#query<SeekRow>(`SELECT * FROM ${this.#t.seeks} WHERE id = $1`, [seekId]);
    const row = found.rows[0];
    if (row === undefined) return 'gone';
    if (row.token_hash !== tokenHash) return 'wrong';
    const state = seekStateOf(row);
    return state.kind === 'paired' ? { gameId: state.gameId, seat: state.seat } : 'gone';
  }

  async seekByToken(tokenHash: string): Promise<SeekState | null> {
    const found = await this.#query<SeekRow>(`SELECT * FROM ${this.#t.seeks} WHERE token_hash = $1`, [
      tokenHash,
    ]);
    const row = found.rows[0];
    return row === undefined ? null : seekStateOf(row);
  }

  async renewSeeks(seekIds: readonly string[], aliveUntil: number): Promise<void> {
    if (seekIds.length === 0) return;
    await this.#query(
      `UPDATE ${this.#t.seeks} SET alive_until = $1 WHERE id = ANY($2::text[]) AND status = 'open'`,
      [aliveUntil, [...seekIds]],
    );
  }

  async openSeeks(now: number, limit: number): Promise<ListedSeek[]> {
    const found = await this.#query<SeekRow & { name: string | null }>(
      `SELECT s.*, p.name FROM ${this.#t.seeks} s LEFT JOIN ${this.#t.players} p ON p.id = s.player_id
       WHERE s.status = 'open' AND s.alive_until > $1 ORDER BY s.created_at, s.id LIMIT $2`,
      [now, limit],
    );
    return found.rows.map((row) => ({ seek: seekOf(row), name: row.name }));
  }

  async #insertSeek(
    client: pg.PoolClient,
    seek: SeekRecord,
    paired: { gameId: string; seat: Seat } | null,
  ): Promise<void> {
    await client.query(
      `INSERT INTO ${this.#t.seeks} (id, token_hash, variant, shots, clock, clock_key, rating, created_at, alive_until, status, game_id, seat, player_id, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        seek.id,
        seek.tokenHash,
        seek.variant,
        seek.shots,
        seek.clock === null ? null : JSON.stringify(seek.clock),
        clockKey(seek.clock),
        seek.rating,
        seek.createdAt,
        seek.aliveUntil,
        paired === null ? 'open' : 'paired',
        paired?.gameId ?? null,
        paired?.seat ?? null,
        seek.playerId,
        seek.address,
      ],
    );
  }

  /**
   * Marks the partner's seek paired if it is still open, then stores the game; false (nothing stored) when
   * the seek went meanwhile. The update locks the row, so a cancel after it finds the seek paired.
   */
  async #claim(client: pg.PoolClient, paired: PairedGame, partnerId: string, now: number): Promise<boolean> {
    const claimed = await client.query(
      `UPDATE ${this.#t.seeks} SET status = 'paired', game_id = $1, seat = $2
       WHERE id = $3 AND status = 'open' AND alive_until > $4`,
      [paired.game.id, paired.partnerSeat, partnerId, now],
    );
    if (claimed.rowCount !== 1) return false;
    await this.#insertGame((sql, values) => client.query(sql, [...values]), paired.game);
    // Each seat linked to its player (one forgotten meanwhile is left out), so the game is rated at its end.
    for (const seat of ['red', 'blue'] as const) {
      const playerId = paired.players[seat];
      if (playerId === null) continue;
      await client.query(
        `INSERT INTO ${this.#t.seats} (game_id, seat, player_id)
         SELECT $1, $2, id FROM ${this.#t.players} WHERE id = $3`,
        [paired.game.id, seat, playerId],
      );
    }
    return true;
  }

  /** One transaction holding the lobby's lock (per schema), so pairings never overlap. */
  async #lobbyTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw isConnectionFailure(error) ? new StoreUnavailable(error) : error;
    }
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [this.#schema, LOBBY_LOCK]);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw isConnectionFailure(error) ? new StoreUnavailable(error) : error;
    } finally {
      client.release();
    }
  }
}

/** The second key of the lobby's advisory lock (the first is the schema's hash). */
const LOBBY_LOCK = 19;

function seekOf(row: SeekRow): SeekRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    variant: row.variant,
    shots: row.shots,
    clock: row.clock,
    playerId: row.player_id,
    rating: row.rating,
    createdAt: Number(row.created_at),
    aliveUntil: Number(row.alive_until),
    address: row.address,
  };
}

function seekStateOf(row: SeekRow): SeekState {
  if (row.status === 'paired' && row.game_id !== null && row.seat !== null)
    return { kind: 'paired', seekId: row.id, gameId: row.game_id, seat: row.seat };
  return { kind: 'open', seek: seekOf(row) };
}
