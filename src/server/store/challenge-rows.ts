/**
 * A challenges row as both databases return it, and what it becomes: shared by sqlite-challenges.ts and
 * postgres-challenges.ts (SQLite gives the clock as JSON text and numbers as numbers; PostgreSQL gives JSONB
 * parsed and BIGINT as text).
 */
import type { Seat } from '../../engine/index.ts';
import type { ClockControl } from '../../protocol/index.ts';
import type { ChallengeRecord, ListedChallenge } from './challenge-store.ts';
import { type PlayerRow, playerOf } from './player-store.ts';

export interface ChallengeRow {
  id: string;
  token_hash: string;
  challenger_id: string;
  challenged_id: string;
  variant: 'standard' | 'advanced' | null;
  shots: 'aimed' | 'quick' | null;
  clock: string | ClockControl | null;
  created_at: number | string;
  expires_at: number | string;
  status: 'open' | 'accepted' | 'declined';
  answered_at: number | string | null;
  game_id: string | null;
  challenger_seat: Seat | null;
}

export function challengeOf(row: ChallengeRow): ChallengeRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    challengerId: row.challenger_id,
    challengedId: row.challenged_id,
    variant: row.variant,
    shots: row.shots,
    clock: typeof row.clock === 'string' ? (JSON.parse(row.clock) as ClockControl) : row.clock,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    status: row.status,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    gameId: row.game_id,
    challengerSeat: row.challenger_seat,
  };
}

/** A listed challenge's row: the challenge and the other player's columns, prefixed `p_`. */
export type ListedRow = ChallengeRow & { [K in keyof PlayerRow as `p_${K}`]: PlayerRow[K] };

export function listedOf(row: ListedRow): ListedChallenge {
  return {
    challenge: challengeOf(row),
    other: playerOf({
      id: row.p_id,
      name: row.p_name,
      rating: row.p_rating,
      rd: row.p_rd,
      vol: row.p_vol,
      games: row.p_games,
      created_at: row.p_created_at,
    }),
  };
}

/** The other player's columns for a listing, from `players p`. */
export const OTHER_COLUMNS =
  'p.id AS p_id, p.name AS p_name, p.rating AS p_rating, p.rd AS p_rd, p.vol AS p_vol, p.games AS p_games, p.created_at AS p_created_at';
