/**
 * Which seats have a socket on another process. One process knows only its own sockets; with several,
 * a seat whose player is connected elsewhere must not look away (or the other could claim the win).
 * Spectators are counted the same way, so players see how many watch. The in-process version knows of no
 * other process; redis-presence.ts shares it through Redis.
 */
import type { Seat } from '../../engine/index.ts';

export interface SharedPresence {
  /** This process has (`here` true) or no longer has a socket on `seat` of the game. */
  report(gameId: string, seat: Seat, here: boolean): void;
  /** Whether another process had a socket on the seat when last heard. */
  elsewhere(gameId: string, seat: Seat): boolean;
  /** How many spectator sockets this process has on the game now (0 when the last left). */
  reportWatchers(gameId: string, count: number): void;
  /** How many spectator sockets the other processes had on the game when last heard. */
  watchersElsewhere(gameId: string): number;
  /** Hears again what the other processes reported for the game. */
  refresh(gameId: string): Promise<void>;
  /** This process let the game go: forget what was heard of it, and stop reading it again. */
  forget(gameId: string): void;
  stop(): void;
}

export class SingleProcessPresence implements SharedPresence {
  report(): void {}

  elsewhere(): boolean {
    return false;
  }

  reportWatchers(): void {}

  watchersElsewhere(): number {
    return 0;
  }

  async refresh(): Promise<void> {}

  forget(): void {}

  stop(): void {}
}
