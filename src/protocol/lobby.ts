/**
 * The lobby (docs/protocol.md "Lobby"): seeks for an opponent over HTTP, the socket a seeker waits on, and
 * the list of games in progress to watch. Nothing here holds a game's hidden state: a seek says only the
 * rules asked for; a live game says its id, rules, turn and who sits where.
 */
import { z } from 'zod';
import type { BySeat, Seat } from '../engine/index.ts';
import { type ClockControl, clockControlSchema } from './clock.ts';
import type { ErrorMessage } from './errors.ts';
import type { SeatHolder } from './server-messages.ts';

/**
 * POST /api/seeks: the rules a seeker will play ('any' for either). Who seeks, and the rating to pair by, come
 * from the request's identity (Authorization: Bearer <secret>), never from the body.
 */
export const seekRequestSchema = z.strictObject({
  variant: z.enum(['standard', 'advanced', 'any']).optional(),
  shots: z.enum(['aimed', 'quick', 'any']).optional(),
  /** Untimed when absent or null; two seeks pair only with the same clock. */
  clock: clockControlSchema.nullable().optional(),
});
export type SeekRequest = z.infer<typeof seekRequestSchema>;

/** Where a paired seek went: the game and the seeker's seat (the seek token is the seat's token). */
export interface Pairing {
  readonly gameId: string;
  readonly seat: Seat;
}

/** The answer to POST /api/seeks. */
export interface SeekResponse {
  readonly seekId: string;
  /** The seek's secret: cancels it, waits on it, and becomes the seat's token once paired. */
  readonly token: string;
  /** Paired at once with a seek that was waiting, or null: wait on the lobby socket. */
  readonly paired: Pairing | null;
  /** After this long waiting the page offers the computer instead (ms). */
  readonly offerComputerAfterMs: number;
}

/** An open seek as others see it in GET /api/seeks: no token, nothing of anybody's game. */
export interface OpenSeek {
  readonly seekId: string;
  readonly variant: 'standard' | 'advanced' | 'any';
  readonly shots: 'aimed' | 'quick' | 'any';
  readonly clock: ClockControl | null;
  /** The seeker's display name, or null for a seeker without an identity. */
  readonly name: string | null;
  /** The seeker's Glicko-2 rating as stored when it sought (rounded), or null without an identity. */
  readonly rating: number | null;
  /** Milliseconds since 1970. */
  readonly createdAt: number;
}

export interface OpenSeeksResponse {
  /** Oldest first. */
  readonly seeks: readonly OpenSeek[];
}

/** POST /api/seeks/:id/cancel */
export const cancelSeekSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** POST /api/seeks/:id/accept: the accepter's seat in the new game. */
export interface AcceptSeekResponse {
  readonly gameId: string;
  readonly seat: Seat;
  readonly token: string;
}

/** A game in progress, as GET /api/live lists it. */
export interface LiveGame {
  readonly gameId: string;
  readonly createdAt: number;
  readonly variant: 'standard' | 'advanced';
  readonly shots: 'aimed' | 'quick';
  readonly clock: ClockControl | null;
  readonly holders: BySeat<SeatHolder>;
  /** The display names of the seats' identities; null (no identity, or the computer) shows the colour. */
  readonly names: BySeat<string | null>;
  /** The Glicko-2 ratings of the seats' identities (rounded); null without one. */
  readonly ratings: BySeat<number | null>;
  /** Actions played so far. */
  readonly moves: number;
  /**
   * The game's turn as its table shows it (0 while the ships are set up, then 1, 2, …), or null when the
   * answering server does not hold the game now (it is not loaded to be listed).
   */
  readonly turn: number | null;
  /**
   * Who must decide now: a seat, 'both' (setting up), or null when unknown (an untimed game the answering
   * server does not hold). A timed game's is the seat whose clock runs, known without loading the game.
   */
  readonly toMove: Seat | 'both' | null;
  /** The page that watches it, e.g. `/watch/k3f9x2`. */
  readonly watchLink: string;
}

export interface LiveGamesResponse {
  /** Newest first. */
  readonly games: readonly LiveGame[];
}

/** The lobby socket (/api/lobby/socket): a seeker says which seek it waits on. */
export const waitSchema = z.strictObject({ t: z.literal('wait'), token: z.string().min(1).max(200) });
export type WaitMessage = z.infer<typeof waitSchema>;

/** What the lobby socket says: still waiting, paired, nobody came in time, or a refusal. */
export type LobbyMessage =
  | { readonly t: 'waiting'; readonly seekId: string }
  | ({ readonly t: 'paired' } & Pairing)
  /** Nobody came within `offerComputerAfterMs`: the seek stays open; the page offers the computer. */
  | { readonly t: 'lonely'; readonly seekId: string }
  | ErrorMessage;
