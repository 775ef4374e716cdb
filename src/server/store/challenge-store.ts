/**
 * Challenges in storage (issue 31, item 7), in the same database as the games, behind one interface for
 * SQLite and PostgreSQL. A challenge names two players; "Forget me" takes its challenges with it (the rows
 * go with either player's row). Each change is one transaction that first holds both players' rows, so a
 * player forgotten meanwhile is seen as gone, never as a broken foreign key, and the bounds are counted one
 * challenge at a time per player across every process.
 */
import type { Seat } from '../../engine/index.ts';
import type { ChallengeStatus, ClockControl } from '../../protocol/index.ts';
import type { StoredPlayer } from './player-store.ts';
import type { PairedGame } from './stored-game.ts';

/** A challenge as stored: `null` rules are "any"; the challenger's token is stored as its sha256 only. */
export interface ChallengeRecord {
  readonly id: string;
  readonly tokenHash: string;
  readonly challengerId: string;
  readonly challengedId: string;
  readonly variant: 'standard' | 'advanced' | null;
  readonly shots: 'aimed' | 'quick' | null;
  readonly clock: ClockControl | null;
  readonly createdAt: number;
  /** An open challenge not answered by then has lapsed (ms since 1970). */
  readonly expiresAt: number;
  readonly status: ChallengeStatus;
  /** When it was accepted or declined, or null while open. */
  readonly answeredAt: number | null;
  /** Once accepted: the game and the challenger's seat in it. */
  readonly gameId: string | null;
  readonly challengerSeat: Seat | null;
}

/** How many open challenges a player may have: made, and received; and one open per pair of players. */
export interface ChallengeBounds {
  readonly outgoing: number;
  readonly incoming: number;
}

/** Why a challenge was not stored: a bound, or a player who is no longer there. */
export type CreateChallengeOutcome = 'created' | 'outgoing' | 'incoming' | 'pair' | 'unknown';

/** A challenge with the other player as stored now. */
export interface ListedChallenge {
  readonly challenge: ChallengeRecord;
  readonly other: StoredPlayer;
}

/** Why an answer or a cancel did nothing. */
export type ChallengeRefusal = 'gone' | 'not-yours' | 'expired' | 'answered';

/** Builds the game of an accepted challenge, inside the store's transaction. */
export type ChallengeGame = (challenge: ChallengeRecord) => PairedGame;

export interface ChallengeStore {
  /** Stores an open challenge unless a bound says no at `now`, or either player is gone. */
  create(challenge: ChallengeRecord, now: number, bounds: ChallengeBounds): Promise<CreateChallengeOutcome>;
  /**
   * The player's challenges at `now`: incoming open ones not lapsed; outgoing open ones not lapsed and those
   * answered since `answeredSince`; oldest first.
   */
  listFor(
    playerId: string,
    now: number,
    answeredSince: number,
  ): Promise<{ incoming: ListedChallenge[]; outgoing: ListedChallenge[] }>;
  /** The challenged player accepts: the game `game` builds is stored, linked and the challenge marked, at once. */
  accept(
    challengeId: string,
    playerId: string,
    now: number,
    game: ChallengeGame,
  ): Promise<{ readonly gameId: string; readonly seat: Seat } | ChallengeRefusal>;
  decline(challengeId: string, playerId: string, now: number): Promise<'declined' | ChallengeRefusal>;
  /** The challenger takes back an open challenge (or clears an answered one that was declined). */
  cancel(challengeId: string, playerId: string): Promise<'cancelled' | ChallengeRefusal>;
}

/** Why an open challenge cannot be answered by `playerId` at `now`, or null when it can. */
export function answerRefusal(
  challenge: ChallengeRecord | undefined,
  playerId: string,
  now: number,
): ChallengeRefusal | null {
  if (challenge === undefined) return 'gone';
  if (challenge.challengedId !== playerId) return 'not-yours';
  if (challenge.status !== 'open') return 'answered';
  if (challenge.expiresAt <= now) return 'expired';
  return null;
}

/** Why the challenger cannot take back this challenge, or null when it can (an accepted one has its game). */
export function cancelRefusal(
  challenge: ChallengeRecord | undefined,
  playerId: string,
): ChallengeRefusal | null {
  if (challenge === undefined) return 'gone';
  if (challenge.challengerId !== playerId) return 'not-yours';
  if (challenge.status === 'accepted') return 'answered';
  return null;
}

/** Answered challenges, and open ones lapsed, are kept this long after for their players to read (ms). */
export const CHALLENGES_KEPT_MS = 24 * 60 * 60 * 1000;
