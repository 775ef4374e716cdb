/** A game as stored: its options (seed included), who holds each seat, the invite (game-store.ts). */
import type { BySeat, GameOptions, Seat } from '../../engine/index.ts';
import type { ClockControl } from '../../protocol/index.ts';

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
  /** The clocks of a timed game as of its last action; absent or null for an untimed one. */
  readonly clock?: ClockState | null;
}

/**
 * A timed game's clocks as stored with it (rooms/clock.ts computes them), e.g.
 * `{ control: { kind: 'live', minutes: 5, increment: 5 }, left: { red: 300000, blue: 295000 }, running: 'red', since: 1700000000000 }`.
 */
export interface ClockState {
  readonly control: ClockControl;
  /** Each seat's time left (ms) when `running`'s clock started, at `since`. */
  readonly left: BySeat<number>;
  /** The seat whose clock runs, or null (setup, or over). */
  readonly running: Seat | null;
  /** When the running clock started (ms since 1970), or null. */
  readonly since: number | null;
}

/** The game two seeks (or a challenge's two players) are paired into, built inside the store's transaction. */
export interface PairedGame {
  readonly game: StoredGame;
  /** The seat of the seek that was waiting (the newcomer or the accepter takes the other). */
  readonly partnerSeat: Seat;
  /** The identity in each seat, linked in the same transaction (so the game is rated at its end). */
  readonly players: BySeat<string | null>;
}
