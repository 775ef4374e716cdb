/**
 * The one interface between the server and its storage: SQLite (default, one process) and PostgreSQL
 * (several processes), so nothing outside store/ knows SQL. The action log is append-only and
 * `(gameId, seq)` is unique: that uniqueness is the concurrency check when several processes share one
 * database (the loser of a race gets SequenceConflict, catches up and judges its action again).
 */
import type { BySeat, RecordEntry, Seat } from '../../engine/index.ts';
import type { ClockControl, Pairing } from '../../protocol/index.ts';
import type { AccountStore } from './account-store.ts';
import type { ChallengeStore } from './challenge-store.ts';
import type { ClockShift } from './clock-beats.ts';
import type { PlayerStore } from './player-store.ts';
import type { ClockState, PairedGame, SeatRecord, StoredGame } from './stored-game.ts';

export type { ClockState, PairedGame, SeatRecord, StoredGame } from './stored-game.ts';

/** A seek for an opponent as stored: `null` rules are "any". The token is stored as its sha256 only. */
export interface SeekRecord {
  readonly id: string;
  readonly tokenHash: string;
  readonly variant: 'standard' | 'advanced' | null;
  readonly shots: 'aimed' | 'quick' | null;
  /** Seeks pair only with the same clock (null: untimed). */
  readonly clock: ClockControl | null;
  /** The seeker's identity (the server's, never the page's word), or null for a seeker without one. */
  readonly playerId: string | null;
  /** The seeker's stored Glicko-2 rating when it sought, to pair by; null without an identity. */
  readonly rating: number | null;
  readonly createdAt: number;
  /** A seek nobody waits on any more is no longer offered after this (ms since 1970). */
  readonly aliveUntil: number;
  /** The address it came from (for the per-address bound and a no-show's cool-down), or null. */
  readonly address: string | null;
}

/** Issue 35: how many open seeks one seeker may hold. */
export interface SeekBounds {
  readonly perPlayer: number;
  readonly perAddress: number;
}

/** Why a seek was not placed or a listed one not taken: a bound, or a no-show's cool-down (until when). */
export interface SeekRefusal {
  readonly kind: 'refused';
  readonly reason: 'player' | 'address' | 'cooldown';
  readonly until: number | null;
}

/** The cool-down keys of a seeker: its identity and its address. */
export function cooldownKeys(seek: { playerId: string | null; address: string | null }): string[] {
  return [
    ...(seek.playerId === null ? [] : [`player:${seek.playerId}`]),
    ...(seek.address === null ? [] : [`address:${seek.address}`]),
  ];
}

/** What to do when a paired seat never came (GameStore.noShow). */
export interface NoShow {
  readonly now: number;
  /** The no-show's identity and address may not seek until then. */
  readonly cooldownUntil: number;
  /** The other seat's seek, open again, is offered until then (its page comes back to wait on it). */
  readonly aliveUntil: number;
}

/**
 * What GameStore.noShow did: nothing when the seat acted after all, or when neither seat came from the lobby
 * ('not-lobby'); else the other seat's seek open again (its id, or null when it had none).
 */
export type NoShowOutcome = 'acted' | 'not-lobby' | { readonly restored: string | null };

/** Builds the game for a partner found, inside the store's transaction (again for the next if that one went). */
export type PairGame = (partner: SeekRecord) => PairedGame;

export type PlaceOutcome =
  | SeekRefusal
  | { readonly kind: 'waiting' }
  | { readonly kind: 'paired'; readonly gameId: string; readonly seat: Seat; readonly partner: string };

/** Where a seek stands, looked up by its token. */
export type SeekState =
  | { readonly kind: 'open'; readonly seek: SeekRecord }
  | ({ readonly kind: 'paired'; readonly seekId: string } & Pairing);

export type CancelOutcome = 'cancelled' | 'wrong' | 'gone' | Pairing;

/** An open seek as listed, with its seeker's display name (null without an identity). */
export interface ListedSeek {
  readonly seek: SeekRecord;
  readonly name: string | null;
}

/** What taking a listed seek gives: a game, or nothing when the seek went or is the taker's own. */
export type AcceptOutcome = { readonly gameId: string; readonly seat: Seat } | 'gone' | 'own' | SeekRefusal;

/** A timed game whose running clock ran out (GameStore.dueClocks). */
export interface DueClock {
  readonly gameId: string;
  readonly seat: Seat;
  readonly v: number;
}

/** A game in progress for the watch list. */
export interface LiveGameRow {
  readonly game: StoredGame;
  /** Actions stored so far. */
  readonly moves: number;
  /** The display names of the identities in the seats (null: none, or the computer). */
  readonly names: BySeat<string | null>;
  /** The Glicko-2 ratings of the identities in the seats as stored now (null: none). */
  readonly ratings: BySeat<number | null>;
  /** When the last action was stored, or the game created when it has none (ms since 1970). */
  readonly lastActionAt: number;
}

export interface StoredGameWithLog {
  readonly game: StoredGame;
  /** The action log in order; entry i was accepted as sequence number i. */
  readonly actions: readonly RecordEntry[];
  /** When each action of `actions` was stored (ms since 1970): a reloaded game's decisions keep their start. */
  readonly actedAt: readonly number[];
}

/** Thrown when `seq` is already taken: another writer got there first. */
export class SequenceConflict extends Error {
  constructor(gameId: string, seq: number) {
    super(`Action ${seq} of game ${gameId} is already stored.`);
    this.name = 'SequenceConflict';
  }
}

/** Thrown when the database cannot be reached: nothing was changed, the caller may try again later. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The game store is unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StoreUnavailable';
  }
}

export type InviteOutcome = 'joined' | 'wrong' | 'used';

/** A connection pool's figures (PostgreSQL's pg.Pool): connections open, idle, and queries waiting for one. */
export interface PoolClients {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface GameStore {
  /** Players, ratings and rematches, in the same database (player-store.ts). */
  readonly players: PlayerStore;
  /** Challenges of one named player to another (challenge-store.ts), in the same database. */
  readonly challenges: ChallengeStore;
  /** Devices, passkeys, their challenges and link codes (issue 51). */
  readonly accounts: AccountStore;
  createGame(game: StoredGame): Promise<void>;
  /**
   * Appends action `seq` (the count of actions before it) in one transaction; rejects with SequenceConflict.
   * A timed game's clocks after the action are stored in the same transaction.
   */
  appendAction(
    gameId: string,
    seq: number,
    entry: RecordEntry,
    over: boolean,
    clock?: ClockState | null,
  ): Promise<void>;
  /** Replaces who holds a seat (a friend joined, the computer took over, a person came back). */
  updateSeat(gameId: string, seat: Seat, record: SeatRecord): Promise<void>;
  /** Uses an invite once, atomically: gives `seat` to the holder of `tokenHash`. */
  useInvite(gameId: string, inviteHash: string, seat: Seat, tokenHash: string): Promise<InviteOutcome>;
  load(gameId: string): Promise<StoredGameWithLog | null>;
  /**
   * The game (its seats as stored now) and the actions from `fromSeq` on: how a process whose room is
   * behind catches up with what other processes appended. `actions[0]` is action `fromSeq`.
   */
  loadFrom(gameId: string, fromSeq: number): Promise<StoredGameWithLog | null>;
  /**
   * Timed games not over whose running clock ran out at or before `at` (ms since 1970), the longest overdue
   * first, at most `limit`: found by an index on the deadline, so the games nobody holds are flagged too
   * (due-clocks.ts). `v` is the game's version, `seat` the one whose time ran out.
   */
  dueClocks(at: number, limit: number): Promise<DueClock[]>;
  /**
   * The lobby. Places a seek: atomically (one placement at a time, across processes) pairs it with the best
   * compatible open seek still alive at `now` (the closest rating when both have one, else the oldest),
   * never one of the same identity, storing the game `pair` builds with its seats' links; or leaves it open.
   */
  placeSeek(seek: SeekRecord, now: number, pair: PairGame, bounds: SeekBounds): Promise<PlaceOutcome>;
  /**
   * Takes an open seek from the list for `accepter` (its token, identity and address; its rules are the
   * seek's), storing the game `pair` builds with its links and the accepter's side as a paired seek.
   */
  acceptSeek(seekId: string, accepter: SeekRecord, now: number, pair: PairGame): Promise<AcceptOutcome>;
  /**
   * Issue 35: `seat` never came to its game. Unless an action of that seat is stored after all ('acted'): a
   * lobby game's no-show's identity and address get a cool-down and lose their open seeks, and the other
   * seat's seek is open again (same token), before the game is ended, so a page told of the end finds its
   * seek open. `restored`: that seek's id, or null when the game was not paired in the lobby.
   */
  noShow(gameId: string, seat: Seat, noShow: NoShow): Promise<NoShowOutcome>;
  /** Removes an open seek of this token; a paired one says where it went. */
  cancelSeek(seekId: string, tokenHash: string): Promise<CancelOutcome>;
  seekByToken(tokenHash: string): Promise<SeekState | null>;
  /** Keeps these open seeks offered until `aliveUntil` (their seekers still wait). */
  renewSeeks(seekIds: readonly string[], aliveUntil: number): Promise<void>;
  /** Open seeks alive at `now`, oldest first, with their seekers' names. */
  openSeeks(now: number, limit: number): Promise<ListedSeek[]>;
  /** Games not over whose seats are all taken, newest first, with their players' names. */
  /** Issue 35 item 4: this process is up at `at` (clock-beats.ts). */
  beat(process: string, at: number): Promise<void>;
  /**
   * At a start: when no process has beaten within `staleMs` of `now`, the whole server was down since the last
   * beat, and every running clock gets `shift` from then (its time off the clock); this process's first beat
   * is recorded either way. Returns the outage's start, or null.
   */
  resumeClocks(process: string, now: number, staleMs: number, shift: ClockShift): Promise<number | null>;
  liveGames(limit: number): Promise<LiveGameRow[]>;
  /** One cheap round trip (readiness, watch/readiness.ts); rejects with StoreUnavailable when unreachable. */
  ping(): Promise<void>;
  /** The schema versions this process applied when it opened the store (none: it was up to date). */
  readonly migrated: readonly number[];
  /** The connection pool's figures, or null for a store without one (SQLite). */
  poolClients(): PoolClients | null;
  close(): Promise<void>;
}

/** The clock as one comparable string: seeks pair only on equal keys ('' is untimed). */
export function clockKey(clock: ClockControl | null): string {
  if (clock === null) return '';
  return clock.kind === 'live' ? `live:${clock.minutes}+${clock.increment}` : `daily:${clock.days}`;
}

/** How long a paired seek is kept so its seeker's page can still learn where it went (ms). */
export const PAIRED_SEEK_KEPT_MS = 60 * 60 * 1000;
