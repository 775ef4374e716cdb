/**
 * Clocks that ran out in games nobody holds. A process holds only the games played on it (room-registry.ts),
 * and a held timed game is flagged by its own tick (clock-watch.ts); but a live game whose players both left
 * must still end on time. So every process asks the store, every `scanMs`, for the games whose running clock
 * ran out more than `graceMs` ago (an index on the deadline makes that one cheap read, empty most of the
 * time), and for each claims the decision `(game, seat, v)` through the computer seats' lease (seat-lease.ts:
 * of all the processes scanning, one wins), loads (or catches up) the game and records the flag. The grace
 * leaves a game that some process holds and watches to that process's tick; a game flagged twice would still
 * store one flag (the sequence number decides). A game ended here is let go by the sweep once nobody looks at it.
 */
import type { SeatLease } from '../bots/seat-lease.ts';
import type { GameStore } from '../store/game-store.ts';
import type { RoomRegistry } from './room-registry.ts';

/** At most this many games are flagged per scan; the rest wait for the next one, the longest overdue first. */
const SCAN_LIMIT = 100;

export interface DueClocksSettings {
  readonly scanMs: number;
  /** How long past its deadline a game must be before a process that does not hold it steps in. */
  readonly graceMs: number;
  readonly now: () => number;
}

export class DueClocks {
  readonly #store: GameStore;
  readonly #rooms: RoomRegistry;
  readonly #lease: SeatLease;
  readonly #settings: DueClocksSettings;
  readonly #failed: (gameId: string | null, error: unknown) => void;
  readonly #timer: NodeJS.Timeout;
  #scanning: Promise<number> | null = null;

  constructor(
    store: GameStore,
    rooms: RoomRegistry,
    lease: SeatLease,
    settings: DueClocksSettings,
    failed: (gameId: string | null, error: unknown) => void,
  ) {
    this.#store = store;
    this.#rooms = rooms;
    this.#lease = lease;
    this.#settings = settings;
    this.#failed = failed;
    this.#timer = setInterval(() => {
      this.scan().catch((error: unknown) => this.#failed(null, error));
    }, settings.scanMs);
    this.#timer.unref();
  }

  /** Flags the overdue games this process does not hold; resolves with how many it flagged. */
  scan(): Promise<number> {
    // A slow store must not pile scans up: one at a time.
    this.#scanning ??= this.#scan().finally(() => {
      this.#scanning = null;
    });
    return this.#scanning;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #scan(): Promise<number> {
    const due = await this.#store.dueClocks(this.#settings.now() - this.#settings.graceMs, SCAN_LIMIT);
    let flagged = 0;
    for (const { gameId, seat, v } of due) {
      // Held here too: a room held without sockets here hears no hints and may be behind the store (its tick
      // sees no running clock), so past the grace it is caught up (`get`) and flagged like any other.
      if (!(await this.#lease.claim(gameId, seat, v))) continue;
      try {
        const room = await this.#rooms.get(gameId);
        if (room === null || room.flagDue() === null) continue;
        await room.flagIfDue();
        flagged++;
      } catch (error) {
        this.#failed(gameId, error);
      }
    }
    return flagged;
  }
}
