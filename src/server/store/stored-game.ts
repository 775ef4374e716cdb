/** A game as stored: its options (seed included), who holds each seat, the invite (game-store.ts). */
import type { BySeat, GameOptions } from '../../engine/index.ts';

/** Who plays a seat and how they prove it. Tokens are stored as sha256 hashes only. */
export interface SeatRecord {
  /** 'human' with a token (or waiting for a friend: `tokenHash` null), or 'computer'. */
  readonly holder: 'human' | 'computer';
  readonly tokenHash: string | null;
  /** The computer's level, e.g. 'random', 'hard'; null for a person. */
  readonly level: string | null;
}

export interface StoredGame {
  readonly id: string;
  /** Milliseconds since 1970. */
  readonly createdAt: number;
  /** The engine options, seed included: never sent to a client before the game ends, never logged. */
  readonly options: GameOptions;
  /** sha256 of the seed, hex. */
  readonly seedHash: string;
  readonly seats: BySeat<SeatRecord>;
  /** sha256 of the friend's invite code, or null. */
  readonly inviteHash: string | null;
  readonly inviteUsed: boolean;
  readonly over: boolean;
}
