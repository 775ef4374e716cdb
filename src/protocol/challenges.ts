/**
 * Challenges (issue 31, item 7): one named player asks another for a game with the lobby's options; the other
 * accepts (the game is made, as a lobby pairing makes one) or declines. Who challenges is the identity's word
 * (Authorization), never the body's; a challenge holds no secret but the challenger's own token, told only to
 * the challenger: like a seek's, it becomes the challenger's seat token once the challenge is accepted.
 */
import { z } from 'zod';
import type { Seat } from '../engine/index.ts';
import { type ClockControl, clockControlSchema } from './clock.ts';
import type { PlayerSummary } from './players.ts';

/** POST /api/challenges: whom (an id or a name) and the lobby's options ('any' is settled at acceptance). */
export const challengeRequestSchema = z.strictObject({
  opponent: z.string().min(1).max(60),
  variant: z.enum(['standard', 'advanced', 'any']).optional(),
  shots: z.enum(['aimed', 'quick', 'any']).optional(),
  /** Untimed when absent or null. A daily clock's challenge waits 24 h for an answer, any other 10 minutes. */
  clock: clockControlSchema.nullable().optional(),
});
export type ChallengeRequest = z.infer<typeof challengeRequestSchema>;

/** The answer to POST /api/challenges. */
export interface ChallengeCreated {
  readonly challengeId: string;
  /** The challenger's secret: once the challenge is accepted it is the challenger's seat token. */
  readonly token: string;
  /** When an unanswered challenge lapses (ms since 1970). */
  readonly expiresAt: number;
}

/** Where a challenge stands: waiting for its answer, or answered. */
export type ChallengeStatus = 'open' | 'accepted' | 'declined';

/** A challenge as either of its two players sees it in GET /api/players/me/challenges. */
export interface ChallengeView {
  readonly challengeId: string;
  /** The other player: the challenged one for an outgoing challenge, the challenger for an incoming one. */
  readonly other: PlayerSummary;
  readonly variant: 'standard' | 'advanced' | 'any';
  readonly shots: 'aimed' | 'quick' | 'any';
  readonly clock: ClockControl | null;
  readonly status: ChallengeStatus;
  /** Milliseconds since 1970. */
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Once accepted: the game, and this player's seat in it (its token is the one kept from the challenge). */
  readonly gameId: string | null;
  readonly seat: Seat | null;
}

export interface ChallengesResponse {
  /** Open challenges to this player, oldest first. */
  readonly incoming: readonly ChallengeView[];
  /** This player's challenges, open ones and those answered in the last 24 hours, oldest first. */
  readonly outgoing: readonly ChallengeView[];
}

/** POST /api/challenges/:id/accept: the accepter's seat in the new game. */
export interface AcceptChallengeResponse {
  readonly gameId: string;
  readonly seat: Seat;
  readonly token: string;
}
