/**
 * Players, ratings and rematches in storage: the same database as the games (SQLite or PostgreSQL), behind
 * one interface so nothing outside store/ knows SQL. An identity is a device's secret, kept as its sha256 only
 * (a player may have several devices since issue 51: account-store.ts);
 * a forgotten player's row goes, and with it every link from a game seat to it (the games themselves stay,
 * as does each rated game's result and rating numbers, with the forgotten side's id emptied).
 */
import type { Seat } from '../../engine/index.ts';
import type { StoredGame } from './stored-game.ts';

/** Glicko-2's three numbers, on the Glicko scale (1500, 350, 0.06 for a new player). */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

export interface StoredPlayer {
  /** Public, random, e.g. 'Qk3v9xYt2m1a'. */
  readonly id: string;
  readonly name: string;
  readonly glicko: Glicko;
  /** Rated games played. */
  readonly games: number;
  readonly createdAt: number;
}

/** A game a player sat in, for their page. */
export interface StoredPlayerGame {
  readonly gameId: string;
  readonly createdAt: number;
  readonly seat: Seat;
  /** The other seat's player, or null (the computer, nobody, or forgotten: see `otherHolder`). */
  readonly opponent: StoredPlayer | null;
  /** Who held the other seat, from the game's seats: 'computer' or 'human'. */
  readonly otherHolder: 'human' | 'computer';
  /**
   * The recorded result (the winning seat or 'draw'), the game's real end (the same, unless a seat handed to
   * the computer was rated a loss and its side then won or drew; null for games recorded before it was kept),
   * and this player's rating change when it was rated.
   */
  readonly finish: {
    readonly result: Seat | 'draw';
    readonly ended: Seat | 'draw' | null;
    readonly change: number | null;
  } | null;
  /** The seat that never came, when the game ended by its absence before it ever acted (aborted), else null. */
  readonly neverCame: Seat | null;
}

/** A game in progress a player sits in (their "Your games"); what stands in it comes from its room. */
export interface StoredOpenGame {
  readonly gameId: string;
  readonly createdAt: number;
  readonly seat: Seat;
  /** The other seat's player, or null (the computer, a friend not yet come, or a person without a name). */
  readonly opponent: StoredPlayer | null;
}

/** The result a rating is computed from: the winning seat, or 'draw'. */
export type RatedResult = Seat | 'draw';

/**
 * Computes both seats' new numbers from the players as stored (ratings.ts: Glicko-2, and what counts); null
 * for a side whose rating stays. `pairGames`: the games rated between the two within the store's window.
 */
export type RatingRule = (
  red: StoredPlayer,
  blue: StoredPlayer,
  pairGames: number,
) => { red: Glicko | null; blue: Glicko | null };

/** The first device of a new player: its public id and what it said it is. */
export interface NewDevice {
  readonly id: string;
  readonly label: string;
}

export type CreateOutcome = 'created' | 'name-taken' | 'exists';

/**
 * When a name is given up (renamed away, or its player forgotten) it stays held until `until` (ms since
 * 1970): nobody else may take it, and it finds nobody. `now` is the clock the holds are judged by.
 */
export interface NameHold {
  readonly now: number;
  readonly until: number;
}
export type RenameOutcome = 'renamed' | 'name-taken' | 'unknown';

/** Where a finished game's rematch stands. */
export interface StoredRematch {
  readonly offeredBy: Seat | null;
  readonly declinedBy: Seat | null;
  /** The new game, once accepted. */
  readonly newGameId: string | null;
}

export interface PlayerStore {
  /**
   * A new identity; 'exists' when this secret already has one (the page asked twice); 'name-taken' when a
   * player's name or a held one looks like it (name-key.ts), judged at `player.createdAt`.
   */
  create(player: StoredPlayer, secretHash: string, device: NewDevice): Promise<CreateOutcome>;
  /** The player of a device's secret (its sha256), unless that device was signed out (account-store.ts). */
  bySecret(secretHash: string): Promise<StoredPlayer | null>;
  /** By public id, or else by name (case does not matter). */
  find(idOrName: string): Promise<StoredPlayer | null>;
  /** The old name is held for the player as `hold` says (they may take it back; nobody else may). */
  rename(secretHash: string, name: string, hold: NameHold): Promise<RenameOutcome>;
  /** Deletes the identity and every seat's link to it, holding its name for nobody; true if there was one. */
  forget(secretHash: string, hold: NameHold): Promise<boolean>;
  /** Links a seat of a game to a player (at creation, at a join). */
  linkSeat(gameId: string, seat: Seat, playerId: string): Promise<void>;
  /** The players linked to a game's seats. */
  seatsOf(gameId: string): Promise<{ red: StoredPlayer | null; blue: StoredPlayer | null }>;
  /** The player's finished games, newest first. */
  gamesOf(playerId: string, limit: number): Promise<StoredPlayerGame[]>;
  /** A finished game's recorded rating numbers (each seat's before and after; null where it did not move), or null before it is recorded. */
  ratingOf(gameId: string): Promise<RatedNumbers | null>;
  /** The player's games not yet over, newest first. */
  openGamesOf(playerId: string, limit: number): Promise<StoredOpenGame[]>;
  /**
   * Records a game's result once (a later call changes nothing: 'none'), for a game with a player in a seat;
   * when both seats are two different players, also applies `rule` to their numbers in the same transaction
   * ('rated' when a rating moved), telling it how many games between the two were rated in the last
   * `windowMs`; otherwise the result alone ('recorded'); with no player, nothing ('none').
   */
  finish(
    gameId: string,
    result: RatedResult,
    rule: RatingRule,
    windowMs: number,
  ): Promise<'rated' | 'recorded' | 'none'>;
  /** Keeps the game's real end beside its recorded result, once (the first end told stays). */
  ended(gameId: string, result: RatedResult): Promise<void>;
  rematchOf(gameId: string): Promise<StoredRematch | null>;
  /** A seat offers (an offer replaces an earlier one or a refusal); false once the rematch was made. */
  offerRematch(gameId: string, seat: Seat): Promise<boolean>;
  /** A seat declines the other's offer, or takes back its own (then the offer is gone); false if nothing to. */
  declineRematch(gameId: string, seat: Seat): Promise<boolean>;
  /**
   * `seat` accepts the other seat's offer: stores `game` (seats swapped, both waiting to be claimed) and its
   * links, in one transaction with the rematch. False when there was no such offer or it was made already.
   */
  acceptRematch(gameId: string, seat: Seat, game: StoredGame): Promise<boolean>;
  /** Gives an unclaimed seat of a rematch to `tokenHash`; false when it is claimed already. */
  claimSeat(gameId: string, seat: Seat, tokenHash: string): Promise<boolean>;
}

/** A players row as both databases return it. */
export interface PlayerRow {
  id: string;
  name: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  created_at: number | string;
}

/** The rating columns of a rated game. */
export interface RatedNumbers {
  red_before: number | null;
  red_after: number | null;
  blue_before: number | null;
  blue_after: number | null;
}

export function playerOf(row: PlayerRow): StoredPlayer {
  return {
    id: row.id,
    name: row.name,
    glicko: { rating: row.rating, rd: row.rd, vol: row.vol },
    games: row.games,
    createdAt: Number(row.created_at),
  };
}

/** This player's rating change in a rated game, from the rated row. */
export function changeOf(seat: Seat, row: RatedNumbers): number | null {
  const before = seat === 'red' ? row.red_before : row.blue_before;
  const after = seat === 'red' ? row.red_after : row.blue_after;
  return before === null || after === null ? null : after - before;
}
