/**
 * The default store: one SQLite file (better-sqlite3) in WAL mode. An appended action inserts into the log
 * (a game's version is the count of its actions: VERSION) and writes the game's row only when the game ends
 * or its clock moves; its promise resolves only once that is committed, so an acknowledged
 * action survives a killed process. Group commit: the appends of one event-loop turn (every game's, as
 * their messages arrived) are committed together in one transaction just after the turn's I/O, so a busy
 * server writes each touched page once per turn instead of once per action. A sequence number taken
 * already fails that one append only (SQLite undoes just the failed statement).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Action, BySeat, GameOptions, RecordEntry, Seat } from '../../engine/index.ts';
import type { ClockControl } from '../../protocol/index.ts';
import type { AccountStore } from './account-store.ts';
import type { ChallengeStore } from './challenge-store.ts';
import { beatSqlite, type ClockShift, resumeSqlite } from './clock-beats.ts';
import {
  type AcceptOutcome,
  type CancelOutcome,
  type ClockState,
  clockKey,
  type DueClock,
  type GameStore,
  type InviteOutcome,
  type ListedSeek,
  type LiveGameRow,
  type NoShow,
  type NoShowOutcome,
  PAIRED_SEEK_KEPT_MS,
  type PairedGame,
  type PairGame,
  type PlaceOutcome,
  type SeatRecord,
  type SeekBounds,
  type SeekRecord,
  type SeekState,
  SequenceConflict,
  type StoredGame,
  type StoredGameWithLog,
} from './game-store.ts';
import { type KeyedName, rekeyedNames } from './name-key.ts';
import type { PlayerStore } from './player-store.ts';
import { SqliteAccounts } from './sqlite-accounts.ts';
import { SqliteChallenges } from './sqlite-challenges.ts';
import { SqlitePlayerStore } from './sqlite-players.ts';
import { recordNoShow, seekRefusal } from './sqlite-seek-guard.ts';

/** The seat whose clock runs, and the time it runs out: what the clock index and its query share. */
const RUNNING = `json_extract(clock, '$.running')`;
const DEADLINE = `(json_extract(clock, '$.since') + json_extract(clock, '$.left.' || ${RUNNING}))`;

/**
 * Game `g`'s version, the number of its actions, read from the end of its actions' key (one index seek). The
 * games table's `version` column is no longer read: an untimed game's row is not rewritten for each action,
 * which rewrote its row and both indexes on `over` and `clock` in every commit: a lone append took 42-43 µs
 * of CPU with it and 24-26 without (in-process, 50 games, two runs each). The column is still written when
 * the row is (the game ends, a clock moves), so it is stale for an untimed game in play: nothing may read it.
 */
const VERSION = (g: string) =>
  `COALESCE((SELECT max(a.seq) + 1 FROM actions a WHERE a.game_id = ${g}.id), 0)`;

/** Migrations in order; PRAGMA user_version counts those applied. The first one is idempotent on purpose:
 * databases made before migrations were counted already have its tables. A migration SQL cannot say is a
 * function, run in the same transaction. */
const MIGRATIONS: readonly (string | ((db: Database.Database) => void))[] = [
  `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  options TEXT NOT NULL,
  seed_hash TEXT NOT NULL,
  seats TEXT NOT NULL,
  invite_hash TEXT,
  invite_used INTEGER NOT NULL DEFAULT 0,
  over INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_running ON games (over);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  seat TEXT NOT NULL,
  action TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
`,
  // Games stored before keyed chance drew from xoroshiro128+: say so in their options, since new games'
  // options default to ChaCha20 (docs/fairness.md "Old games").
  `
UPDATE games SET options = json_set(options, '$.chance', 'xoroshiro128plus')
WHERE json_extract(options, '$.chance') IS NULL;
`,
  // Issue 19: players without accounts (a device identity's sha256, a name, Glicko-2 numbers), which player
  // sits in which seat, each finished game's result (with the rating numbers when it was rated), and rematch
  // offers. A forgotten player's links go with it.
  `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  vol REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE seat_players (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_players_player ON seat_players (player_id);
CREATE TABLE game_results (
  game_id TEXT PRIMARY KEY REFERENCES games (id),
  finished_at INTEGER NOT NULL,
  result TEXT NOT NULL,
  red_id TEXT REFERENCES players (id) ON DELETE SET NULL,
  blue_id TEXT REFERENCES players (id) ON DELETE SET NULL,
  red_before REAL,
  red_after REAL,
  blue_before REAL,
  blue_after REAL
);
CREATE TABLE rematches (
  game_id TEXT PRIMARY KEY REFERENCES games (id),
  offered_by TEXT,
  declined_by TEXT,
  new_game_id TEXT
);
`,
  // Issue 19: clocks stored with their game, and the lobby's seeks.
  `
ALTER TABLE games ADD COLUMN clock TEXT;
CREATE TABLE seeks (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  variant TEXT,
  shots TEXT,
  clock TEXT,
  clock_key TEXT NOT NULL,
  rating REAL,
  created_at INTEGER NOT NULL,
  alive_until INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  game_id TEXT,
  seat TEXT
);
CREATE INDEX seeks_open ON seeks (status, created_at);
`,
  // Issue 19: a seek remembers its seeker's identity, so a pairing links both seats to their players (and the
  // game is rated) and the lobby lists the seeker's name. A forgotten player's seek is left without one.
  `
ALTER TABLE seeks ADD COLUMN player_id TEXT REFERENCES players (id) ON DELETE SET NULL;
`,
  // Issue 16: games are loaded only where they are played, so a clock that runs out in a game nobody holds is
  // found through this index on its deadline (GameStore.dueClocks; the expression is the one the query uses).
  `
CREATE INDEX games_clock_due ON games (${DEADLINE}) WHERE over = 0 AND ${RUNNING} IS NOT NULL;
`,
  // Issue 35: a given-up name (renamed away, or its player forgotten) is held for a while, so that
  // /player/<name> does not show whoever takes it next; the player who gave it up may take it back.
  `
CREATE TABLE name_holds (
  name_key TEXT PRIMARY KEY,
  player_id TEXT REFERENCES players (id) ON DELETE SET NULL,
  held_until INTEGER NOT NULL
);
`,
  // Issue 35: names are unique by their confusables skeleton (name-key.ts), computed here, not in SQL.
  (db) => {
    const rows = db.prepare('SELECT id, name, name_key, created_at FROM players').all() as KeyedName[];
    const changes = rekeyedNames(rows);
    const update = db.prepare('UPDATE players SET name_key = ? WHERE id = ?');
    // Through a key no name has first, so two names trading keys never meet on the unique index.
    for (const { id } of changes) update.run(`#${id}`, id);
    for (const { id, key } of changes) update.run(key, id);
  },
  // Issue 35: a seek remembers its address (open seeks are bounded per identity and per address), a seeker
  // whose paired seat never came waits out a cool-down, the pair limit of ratings reads results by player,
  // and each process notes that it is up (a clock does not run while no process was: clock-outage.ts).
  `
ALTER TABLE seeks ADD COLUMN address TEXT;
CREATE INDEX seeks_game ON seeks (game_id);
CREATE TABLE seek_cooldowns (key TEXT PRIMARY KEY, until INTEGER NOT NULL);
CREATE INDEX game_results_pair ON game_results (red_id, blue_id);
CREATE TABLE server_beats (process TEXT PRIMARY KEY, at INTEGER NOT NULL);
`,
  // Issue 35: a game's real end beside its rated result (a seat handed to the computer is rated a loss at
  // once; the game may end otherwise later): the winning seat or 'draw', null until the game ends.
  'ALTER TABLE game_results ADD COLUMN ended TEXT;',
  // Issue 31: a challenge of one named player to another, with the lobby's options; it goes with either
  // player's row ("Forget me"). Once accepted it keeps its game and the challenger's seat for the challenger
  // to find (the challenger's token is the seat's, as a seek's).
  `
CREATE TABLE challenges (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  challenger_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  challenged_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  variant TEXT,
  shots TEXT,
  clock TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  answered_at INTEGER,
  game_id TEXT,
  challenger_seat TEXT
);
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX challenges_challenged ON challenges (challenged_id, status);
`,
  // Issue 51: accounts that travel. A player has devices (each its own secret's sha256; the one the player was
  // made with becomes its first), passkeys (public keys), WebAuthn challenges waiting to be answered, and link
  // codes (sha256). The players table's secret_hash is no identity any more: SQLite cannot drop a UNIQUE
  // column, so it holds 'player:<id>' and is never read.
  (db) => {
    db.exec(`
CREATE TABLE devices (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL UNIQUE,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  via TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX devices_player ON devices (player_id);
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_player ON passkeys (player_id);
CREATE TABLE ceremonies (
  challenge TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  player_id TEXT REFERENCES players (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE TABLE link_codes (
  code_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX link_codes_player ON link_codes (player_id);
`);
    db.exec(`
INSERT INTO devices (id, secret_hash, player_id, via, label, created_at, last_used_at)
  SELECT lower(hex(randomblob(9))), secret_hash, id, 'first', '', created_at, created_at FROM players;
UPDATE players SET secret_hash = 'player:' || id;
`);
  },
];

interface GameRow {
  id: string;
  created_at: number;
  options: string;
  seed_hash: string;
  seats: string;
  invite_hash: string | null;
  invite_used: number;
  over: number;
  clock: string | null;
  version: number;
}

interface SeekRow {
  id: string;
  token_hash: string;
  variant: 'standard' | 'advanced' | null;
  shots: 'aimed' | 'quick' | null;
  clock: string | null;
  player_id: string | null;
  rating: number | null;
  created_at: number;
  alive_until: number;
  address: string | null;
  status: 'open' | 'paired';
  game_id: string | null;
  seat: Seat | null;
}

interface DueRow {
  id: string;
  seat: Seat;
  version: number;
}

interface ActionRow {
  seat: Seat;
  action: string;
  created_at: number;
}

export interface SqliteOptions {
  /** 'normal' (default) survives a killed process; 'full' also survives a power cut, at the cost of an fsync per action. */
  readonly synchronous?: 'normal' | 'full';
  /** Stop after this many migrations (tests: a database as an earlier release left it). All by default. */
  readonly migrateTo?: number;
}

/** An append waiting for this turn's transaction. */
interface PendingAppend {
  readonly gameId: string;
  readonly seq: number;
  readonly entry: RecordEntry;
  readonly over: boolean;
  readonly clock: ClockState | null | undefined;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class SqliteGameStore implements GameStore {
  readonly #db: Database.Database;
  readonly players: PlayerStore;
  readonly challenges: ChallengeStore;
  readonly accounts: AccountStore;
  readonly #insertGame: Database.Statement;
  readonly #insertAction: Database.Statement;
  readonly #bumpVersion: Database.Statement;
  readonly #selectGame: Database.Statement<[string], GameRow>;
  readonly #selectActions: Database.Statement<[string, number], ActionRow>;
  readonly #selectDue: Database.Statement<[number, number], DueRow>;
  readonly #updateSeats: Database.Statement;
  readonly #useInvite: Database.Statement;
  /** Commits a batch in one transaction; returns each append's own failure (a broken constraint) or null. */
  readonly #appendAll: (batch: readonly PendingAppend[]) => (Error | null)[];
  #batch: PendingAppend[] = [];
  #flushing: NodeJS.Immediate | null = null;
  readonly migrated: readonly number[];

  constructor(path: string, options: SqliteOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = new Database(path);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    this.#db.pragma('busy_timeout = 5000');
    this.#db.pragma('foreign_keys = ON');
    this.migrated = this.#migrate(options.migrateTo ?? MIGRATIONS.length);
    this.#insertGame = this.#db.prepare(
      `INSERT INTO games (id, created_at, options, seed_hash, seats, invite_hash, invite_used, over, clock)
       VALUES (@id, @createdAt, @options, @seedHash, @seats, @inviteHash, @inviteUsed, @over, @clock)`,
    );
    this.#insertAction = this.#db.prepare(
      'INSERT INTO actions (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#bumpVersion = this.#db.prepare(
      'UPDATE games SET version = ?, over = ?, clock = COALESCE(?, clock) WHERE id = ?',
    );
    this.#selectGame = this.#db.prepare('SELECT * FROM games WHERE id = ?');
    this.#selectActions = this.#db.prepare(
      'SELECT seat, action, created_at FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq',
    );
    this.#selectDue = this.#db.prepare(
      // INDEXED BY: without statistics the planner would take games_running (every unfinished game).
      `SELECT id, ${RUNNING} AS seat, ${VERSION('games')} AS version FROM games INDEXED BY games_clock_due
       WHERE over = 0 AND ${RUNNING} IS NOT NULL AND ${DEADLINE} <= ? ORDER BY ${DEADLINE} LIMIT ?`,
    );
    this.#updateSeats = this.#db.prepare('UPDATE games SET seats = ? WHERE id = ?');
    this.#useInvite = this.#db.prepare('UPDATE games SET seats = ?, invite_used = 1 WHERE id = ?');
    this.#appendAll = this.#db.transaction((batch: readonly PendingAppend[]) => {
      const now = Date.now();
      return batch.map(({ gameId, seq, entry, over, clock }) => {
        try {
          this.#insertAction.run(gameId, seq, entry.seat, JSON.stringify(entry.action), now);
        } catch (error) {
          // A broken constraint undoes that one statement: the append fails alone, the others go on.
          if (isUniqueViolation(error)) return new SequenceConflict(gameId, seq);
          if (isConstraintViolation(error)) return error as Error;
          throw error;
        }
        // Most actions neither end the game nor move a clock: the game's row stays as it is (VERSION).
        if (over || clock != null)
          this.#bumpVersion.run(seq + 1, over ? 1 : 0, clock == null ? null : JSON.stringify(clock), gameId);
        return null;
      });
    });
    this.players = new SqlitePlayerStore(this.#db, (game) => this.#insertGame.run(gameRow(game)));
    this.challenges = new SqliteChallenges(this.#db, (paired) => this.#storePaired(paired));
    this.accounts = new SqliteAccounts(this.#db);
  }

  async createGame(game: StoredGame): Promise<void> {
    this.#insertGame.run(gameRow(game));
  }

  appendAction(
    gameId: string,
    seq: number,
    entry: RecordEntry,
    over: boolean,
    clock?: ClockState | null,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#batch.push({ gameId, seq, entry, over, clock, resolve, reject });
      // After this turn's I/O callbacks: every message that arrived in it has queued its append by then.
      this.#flushing ??= setImmediate(() => this.#flush());
    });
  }

  async updateSeat(gameId: string, seat: Seat, record: SeatRecord): Promise<void> {
    this.#db.transaction(() => {
      const row = this.#selectGame.get(gameId);
      if (row === undefined) throw new Error(`No game ${gameId} in the store.`);
      const seats = { ...(JSON.parse(row.seats) as BySeat<SeatRecord>), [seat]: record };
      this.#updateSeats.run(JSON.stringify(seats), gameId);
    })();
  }

  async useInvite(gameId: string, inviteHash: string, seat: Seat, tokenHash: string): Promise<InviteOutcome> {
    return this.#db.transaction((): InviteOutcome => {
      const row = this.#selectGame.get(gameId);
      if (row === undefined || row.invite_hash === null || row.invite_hash !== inviteHash) return 'wrong';
      if (row.invite_used !== 0) return 'used';
      const record: SeatRecord = { holder: 'human', tokenHash, level: null };
      const seats = { ...(JSON.parse(row.seats) as BySeat<SeatRecord>), [seat]: record };
      this.#useInvite.run(JSON.stringify(seats), gameId);
      return 'joined';
    })();
  }

  async load(gameId: string): Promise<StoredGameWithLog | null> {
    const row = this.#selectGame.get(gameId);
    return row === undefined ? null : this.#withLog(row, 0);
  }

  async loadFrom(gameId: string, fromSeq: number): Promise<StoredGameWithLog | null> {
    const row = this.#selectGame.get(gameId);
    return row === undefined ? null : this.#withLog(row, fromSeq);
  }

  async dueClocks(at: number, limit: number): Promise<DueClock[]> {
    return this.#selectDue.all(at, limit).map((row) => ({ gameId: row.id, seat: row.seat, v: row.version }));
  }

  // --- the lobby: one process, so a synchronous transaction is one placement at a time ---

  async placeSeek(seek: SeekRecord, now: number, pair: PairGame, bounds: SeekBounds): Promise<PlaceOutcome> {
    return this.#db.transaction((): PlaceOutcome => {
      this.#sweepSeeks(now);
      const refusal = seekRefusal(this.#db, seek, now, bounds);
      if (refusal !== null) return refusal;
      const partner = this.#db
        .prepare<unknown[], SeekRow>(
          `SELECT * FROM seeks WHERE status = 'open' AND alive_until > @now AND clock_key = @clockKey
             AND (variant IS NULL OR @variant IS NULL OR variant = @variant)
             AND (shots IS NULL OR @shots IS NULL OR shots = @shots)
             AND (player_id IS NULL OR player_id IS NOT @player)
           ORDER BY (CASE WHEN @rating IS NULL OR rating IS NULL THEN 1 ELSE 0 END),
             (CASE WHEN @rating IS NULL OR rating IS NULL THEN 0 ELSE ABS(rating - @rating) END), created_at, id
           LIMIT 1`,
        )
        .get({
          now,
          clockKey: clockKey(seek.clock),
          variant: seek.variant,
          shots: seek.shots,
          rating: seek.rating,
          player: seek.playerId,
        });
      if (partner === undefined) {
        this.#insertSeek(seek, null);
        return { kind: 'waiting' };
      }
      const paired = pair(seekOf(partner));
      this.#createPaired(paired, partner.id);
      const seat = paired.partnerSeat === 'red' ? 'blue' : 'red';
      this.#insertSeek(seek, { gameId: paired.game.id, seat });
      return { kind: 'paired', gameId: paired.game.id, seat, partner: partner.id };
    })();
  }

  async acceptSeek(
    seekId: string,
    accepter: SeekRecord,
    now: number,
    pair: PairGame,
  ): Promise<AcceptOutcome> {
    const accepterId = accepter.playerId;
    return this.#db.transaction((): AcceptOutcome => {
      const refusal = seekRefusal(this.#db, accepter, now, null);
      if (refusal !== null) return refusal;
      const row = this.#db
        .prepare<unknown[], SeekRow>(
          `SELECT * FROM seeks WHERE id = ? AND status = 'open' AND alive_until > ?`,
        )
        .get(seekId, now);
      if (row === undefined) return 'gone';
      if (accepterId !== null && row.player_id === accepterId) return 'own';
      const paired = pair(seekOf(row));
      this.#createPaired(paired, row.id);
      const seat = paired.partnerSeat === 'red' ? 'blue' : 'red';
      // The accepter's side as a paired seek on the seek's rules: where a no-show's cool-down and the
      // other's seek restored are found (recordNoShow).
      const rules = { variant: row.variant, shots: row.shots, clock: seekOf(row).clock };
      this.#insertSeek({ ...accepter, ...rules }, { gameId: paired.game.id, seat });
      return { gameId: paired.game.id, seat };
    })();
  }

  async beat(process: string, at: number): Promise<void> {
    beatSqlite(this.#db, process, at);
  }

  async resumeClocks(
    process: string,
    now: number,
    staleMs: number,
    shift: ClockShift,
  ): Promise<number | null> {
    return resumeSqlite(this.#db, process, now, staleMs, shift);
  }

  async noShow(gameId: string, seat: Seat, noShow: NoShow): Promise<NoShowOutcome> {
    return this.#db.transaction(() => recordNoShow(this.#db, gameId, seat, noShow))();
  }

  async cancelSeek(seekId: string, tokenHash: string): Promise<CancelOutcome> {
    return this.#db.transaction((): CancelOutcome => {
      const row = this.#db.prepare<unknown[], SeekRow>('SELECT * FROM seeks WHERE id = ?').get(seekId);
      if (row === undefined) return 'gone';
      if (row.token_hash !== tokenHash) return 'wrong';
      if (row.status === 'paired' && row.game_id !== null && row.seat !== null)
        return { gameId: row.game_id, seat: row.seat };
      this.#db.prepare('DELETE FROM seeks WHERE id = ?').run(seekId);
      return 'cancelled';
    })();
  }

  async seekByToken(tokenHash: string): Promise<SeekState | null> {
    const row = this.#db
      .prepare<unknown[], SeekRow>('SELECT * FROM seeks WHERE token_hash = ?')
      .get(tokenHash);
    return row === undefined ? null : seekStateOf(row);
  }

  async renewSeeks(seekIds: readonly string[], aliveUntil: number): Promise<void> {
    const renew = this.#db.prepare("UPDATE seeks SET alive_until = ? WHERE id = ? AND status = 'open'");
    this.#db.transaction(() => {
      for (const id of seekIds) renew.run(aliveUntil, id);
    })();
  }

  async openSeeks(now: number, limit: number): Promise<ListedSeek[]> {
    return this.#db
      .prepare<unknown[], SeekRow & { name: string | null }>(
        `SELECT s.*, p.name FROM seeks s LEFT JOIN players p ON p.id = s.player_id
         WHERE s.status = 'open' AND s.alive_until > ? ORDER BY s.created_at, s.id LIMIT ?`,
      )
      .all(now, limit)
      .map((row) => ({ seek: seekOf(row), name: row.name }));
  }

  async liveGames(limit: number): Promise<LiveGameRow[]> {
    // Most running games have both seats taken: read a few more than asked, then leave out the others.
    const rows = this.#db
      .prepare<unknown[], GameRow & LiveColumns>(
        `SELECT g.*, ${VERSION('g')} AS moves, ${seatPlayer('red', 'name')} AS red_name, ${seatPlayer('blue', 'name')} AS blue_name,
           ${seatPlayer('red', 'rating')} AS red_rating, ${seatPlayer('blue', 'rating')} AS blue_rating,
           COALESCE((SELECT max(a.created_at) FROM actions a WHERE a.game_id = g.id), g.created_at) AS last_at
         FROM games g WHERE g.over = 0 ORDER BY g.created_at DESC LIMIT ?`,
      )
      .all(limit * 2);
    return rows
      .map((row) => ({
        game: gameOf(row),
        moves: row.moves,
        names: { red: row.red_name, blue: row.blue_name },
        ratings: { red: row.red_rating, blue: row.blue_rating },
        lastActionAt: row.last_at,
      }))
      .filter(
        ({ game }) => !Object.values(game.seats).some((s) => s.holder === 'human' && s.tokenHash === null),
      )
      .slice(0, limit);
  }

  /** Seeks nobody waits on any more, and paired ones kept past their time, go. */
  #sweepSeeks(now: number): void {
    this.#db
      .prepare(
        "DELETE FROM seeks WHERE (status = 'open' AND alive_until <= ?) OR (status = 'paired' AND created_at < ?)",
      )
      .run(now, now - PAIRED_SEEK_KEPT_MS);
  }

  #insertSeek(seek: SeekRecord, paired: { gameId: string; seat: Seat } | null): void {
    this.#db
      .prepare(
        `INSERT INTO seeks (id, token_hash, variant, shots, clock, clock_key, rating, created_at, alive_until, status, game_id, seat, player_id, address)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
      );
  }

  /**
   * Stores the game and marks the partner's seek paired, inside the caller's transaction.
   */
  #createPaired(paired: PairedGame, partnerId: string): void {
    this.#storePaired(paired);
    this.#db
      .prepare("UPDATE seeks SET status = 'paired', game_id = ?, seat = ? WHERE id = ?")
      .run(paired.game.id, paired.partnerSeat, partnerId);
  }

  /**
   * Stores a paired game (the lobby's, or an accepted challenge's) with its seats' links to their players (one
   * forgotten meanwhile is left out), inside the caller's transaction.
   */
  #storePaired(paired: PairedGame): void {
    const { game } = paired;
    this.#insertGame.run(gameRow(game));
    const link = this.#db.prepare(
      'INSERT INTO seat_players (game_id, seat, player_id) SELECT ?, ?, id FROM players WHERE id = ?',
    );
    for (const seat of ['red', 'blue'] as const) {
      const playerId = paired.players[seat];
      if (playerId !== null) link.run(game.id, seat, playerId);
    }
  }

  async close(): Promise<void> {
    this.#flush();
    if (this.#db.open) this.#db.close();
  }

  /** Commits the waiting appends; an error other than a broken constraint fails them all (nothing is kept). */
  #flush(): void {
    if (this.#flushing !== null) clearImmediate(this.#flushing);
    this.#flushing = null;
    const batch = this.#batch;
    if (batch.length === 0) return;
    this.#batch = [];
    let failures: (Error | null)[];
    try {
      failures = this.#appendAll(batch);
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    for (const [i, append] of batch.entries()) {
      const failure = failures[i] ?? null;
      if (failure === null) append.resolve();
      else append.reject(failure);
    }
  }

  #migrate(upTo: number): number[] {
    const applied = Number(this.#db.pragma('user_version', { simple: true }));
    const applying: number[] = [];
    for (const [index, sql] of MIGRATIONS.entries()) {
      if (index < applied || index >= upTo) continue;
      this.#db.transaction(() => {
        if (typeof sql === 'string') this.#db.exec(sql);
        else sql(this.#db);
        this.#db.pragma(`user_version = ${index + 1}`);
      })();
      applying.push(index + 1);
    }
    return applying;
  }

  /** The file is this process's own: nothing to reach. */
  async ping(): Promise<void> {}

  poolClients(): null {
    return null;
  }

  #withLog(row: GameRow, fromSeq: number): StoredGameWithLog {
    const rows = this.#selectActions.all(row.id, fromSeq);
    const actions = rows.map((a): RecordEntry => ({ seat: a.seat, action: JSON.parse(a.action) as Action }));
    return { game: gameOf(row), actions, actedAt: rows.map((a) => a.created_at) };
  }
}

/** The named parameters of the games insert. */
function gameRow(game: StoredGame) {
  return {
    id: game.id,
    createdAt: game.createdAt,
    options: JSON.stringify(game.options),
    seedHash: game.seedHash,
    seats: JSON.stringify(game.seats),
    inviteHash: game.inviteHash,
    inviteUsed: game.inviteUsed ? 1 : 0,
    over: game.over ? 1 : 0,
    clock: game.clock == null ? null : JSON.stringify(game.clock),
  };
}

function gameOf(row: GameRow): StoredGame {
  return {
    id: row.id,
    createdAt: row.created_at,
    options: JSON.parse(row.options) as GameOptions,
    seedHash: row.seed_hash,
    seats: JSON.parse(row.seats) as BySeat<SeatRecord>,
    inviteHash: row.invite_hash,
    inviteUsed: row.invite_used !== 0,
    over: row.over !== 0,
    clock: row.clock === null ? null : (JSON.parse(row.clock) as ClockState),
  };
}

function seekOf(row: SeekRow): SeekRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    variant: row.variant,
    shots: row.shots,
    clock: row.clock === null ? null : (JSON.parse(row.clock) as ClockControl),
    playerId: row.player_id,
    rating: row.rating,
    createdAt: row.created_at,
    aliveUntil: row.alive_until,
    address: row.address,
  };
}

/** A column of the identity in `seat` of game `g`, as a subquery. */
function seatPlayer(seat: Seat, column: 'name' | 'rating'): string {
  return `(SELECT p.${column} FROM seat_players s JOIN players p ON p.id = s.player_id
    WHERE s.game_id = g.id AND s.seat = '${seat}')`;
}

/** What liveGames reads besides the game: its players' names and ratings, and its last action's time. */
interface LiveColumns {
  moves: number;
  red_name: string | null;
  blue_name: string | null;
  red_rating: number | null;
  blue_rating: number | null;
  last_at: number;
}

function seekStateOf(row: SeekRow): SeekState {
  if (row.status === 'paired' && row.game_id !== null && row.seat !== null)
    return { kind: 'paired', seekId: row.id, gameId: row.game_id, seat: row.seat };
  return { kind: 'open', seek: seekOf(row) };
}

function isConstraintViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('SQLITE_CONSTRAINT')
  );
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')
  );
}
