/**
 * Enforces timed games' clocks: every `tickMs` it looks at each timed room this process holds and records
 * the flag of a seat whose time ran out (Room.flagIfDue). Every process holding the game does so; the store's
 * one-append-per-sequence-number lets exactly one flag in. A tick rather than a timer per deadline: the
 * deadlines move with every action and a daily one is a day away, and a tick reads the (injectable) clock
 * afresh, so a restarted process enforces what ran out while it was down at its first tick.
 */
import type { Room } from './room.ts';

export class ClockWatch {
  readonly #rooms = new Set<Room>();
  readonly #timer: NodeJS.Timeout;
  readonly #failed: (gameId: string, error: unknown) => void;

  constructor(tickMs: number, failed: (gameId: string, error: unknown) => void) {
    this.#failed = failed;
    this.#timer = setInterval(() => this.tick(), tickMs);
    this.#timer.unref();
  }

  /** A RoomRegistry hook: watches a timed room until it is let go. */
  track(room: Room): (() => void) | undefined {
    if (room.clock === null) return undefined;
    this.#rooms.add(room);
    return () => this.#rooms.delete(room);
  }

  /** Flags every watched room whose running clock has run out. */
  tick(): void {
    for (const room of this.#rooms) {
      if (room.over) {
        this.#rooms.delete(room);
        continue;
      }
      if (room.flagDue() === null) continue;
      room.flagIfDue().catch((error: unknown) => this.#failed(room.id, error));
    }
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#rooms.clear();
  }
}
