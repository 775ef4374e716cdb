/**
 * The HTTP API's request and response bodies (docs/protocol.md). Requests are zod schemas, so a browser can
 * check a form before sending it and the server checks the same thing on arrival.
 */
import { z } from 'zod';
import type { GameRecord, Outcome, PlayerView, Seat } from '../engine/index.ts';
import { clockControlSchema } from './clock.ts';
import type { Presence } from './server-messages.ts';

export const SEAT_CHOICES = ['red', 'blue', 'random'] as const;

/** POST /api/games */
export const createGameSchema = z.strictObject({
  opponent: z.enum(['computer', 'friend']),
  /** The computer's level, e.g. 'random', 'easy' ... 'expert'; only with opponent 'computer'. */
  level: z.string().min(1).max(40).optional(),
  variant: z.enum(['standard', 'advanced']).optional(),
  /** 'quick' (the default here) or 'aimed'. */
  shots: z.enum(['aimed', 'quick']).optional(),
  seat: z.enum(SEAT_CHOICES).optional(),
  /** R7.2: after this many turns the game is a draw (the server's default applies when absent). */
  turnLimit: z.number().int().min(1).max(10_000).optional(),
  /** A clock for each seat (docs/protocol.md "Clocks"); untimed when absent or null. */
  clock: clockControlSchema.nullable().optional(),
});
export type CreateGameRequest = z.infer<typeof createGameSchema>;

export interface CreateGameResponse {
  readonly gameId: string;
  readonly seat: Seat;
  /** The creator's seat token: send it in the socket's hello, keep it to reconnect. */
  readonly token: string;
  readonly seedHash: string;
  /** Friend games: the one-use code for the other seat... */
  readonly invite?: string;
  /** ...and the page link that carries it, e.g. `/play/abc?invite=xyz`. */
  readonly inviteLink?: string;
}

/** POST /api/games/:id/join */
export const joinGameSchema = z.strictObject({ invite: z.string().min(1).max(200) });
export type JoinGameRequest = z.infer<typeof joinGameSchema>;

export interface JoinGameResponse {
  readonly seat: Seat;
  readonly token: string;
}

/** GET /api/games/:id */
export interface SpectatorResponse {
  readonly gameId: string;
  readonly v: number;
  readonly seedHash: string;
  readonly view: PlayerView;
  readonly presence: Presence;
}

/** GET /api/games/:id/record, once the game is over. */
export interface RecordResponse {
  readonly gameId: string;
  readonly seedHash: string;
  readonly outcome: Outcome | null;
  /** Options with the seed, and every (seat, action): replays the game exactly. */
  readonly record: GameRecord;
}

/** Game ids are short random strings; checked before any lookup. */
export const gameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/);
