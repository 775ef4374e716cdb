/**
 * Players, ratings and rematches in the SQLite file (player-store.ts says what each does). Every change that
 * touches two rows is one transaction; better-sqlite3 runs them synchronously, so two rematch answers or two
 * ratings of one game can never interleave in this process, and SQLite's single writer covers the rest.
 */
import type Database from 'better-sqlite3';
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

/** The player id of a device secret's hash (one `?`), while the device is not signed out. */
const PLAYER_OF_SECRET = '(SELECT player_id FROM devices WHERE secret_hash = ? AND revoked_at IS NULL)';

interface PlayerGameRow {
  game_id: string;
  created_at: number;
  seat: Seat;
  seats: string;
  result: RatedResult | null;
  ended: RatedResult | null;
  red_before: number | null;
  red_after: number | null;
  blue_before: number | null;
  blue_after: number | null;
  other_id: string | null;
  never_came: Seat | null;
}

interface RematchRow {
  offered_by: Seat | null;
  declined_by: Seat | null;
  new_game_id: string | null;
}

export class SqlitePlayerStore implements PlayerStore {
  readonly #db: Database.Database;
  readonly #insertGame: (game: StoredGame) => void;

  constructor(db: Database.Database, insertGame: (game: StoredGame) => void) {
    this.#db = db;
    this.#insertGame = insertGame;
  }

  async create(player: StoredPlayer, secretHash: string, device: NewDevice): Promise<CreateOutcome> {
    return this.#db.transaction((): CreateOutcome => {
      if (this.#db.prepare('SELECT 1 FROM devices WHERE secret_hash = ?').get(secretHash) !== undefined)
        return 'exists';
      const key = nameKey(player.name);
      if (this.#db.prepare('SELECT 1 FROM players WHERE name_key = ?').get(key) !== undefined)
        return 'name-taken';
      if (this.#heldFor(key, player.createdAt) !== undefined) return 'name-taken';
      // secret_hash is no identity since issue 51 (the devices table is): it only fills the old column.
      this.#db
        .prepare(
          `INSERT INTO players (id, secret_hash, name, name_key, rating, rd, vol, games, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          player.id,
          `player:${player.id}`,
          player.name,
          key,
          player.glicko.rating,
          player.glicko.rd,
          player.glicko.vol,
          player.games,
          player.createdAt,
        );
      this.#db
        .prepare(
          `INSERT INTO devices (id, secret_hash, player_id, via, label, created_at, last_used_at)
           VALUES (?, ?, ?, 'first', ?, ?, ?)`,
        )
        .run(device.id, secretHash, player.id, device.label, player.createdAt, player.createdAt);
      return 'created';
    })();
  }

  async bySecret(secretHash: string): Promise<StoredPlayer | null> {
    const row = this.#db.prepare(`SELECT * FROM players WHERE id = ${PLAYER_OF_SECRET}`).get(secretHash) as
      | PlayerRow
      | undefined;
    return row === undefined ? null : playerOf(row);
  }

  async find(idOrName: string): Promise<StoredPlayer | null> {
    const row = (this.#db.prepare('SELECT * FROM players WHERE id = ?').get(idOrName) ??
      this.#db.prepare('SELECT * FROM players WHERE name_key = ?').get(nameKey(idOrName))) as
      | PlayerRow
      | undefined;
    return row === undefined ? null : playerOf(row);
  }

  async rename(secretHash: string, name: string, hold: NameHold): Promise<RenameOutcome> {
    return this.#db.transaction((): RenameOutcome => {
      const me = this.#db
        .prepare(`SELECT id, name_key FROM players WHERE id = ${PLAYER_OF_SECRET}`)
        .get(secretHash) as { id: string; name_key: string } | undefined;
      if (me === undefined) return 'unknown';
      const key = nameKey(name);
      const holder = this.#db.prepare('SELECT id FROM players WHERE name_key = ?').get(key) as
        | { id: string }
        | undefined;
      if (holder !== undefined && holder.id !== me.id) return 'name-taken';
      const held = this.#heldFor(key, hold.now);
      if (held !== undefined && held.player_id !== me.id) return 'name-taken';
      this.#db.prepare('UPDATE players SET name = ?, name_key = ? WHERE id = ?').run(name, key, me.id);
      if (key !== me.name_key) {
        this.#db.prepare('DELETE FROM name_holds WHERE name_key = ? OR held_until <= ?').run(key, hold.now);
        this.#hold(me.name_key, me.id, hold);
      }
      return 'renamed';
    })();
  }

  async forget(secretHash: string, hold: NameHold): Promise<boolean> {
    return this.#db.transaction((): boolean => {
      const me = this.#db
        .prepare(`SELECT id, name_key FROM players WHERE id = ${PLAYER_OF_SECRET}`)
        .get(secretHash) as { id: string; name_key: string } | undefined;
      if (me === undefined) return false;
      // ON DELETE CASCADE takes the seat links, the devices, passkeys, challenges and link codes; SET NULL
      // empties the rated games' side and this player's holds.
      this.#db.prepare('DELETE FROM players WHERE id = ?').run(me.id);
      this.#hold(me.name_key, null, hold);
      return true;
    })();
  }

  /** The live hold on a name's key, if any. */
  #heldFor(key: string, now: number): { player_id: string | null } | undefined {
    return this.#db
      .prepare('SELECT player_id FROM name_holds WHERE name_key = ? AND held_until > ?')
      .get(key, now) as { player_id: string | null } | undefined;
  }

  #hold(key: string, playerId: string | null, hold: NameHold): void {
    if (hold.until <= hold.now) return;
    this.#db
      .prepare('INSERT OR REPLACE INTO name_holds (name_key, player_id, held_until) VALUES (?, ?, ?)')
      .run(key, playerId, hold.until);
  }

  async linkSeat(gameId: string, seat: Seat, playerId: string): Promise<void> {
    this.#db
      .prepare('INSERT OR REPLACE INTO seat_players (game_id, seat, player_id) VALUES (?, ?, ?)')
      .run(gameId, seat, playerId);
  }

  async seatsOf(gameId: string): Promise<{ red: StoredPlayer | null; blue: StoredPlayer | null }> {
    const rows = this.#db
      .prepare(
        'SELECT s.seat, p.* FROM seat_players s JOIN players p ON p.id = s.player_id WHERE s.game_id = ?',
      )
      .all(gameId) as (PlayerRow & { seat: Seat })[];
    const of = (seat: Seat) => {
      const row = rows.find((r) => r.seat === seat);
      return row === undefined ? null : playerOf(row);
    };
    return { red: of('red'), blue: of('blue') };
  }

  async ratingOf(gameId: string): Promise<RatedNumbers | null> {
    const row = this.#db
      .prepare('SELECT red_before, red_after, blue_before, blue_after FROM game_results WHERE game_id = ?')
      .get(gameId) as RatedNumbers | undefined;
    return row ?? null;
  }

  async gamesOf(playerId: string, limit: number): Promise<StoredPlayerGame[]> {
    const rows = this.#db
      .prepare(
        `SELECT g.id AS game_id, g.created_at, s.seat, g.seats, r.result, r.ended, r.red_before, r.red_after,
                r.blue_before, r.blue_after, o.player_id AS other_id,
                -- Aborted: the last action is the away resignation of a seat that had made none of its own.
                (SELECT l.seat FROM actions l WHERE l.game_id = g.id
                   AND l.seq = (SELECT max(m.seq) FROM actions m WHERE m.game_id = g.id)
                   AND json_extract(l.action, '$.type') = 'resign' AND json_extract(l.action, '$.away') = 1
                   AND NOT EXISTS (SELECT 1 FROM actions e WHERE e.game_id = g.id AND e.seat = l.seat AND e.seq < l.seq)
                ) AS never_came
         FROM seat_players s
         JOIN games g ON g.id = s.game_id AND g.over = 1
         LEFT JOIN game_results r ON r.game_id = g.id
         LEFT JOIN seat_players o ON o.game_id = g.id AND o.seat <> s.seat
         WHERE s.player_id = ?
         ORDER BY g.created_at DESC LIMIT ?`,
      )
      .all(playerId, limit) as PlayerGameRow[];
    return rows.map((row) => {
      const other = row.other_id === null ? undefined : this.#byId(row.other_id);
      const seats = JSON.parse(row.seats) as Record<Seat, SeatRecord>;
      return {
        gameId: row.game_id,
        createdAt: Number(row.created_at),
        seat: row.seat,
        opponent: other ?? null,
        otherHolder: seats[opponentOf(row.seat)].holder,
        finish:
          row.result === null
            ? null
            : { result: row.result, ended: row.ended, change: changeOf(row.seat, row) },
        neverCame: row.never_came,
      };
    });
  }

  async openGamesOf(playerId: string, limit: number): Promise<StoredOpenGame[]> {
    const rows = this.#db
      .prepare(
        `SELECT g.id AS game_id, g.created_at, s.seat, o.player_id AS other_id
         FROM seat_players s
         JOIN games g ON g.id = s.game_id AND g.over = 0
         LEFT JOIN seat_players o ON o.game_id = g.id AND o.seat <> s.seat
         WHERE s.player_id = ?
         ORDER BY g.created_at DESC LIMIT ?`,
      )
      .all(playerId, limit) as { game_id: string; created_at: number; seat: Seat; other_id: string | null }[];
    return rows.map((row) => ({
      gameId: row.game_id,
      createdAt: Number(row.created_at),
      seat: row.seat,
      opponent: (row.other_id === null ? undefined : this.#byId(row.other_id)) ?? null,
    }));
  }

  #byId(id: string): StoredPlayer | undefined {
    const row = this.#db.prepare('SELECT * FROM players WHERE id = ?').get(id) as PlayerRow | undefined;
    return row === undefined ? undefined : playerOf(row);
  }

  async finish(
    gameId: string,
    result: RatedResult,
    rule: RatingRule,
    windowMs: number,
  ): Promise<'rated' | 'recorded' | 'none'> {
    return this.#db.transaction((): 'rated' | 'recorded' | 'none' => {
      if (this.#db.prepare('SELECT 1 FROM game_results WHERE game_id = ?').get(gameId) !== undefined)
        return 'none';
      const seats = this.#db
        .prepare('SELECT seat, player_id FROM seat_players WHERE game_id = ?')
        .all(gameId) as { seat: Seat; player_id: string }[];
      const red = this.#byId(seats.find((s) => s.seat === 'red')?.player_id ?? '');
      const blue = this.#byId(seats.find((s) => s.seat === 'blue')?.player_id ?? '');
      if (red === undefined && blue === undefined) return 'none';
      const now = Date.now();
      const two = red !== undefined && blue !== undefined && red.id !== blue.id;
      const next = two ? rule(red, blue, this.#pairGames(red.id, blue.id, now - windowMs)) : null;
      const update = this.#db.prepare(
        'UPDATE players SET rating = ?, rd = ?, vol = ?, games = games + 1 WHERE id = ?',
      );
      if (red !== undefined && next?.red != null)
        update.run(next.red.rating, next.red.rd, next.red.vol, red.id);
      if (blue !== undefined && next?.blue != null)
        update.run(next.blue.rating, next.blue.rd, next.blue.vol, blue.id);
      this.#db
        .prepare(
          `INSERT INTO game_results (game_id, finished_at, result, red_id, blue_id, red_before, red_after, blue_before, blue_after)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          gameId,
          now,
          result,
          red?.id ?? null,
          blue?.id ?? null,
          next?.red == null ? null : (red?.glicko.rating ?? null),
          next?.red?.rating ?? null,
          next?.blue == null ? null : (blue?.glicko.rating ?? null),
          next?.blue?.rating ?? null,
        );
      return next?.red != null || next?.blue != null ? 'rated' : 'recorded';
    })();
  }

  /** Games between two players that moved a rating since `since`. */
  #pairGames(a: string, b: string, since: number): number {
    const row = this.#db
      .prepare(
        `SELECT count(*) AS n FROM game_results
         WHERE ((red_id = ? AND blue_id = ?) OR (red_id = ? AND blue_id = ?)) AND finished_at >= ?
           AND (red_after IS NOT NULL OR blue_after IS NOT NULL)`,
      )
      .get(a, b, b, a, since) as { n: number };
    return row.n;
  }

  async ended(gameId: string, result: RatedResult): Promise<void> {
    this.#db
      .prepare('UPDATE game_results SET ended = ? WHERE game_id = ? AND ended IS NULL')
      .run(result, gameId);
  }

  async rematchOf(gameId: string): Promise<StoredRematch | null> {
    const row = this.#db.prepare('SELECT * FROM rematches WHERE game_id = ?').get(gameId) as
      | RematchRow
      | undefined;
    return row === undefined
      ? null
      : { offeredBy: row.offered_by, declinedBy: row.declined_by, newGameId: row.new_game_id };
  }

  async offerRematch(gameId: string, seat: Seat): Promise<boolean> {
    const changed = this.#db
      .prepare(
        `INSERT INTO rematches (game_id, offered_by) VALUES (?, ?)
         ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by, declined_by = NULL
         WHERE rematches.new_game_id IS NULL`,
      )
      .run(gameId, seat).changes;
    return changed > 0;
  }

  async declineRematch(gameId: string, seat: Seat): Promise<boolean> {
    // Declining the other's offer marks it; taking back one's own removes it.
    const declined = this.#db
      .prepare(
        `UPDATE rematches SET declined_by = ?, offered_by = NULL
         WHERE game_id = ? AND offered_by = ? AND new_game_id IS NULL`,
      )
      .run(seat, gameId, opponentOf(seat)).changes;
    if (declined > 0) return true;
    return (
      this.#db
        .prepare('DELETE FROM rematches WHERE game_id = ? AND offered_by = ? AND new_game_id IS NULL')
        .run(gameId, seat).changes > 0
    );
  }

  async acceptRematch(gameId: string, seat: Seat, game: StoredGame): Promise<boolean> {
    return this.#db.transaction((): boolean => {
      const taken = this.#db
        .prepare(
          `UPDATE rematches SET new_game_id = ?
           WHERE game_id = ? AND offered_by = ? AND new_game_id IS NULL`,
        )
        .run(game.id, gameId, opponentOf(seat)).changes;
      if (taken === 0) return false;
      this.#insertGame(game);
      // Seats swapped: who was red is blue in the rematch.
      this.#db
        .prepare(
          `INSERT INTO seat_players (game_id, seat, player_id)
           SELECT ?, CASE seat WHEN 'red' THEN 'blue' ELSE 'red' END, player_id FROM seat_players WHERE game_id = ?`,
        )
        .run(game.id, gameId);
      return true;
    })();
  }

  async claimSeat(gameId: string, seat: Seat, tokenHash: string): Promise<boolean> {
    return this.#db.transaction((): boolean => {
      const row = this.#db.prepare('SELECT seats FROM games WHERE id = ?').get(gameId) as
        | { seats: string }
        | undefined;
      if (row === undefined) return false;
      const seats = JSON.parse(row.seats) as Record<Seat, SeatRecord>;
      if (seats[seat].holder !== 'human' || seats[seat].tokenHash !== null) return false;
      const record: SeatRecord = { holder: 'human', tokenHash, level: null };
      this.#db
        .prepare('UPDATE games SET seats = ? WHERE id = ?')
        .run(JSON.stringify({ ...seats, [seat]: record }), gameId);
      return true;
    })();
  }
}
