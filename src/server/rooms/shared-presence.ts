/**
 * Which seats have a socket on another process. One process knows only its own sockets; with several,
 * a seat whose player is connected elsewhere must not look away (or the other could claim the win).
 * The in-process version knows of no other process; redis-presence.ts shares it through Redis.
 */
import type { Seat } from '../../engine/index.ts';

export interface SharedPresence {
  /** This process has (`here` true) or no longer has a socket on `seat` of the game. */
  report(gameId: string, seat: Seat, here: boolean): void;
  /** Whether another process had a socket on the seat when last heard. */
  elsewhere(gameId: string, seat: Seat): boolean;
  /** Hears again what the other processes reported for the game. */
  refresh(gameId: string): Promise<void>;
  stop(): void;
}

export class SingleProcessPresence implements SharedPresence {
  report(): void {}

  elsewhere(): boolean {
    return false;
  }

  async refresh(): Promise<void> {}

  stop(): void {}
}
