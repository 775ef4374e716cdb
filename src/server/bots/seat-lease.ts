/**
 * Who plays a computer seat's turn when several processes hold the game: the one that wins the lease on
 * `(game, seat, v)`. Keyed by the version, a lease is for one decision only and never needs releasing; if
 * its holder dies, it expires and a process watching the game plays instead. One process: always granted.
 */
import type { Seat } from '../../engine/index.ts';

export interface SeatLease {
  /** True when this process may play `seat` at version `v` of the game. */
  claim(gameId: string, seat: Seat, v: number): Promise<boolean>;
}

export class LocalLease implements SeatLease {
  async claim(): Promise<boolean> {
    return true;
  }
}
