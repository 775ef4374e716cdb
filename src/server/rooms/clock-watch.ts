/**
 * Enforces timed games' clocks: every `tickMs` it looks at each timed room this process holds and records
 * the flag of a seat whose time ran out (Room.flagIfDue). Every process holding the game does so; the store's
 * one-append-per-sequence-number lets exactly one flag in. A tick rather than a timer per deadline: the
 * deadlines move with every action and a daily one is a day away, and a tick reads the (injectable) clock
 * afresh, so a restarted process enforces what ran out while it was down at its first tick.
 *
 * A room only knows the moves its own sockets made or heard of: a process holding a game nobody watches
 * there has a stale view of it, and a game may be held by no process at all (its players gone). So every
 * SWEEP_TICKS ticks the store is asked which games' stored clocks have run out, and each is loaded, caught up
 * and flagged: a flag falls whether the player to move is connected here, to another process, or nowhere.
 */
import type { Room } from './room.ts';

/** The store's sweep runs once every this many ticks (every 5 s with the default 1 s tick). */
export const SWEEP_TICKS = 5;
/** At most this many due games are flagged by one sweep; the rest by the next. */
const SWEPT = 100;

/** Where the sweep finds games whose clocks ran out, and how it loads one. */
export interface DueClocks {
  readonly due: (now: number, limit: number) => Promise<string[]>;
  readonly load: (gameId: string) => Promise<Room | null>;
  readonly now: () => number;
}

export class ClockWatch {
  readonly #rooms = new Set<Room>();
  readonly #timer: NodeJS.Timeout;
  readonly #failed: (gameId: string, error: unknown) => void;
  readonly #dueClocks: DueClocks | null;
  #ticks = 0;
  #sweeping = false;

  constructor(
    tickMs: number,
    failed: (gameId: string, error: unknown) => void,
    dueClocks: DueClocks | null = null,
  ) {
    this.#failed = failed;
    this.#dueClocks = dueClocks;
    this.#timer = setInterval(() => this.tick(), tickMs);
    this.#timer.unref();
  }

  /** A RoomRegistry hook: watches a timed room until it is let go. */
  track(room: Room): (() => void) | undefined {
    if (room.clock === null) return undefined;
    this.#rooms.add(room);
    return () => this.#rooms.delete(room);
  }

  /** Flags every watched room whose running clock has run out; now and then, every game the store says is due. */
  tick(): void {
    for (const room of this.#rooms) {
      if (room.over) {
        this.#rooms.delete(room);
        continue;
      }
      if (room.flagDue() === null) continue;
      room.flagIfDue().catch((error: unknown) => this.#failed(room.id, error));
    }
    this.#ticks = (this.#ticks + 1) % SWEEP_TICKS;
    if (this.#ticks === 0 && !this.#sweeping) void this.#sweep();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#rooms.clear();
  }

  async #sweep(): Promise<void> {
    const dueClocks = this.#dueClocks;
    if (dueClocks === null) return;
    this.#sweeping = true;
    try {
      const ids = await dueClocks.due(dueClocks.now(), SWEPT);
      for (const id of ids) {
        try {
          const room = await dueClocks.load(id);
          if (room === null || room.over) continue;
          // The room may have missed moves made elsewhere: its own view decides only once caught up.
          await room.catchUp();
          await room.flagIfDue();
        } catch (error) {
          this.#failed(id, error);
        }
      }
    } catch (error) {
      this.#failed('(sweep)', error);
    } finally {
      this.#sweeping = false;
    }
  }
}
