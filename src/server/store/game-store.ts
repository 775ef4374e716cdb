/**
 * The one interface between the server and its storage: SQLite (default, one process) and PostgreSQL
 * (several processes), so nothing outside store/ knows SQL. The action log is append-only and
 * `(gameId, seq)` is unique: that uniqueness is the concurrency check when several processes share one
 * database (the loser of a race gets SequenceConflict, catches up and judges its action again).
 */
import type { RecordEntry, Seat } from '../../engine/index.ts';
import type { PlayerStore } from './player-store.ts';
import type { SeatRecord, StoredGame } from './stored-game.ts';

export type { SeatRecord, StoredGame } from './stored-game.ts';

export interface StoredGameWithLog {
  readonly game: StoredGame;
  /** The action log in order; entry i was accepted as sequence number i. */
  readonly actions: readonly RecordEntry[];
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

export interface GameStore {
  /** Players, ratings and rematches, in the same database (player-store.ts). */
  readonly players: PlayerStore;
  createGame(game: StoredGame): Promise<void>;
  /** Appends action `seq` (the count of actions before it) in one transaction; rejects with SequenceConflict. */
  appendAction(gameId: string, seq: number, entry: RecordEntry, over: boolean): Promise<void>;
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
  /** Every game not over, with its log, to rebuild after a restart. */
  loadUnfinished(): Promise<StoredGameWithLog[]>;
  close(): Promise<void>;
}
