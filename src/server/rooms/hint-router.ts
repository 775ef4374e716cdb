/**
 * Where other processes' hints go. The fan-out that hears them opens before the rooms exist (the rooms are
 * built on the store and fan-out it brings), so the router is handed to it first and pointed at the rooms
 * once they are built; a hint before that has no game here to tell, and is dropped on purpose.
 */
import type { HintHandlers } from '../backends.ts';
import type { RoomRegistry } from './room-registry.ts';
import type { SharedPresence } from './shared-presence.ts';

export class HintRouter implements HintHandlers {
  #rooms: RoomRegistry | null = null;
  #presence: SharedPresence | null = null;
  readonly #failed: (gameId: string | null, error: unknown) => void;

  constructor(failed: (gameId: string | null, error: unknown) => void) {
    this.#failed = failed;
  }

  attach(rooms: RoomRegistry, presence: SharedPresence): void {
    this.#rooms = rooms;
    this.#presence = presence;
  }

  /** A move (`v`) or a presence change (`v` null) elsewhere: hear who is connected first, then look again. */
  readonly hint = (gameId: string, v: number | null): void => {
    const rooms = this.#rooms;
    if (rooms === null) return;
    const heard = v === null ? (this.#presence?.refresh(gameId) ?? Promise.resolve()) : Promise.resolve();
    void heard.then(() => rooms.hinted(gameId, v)).catch((error: unknown) => this.#failed(gameId, error));
  };

  /** The fan-out is back after an outage: hints may have been lost, so every watched game catches up. */
  readonly back = (): void => {
    void this.#rooms?.catchUpWatched().catch((error: unknown) => this.#failed(null, error));
  };
}
