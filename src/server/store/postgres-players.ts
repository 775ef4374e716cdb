/**
 * Players, ratings and rematches in PostgreSQL (player-store.ts says what each does). Several processes
 * share these rows: a rating locks both players' rows (`FOR UPDATE`) and the game's rated row decides who
 * rates it (`ON CONFLICT DO NOTHING`), a rematch is accepted by one conditional update, and a seat of a
 * rematch is claimed by one conditional `jsonb_set`, so of two processes racing exactly one wins each.
 */
import type pg from 'pg';
import { opponentOf, type Seat } from '../../engine/index.ts';
import { nameKey } from './name-key.ts';
import type {
  CreateOutcome,
  NewDevice,
  PlayerStore,
  RatedResult,
  RatingRule,
  RenameOutcome,
  StoredOpenGame,
  StoredPlayer,
  StoredPlayerGame,
  StoredRematch,
} from './player-store.ts';
import { changeOf, type NameHold, type PlayerRow, playerOf, type RatedNumbers } from './player-store.ts';
import type { SeatRecord, StoredGame } from './stored-game.ts';

/** Runs one query (connection failures become StoreUnavailable). */
export type Query = <R extends pg.QueryResultRow>(
  sql: string,
  values: readonly unknown[],
) => Promise<pg.QueryResult<R>>;
/** Runs `work` in one transaction on one connection; commits if it returns, rolls back if it throws. */
export type Transaction = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

/** A rollback that is not a failure: the transaction found nothing to do. */
class NothingToDo extends Error {}

export class PostgresPlayerStore implements PlayerStore {
  readonly #query: Query;
  readonly #transaction: Transaction;
  readonly #t: {
    games: string;
    actions: string;
    players: string;
    seats: string;
    rated: string;
    rematches: string;
    holds: string;
    devices: string;
  };
  /** The player id of a device secret's hash ($1), while the device is not signed out. */
  readonly #playerOfSecret: string;
  readonly #insertGame: (query: Query, game: StoredGame) => Promise<void>;

  constructor(
    query: Query,
    transaction: Transaction,
    schema: string,
    insertGame: (query: Query, game: StoredGame) => Promise<void>,
  ) {
    this.#query = query;
    this.#transaction = transaction;
    this.#t = {
      games: `${schema}.games`,
      actions: `${schema}.actions`,
      players: `${schema}.players`,
      seats: `${schema}.seat_players`,
      rated: `${schema}.game_results`,
      rematches: `${schema}.rematches`,
      holds: `${schema}.name_holds`,
      devices: `${schema}.devices`,
    };
    this.#playerOfSecret = `(SELECT player_id FROM ${schema}.devices WHERE secret_hash = $1 AND revoked_at IS NULL)`;
    this.#insertGame = insertGame;
  }

  async create(player: StoredPlayer, secretHash: string, device: NewDevice): Promise<CreateOutcome> {
    try {
      return await this.#transaction(async (query): Promise<CreateOutcome> => {
        const known = await query(`SELECT 1 FROM ${this.#t.devices} WHERE secret_hash = $1`, [secretHash]);
        if ((known.rowCount ?? 0) > 0) return 'exists';
        // A name held since it was given up is as taken as one in use (the unique key covers names in use).
        const inserted = await query(
          `INSERT INTO ${this.#t.players} (id, name, name_key, rating, rd, vol, games, created_at)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8
           WHERE NOT EXISTS (SELECT 1 FROM ${this.#t.holds} WHERE name_key = $3 AND held_until > $8)`,
          [
            player.id,
            player.name,
            nameKey(player.name),
            player.glicko.rating,
            player.glicko.rd,
            player.glicko.vol,
            player.games,
            player.createdAt,
          ],
        );
        if (inserted.rowCount === 0) return 'name-taken';
        await query(
          `INSERT INTO ${this.#t.devices} (id, secret_hash, player_id, via, label, created_at, last_used_at)
           VALUES ($1, $2, $3, 'first', $4, $5, $5)`,
          [device.id, secretHash, player.id, device.label, player.createdAt],
        );
        return 'created';
      });
    } catch (error) {
      const constraint = (error as { code?: unknown; constraint?: unknown }).constraint;
      if ((error as { code?: unknown }).code !== '23505') throw error;
      return typeof constraint === 'string' && constraint.includes('secret') ? 'exists' : 'name-taken';
    }
  }

  async bySecret(secretHash: string): Promise<StoredPlayer | null> {
    const rows = await this.#query<PlayerRow>(
      `SELECT * FROM ${this.#t.players} WHERE id = ${this.#playerOfSecret}`,
      [secretHash],
    );
    const row = rows.rows[0];
    return row === undefined ? null : playerOf(row);
  }

  async find(idOrName: string): Promise<StoredPlayer | null> {
    const rows = await this.#query<PlayerRow>(
      `SELECT * FROM ${this.#t.players} WHERE id = $1 OR name_key = $2 ORDER BY (id = $1) DESC LIMIT 1`,
      [idOrName, nameKey(idOrName)],
    );
    const row = rows.rows[0];
    return row === undefined ? null : playerOf(row);
  }

  async rename(secretHash: string, name: string, hold: NameHold): Promise<RenameOutcome> {
    const key = nameKey(name);
    try {
      return await this.#transaction(async (query): Promise<RenameOutcome> => {
        const mine = await query<{ id: string; name_key: string }>(
          `SELECT id, name_key FROM ${this.#t.players} WHERE id = ${this.#playerOfSecret} FOR UPDATE`,
          [secretHash],
        );
        const me = mine.rows[0];
        if (me === undefined) return 'unknown';
        const held = await query(
          `SELECT 1 FROM ${this.#t.holds}
           WHERE name_key = $1 AND held_until > $2 AND player_id IS DISTINCT FROM $3`,
          [key, hold.now, me.id],
        );
        if ((held.rowCount ?? 0) > 0) return 'name-taken';
        // A name in use breaks the unique key: 23505, the whole transaction rolled back (caught below).
        await query(`UPDATE ${this.#t.players} SET name = $2, name_key = $3 WHERE id = $1`, [
          me.id,
          name,
          key,
        ]);
        if (key !== me.name_key) {
          await query(`DELETE FROM ${this.#t.holds} WHERE name_key = $1 OR held_until <= $2`, [
            key,
            hold.now,
          ]);
          await this.#hold(query, me.name_key, me.id, hold);
        }
        return 'renamed';
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') return 'name-taken';
      throw error;
    }
  }

  async forget(secretHash: string, hold: NameHold): Promise<boolean> {
    return this.#transaction(async (query) => {
      // ON DELETE CASCADE takes the seat links, the devices, passkeys, challenges and link codes; SET NULL
      // empties the rated games' side and this player's holds.
      const gone = await query<{ name_key: string }>(
        `DELETE FROM ${this.#t.players} WHERE id = ${this.#playerOfSecret} RETURNING name_key`,
        [secretHash],
      );
      const key = gone.rows[0]?.name_key;
      if (key === undefined) return false;
      await this.#hold(query, key, null, hold);
      return true;
    });
  }

  async #hold(query: Query, key: string, playerId: string | null, hold: NameHold): Promise<void> {
    if (hold.until <= hold.now) return;
    await query(
      `INSERT INTO ${this.#t.holds} (name_key, player_id, held_until) VALUES ($1, $2, $3)
       ON CONFLICT (name_key) DO UPDATE SET player_id = excluded.player_id, held_until = excluded.held_until`,
      [key, playerId, hold.until],
    );
  }

  async linkSeat(gameId: string, seat: Seat, playerId: string): Promise<void> {
    await this.#query(
      `INSERT INTO ${this.#t.seats} (game_id, seat, player_id) VALUES ($1, $2, $3)
       ON CONFLICT (game_id, seat) DO UPDATE SET player_id = excluded.player_id`,
      [gameId, seat, playerId],
    );
  }

  async seatsOf(gameId: string): Promise<{ red: StoredPlayer | null; blue: StoredPlayer | null }> {
    const rows = await this.#query<PlayerRow & { seat: Seat }>(
      `SELECT s.seat, p.* FROM ${this.#t.seats} s JOIN ${this.#t.players} p ON p.id = s.player_id
       WHERE s.game_id = $1`,
      [gameId],
    );
    const of = (seat: Seat) => {
      const row = rows.rows.find((r) => r.seat === seat);
      return row === undefined ? null : playerOf(row);
    };
    return { red: of('red'), blue: of('blue') };
  }

  async ratingOf(gameId: string): Promise<RatedNumbers | null> {
    const rows = await this.#query<RatedNumbers>(
      `SELECT red_before, red_after, blue_before, blue_after FROM ${this.#t.rated} WHERE game_id = $1`,
      [gameId],
    );
    return rows.rows[0] ?? null;
  }

  async gamesOf(playerId: string, limit: number): Promise<StoredPlayerGame[]> {
    const rows = await this.#query<{
      game_id: string;
      created_at: string;
      seat: Seat;
      seats: Record<Seat, SeatRecord>;
      result: RatedResult | null;
      ended: RatedResult | null;
      red_before: number | null;
      red_after: number | null;
      blue_before: number | null;
      blue_after: number | null;
      other: PlayerRow | null;
      never_came: Seat | null;
    }>(
      `SELECT g.id AS game_id, g.created_at, s.seat, g.seats, r.result, r.ended, r.red_before, r.red_after,
              r.blue_before, r.blue_after, to_json(op) AS other,
              -- Aborted: the last action is the away resignation of a seat that had made none of its own.
              (SELECT l.seat FROM ${this.#t.actions} l WHERE l.game_id = g.id
                 AND l.seq = (SELECT max(m.seq) FROM ${this.#t.actions} m WHERE m.game_id = g.id)
                 AND l.action->>'type' = 'resign' AND l.action->>'away' = 'true'
                 AND NOT EXISTS (SELECT 1 FROM ${this.#t.actions} e
                                 WHERE e.game_id = g.id AND e.seat = l.seat AND e.seq < l.seq)
              ) AS never_came
       FROM ${this.#t.seats} s
       JOIN ${this.#t.games} g ON g.id = s.game_id AND g.over
       LEFT JOIN ${this.#t.rated} r ON r.game_id = g.id
       LEFT JOIN ${this.#t.seats} o ON o.game_id = g.id AND o.seat <> s.seat
       LEFT JOIN ${this.#t.players} op ON op.id = o.player_id
       WHERE s.player_id = $1
       ORDER BY g.created_at DESC LIMIT $2`,
      [playerId, limit],
    );
    return rows.rows.map((row) => ({
      gameId: row.game_id,
      createdAt: Number(row.created_at),
      seat: row.seat,
      opponent: row.other === null ? null : playerOf(row.other),
      otherHolder: row.seats[opponentOf(row.seat)].holder,
      finish:
        row.result === null
          ? null
          : { result: row.result, ended: row.ended, change: changeOf(row.seat, row) },
      neverCame: row.never_came,
    }));
  }

  async openGamesOf(playerId: string, limit: number): Promise<StoredOpenGame[]> {
    const rows = await this.#query<{
      game_id: string;
      created_at: string;
      seat: Seat;
      other: PlayerRow | null;
    }>(
      `SELECT g.id AS game_id, g.created_at, s.seat, to_json(op) AS other
       FROM ${this.#t.seats} s
       JOIN ${this.#t.games} g ON g.id = s.game_id AND NOT g.over
       LEFT JOIN ${this.#t.seats} o ON o.game_id = g.id AND o.seat <> s.seat
       LEFT JOIN ${this.#t.players} op ON op.id = o.player_id
       WHERE s.player_id = $1
       ORDER BY g.created_at DESC LIMIT $2`,
      [playerId, limit],
    );
    return rows.rows.map((row) => ({
      gameId: row.game_id,
      createdAt: Number(row.created_at),
      seat: row.seat,
      opponent: row.other === null ? null : playerOf(row.other),
    }));
  }

  async ended(gameId: string, result: RatedResult): Promise<void> {
    await this.#query(`UPDATE ${this.#t.rated} SET ended = $2 WHERE game_id = $1 AND ended IS NULL`, [
      gameId,
      result,
    ]);
  }

  async finish(
    gameId: string,
    result: RatedResult,
    rule: RatingRule,
    windowMs: number,
  ): Promise<'rated' | 'recorded' | 'none'> {
    try {
      return await this.#transaction(async (query) => {
        const seats = await query<{ seat: Seat; player_id: string }>(
          `SELECT seat, player_id FROM ${this.#t.seats} WHERE game_id = $1`,
          [gameId],
        );
        const ids = seats.rows.map((s) => s.player_id);
        if (ids.length === 0) throw new NothingToDo();
        // The players' rows locked in one order, so two games of the same players finishing at once never
        // deadlock, and the second waits for the first's numbers (and counts it among the pair's games).
        const players = await query<PlayerRow>(
          `SELECT * FROM ${this.#t.players} WHERE id = ANY($1) ORDER BY id FOR UPDATE`,
          [ids],
        );
        const of = (seat: Seat) => {
          const id = seats.rows.find((s) => s.seat === seat)?.player_id;
          const row = players.rows.find((p) => p.id === id);
          return row === undefined ? undefined : playerOf(row);
        };
        const red = of('red');
        const blue = of('blue');
        if (red === undefined && blue === undefined) throw new NothingToDo();
        const now = Date.now();
        let next: ReturnType<RatingRule> | null = null;
        if (red !== undefined && blue !== undefined && red.id !== blue.id) {
          const pair = await query<{ n: string }>(
            `SELECT count(*) AS n FROM ${this.#t.rated}
             WHERE ((red_id = $1 AND blue_id = $2) OR (red_id = $2 AND blue_id = $1)) AND finished_at >= $3
               AND (red_after IS NOT NULL OR blue_after IS NOT NULL)`,
            [red.id, blue.id, now - windowMs],
          );
          next = rule(red, blue, Number(pair.rows[0]?.n ?? 0));
        }
        // The result row decides who records the game: a second process finds it there and changes nothing.
        const inserted = await query(
          `INSERT INTO ${this.#t.rated} (game_id, finished_at, result, red_id, blue_id, red_before, red_after, blue_before, blue_after)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (game_id) DO NOTHING`,
          [
            gameId,
            now,
            result,
            red?.id ?? null,
            blue?.id ?? null,
            next?.red == null ? null : (red?.glicko.rating ?? null),
            next?.red?.rating ?? null,
            next?.blue == null ? null : (blue?.glicko.rating ?? null),
            next?.blue?.rating ?? null,
          ],
        );
        if (inserted.rowCount === 0) throw new NothingToDo();
        for (const [player, glicko] of [
          [red, next?.red],
          [blue, next?.blue],
        ] as const) {
          if (player === undefined || glicko == null) continue;
          await query(
            `UPDATE ${this.#t.players} SET rating = $2, rd = $3, vol = $4, games = games + 1 WHERE id = $1`,
            [player.id, glicko.rating, glicko.rd, glicko.vol],
          );
        }
        return next?.red != null || next?.blue != null ? ('rated' as const) : ('recorded' as const);
      });
    } catch (error) {
      if (error instanceof NothingToDo) return 'none';
      throw error;
    }
  }

  async rematchOf(gameId: string): Promise<StoredRematch | null> {
    const rows = await this.#query<{
      offered_by: Seat | null;
      declined_by: Seat | null;
      new_game_id: string | null;
    }>(`SELECT * FROM ${this.#t.rematches} WHERE game_id = $1`, [gameId]);
    const row = rows.rows[0];
    return row === undefined
      ? null
      : { offeredBy: row.offered_by, declinedBy: row.declined_by, newGameId: row.new_game_id };
  }

  async offerRematch(gameId: string, seat: Seat): Promise<boolean> {
    const result = await this.#query(
      `INSERT INTO ${this.#t.rematches} (game_id, offered_by) VALUES ($1, $2)
       ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by, declined_by = NULL
       WHERE ${this.#t.rematches}.new_game_id IS NULL`,
      [gameId, seat],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async declineRematch(gameId: string, seat: Seat): Promise<boolean> {
    const declined = await this.#query(
      `UPDATE ${this.#t.rematches} SET declined_by = $2, offered_by = NULL
       WHERE game_id = $1 AND offered_by = $3 AND new_game_id IS NULL`,
      [gameId, seat, opponentOf(seat)],
    );
    if ((declined.rowCount ?? 0) > 0) return true;
    const withdrawn = await this.#query(
      `DELETE FROM ${this.#t.rematches} WHERE game_id = $1 AND offered_by = $2 AND new_game_id IS NULL`,
      [gameId, seat],
    );
    return (withdrawn.rowCount ?? 0) > 0;
  }

  async acceptRematch(gameId: string, seat: Seat, game: StoredGame): Promise<boolean> {
    try {
      return await this.#transaction(async (query) => {
        const taken = await query(
          `UPDATE ${this.#t.rematches} SET new_game_id = $2
           WHERE game_id = $1 AND offered_by = $3 AND new_game_id IS NULL`,
          [gameId, game.id, opponentOf(seat)],
        );
        if (taken.rowCount === 0) throw new NothingToDo();
        await this.#insertGame(query, game);
        // Seats swapped: who was red is blue in the rematch.
        await query(
          `INSERT INTO ${this.#t.seats} (game_id, seat, player_id)
           SELECT $1, CASE seat WHEN 'red' THEN 'blue' ELSE 'red' END, player_id FROM ${this.#t.seats}
           WHERE game_id = $2`,
          [game.id, gameId],
        );
        return true;
      });
    } catch (error) {
      if (error instanceof NothingToDo) return false;
      throw error;
    }
  }

  async claimSeat(gameId: string, seat: Seat, tokenHash: string): Promise<boolean> {
    const record: SeatRecord = { holder: 'human', tokenHash, level: null };
    const result = await this.#query(
      `UPDATE ${this.#t.games} SET seats = jsonb_set(seats, ARRAY[$2::text], $3::jsonb)
       WHERE id = $1 AND seats->$2->>'holder' = 'human' AND seats->$2->'tokenHash' = 'null'::jsonb`,
      [gameId, seat, JSON.stringify(record)],
    );
    return (result.rowCount ?? 0) > 0;
  }
}
