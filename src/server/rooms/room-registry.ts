/**
 * The rooms this process holds, by game id. Running games are rebuilt from the store at start; a finished
 * game is loaded again on demand (its record, its spectator view). Whoever must react to a new room
 * (computer seats, presence) registers a hook, so the registry knows nothing of them.
 */
import type { Fanout } from '../fanout/fanout.ts';
import type { GameStore, StoredGame, StoredGameWithLog } from '../store/game-store.ts';
import { rebuild } from './rebuild.ts';
import { Room } from './room.ts';

export type RoomHook = (room: Room) => void;

export class RoomRegistry {
  readonly #rooms = new Map<string, Room>();
  readonly #store: GameStore;
  readonly #fanout: Fanout;
  readonly #hooks: RoomHook[] = [];
  readonly #onCorrupt: (gameId: string, message: string) => void;

  constructor(store: GameStore, fanout: Fanout, onCorrupt: (gameId: string, message: string) => void) {
    this.#store = store;
    this.#fanout = fanout;
    this.#onCorrupt = onCorrupt;
  }

  /** `hook` runs for every room that comes to life in this process, the ones already here included. */
  onRoom(hook: RoomHook): void {
    this.#hooks.push(hook);
    for (const room of this.#rooms.values()) hook(room);
  }

  /** Stores a new game and brings its room to life. */
  async create(game: StoredGame): Promise<Room> {
    await this.#store.createGame(game);
    const room = this.#bring({ game, actions: [] });
    if (room === null) throw new Error(`A new game ${game.id} could not be built from its options.`);
    return room;
  }

  /** The room of a game, loaded from the store if this process does not hold it; null if unknown. */
  async get(gameId: string): Promise<Room | null> {
    const held = this.#rooms.get(gameId);
    if (held !== undefined) return held;
    const stored = await this.#store.load(gameId);
    if (stored === null) return null;
    // Another call may have loaded it while we waited.
    return this.#rooms.get(gameId) ?? this.#bring(stored);
  }

  /** Rebuilds every unfinished game from its log; returns how many. */
  async restore(): Promise<number> {
    let count = 0;
    for (const stored of await this.#store.loadUnfinished()) {
      if (!this.#rooms.has(stored.game.id) && this.#bring(stored) !== null) count++;
    }
    return count;
  }

  rooms(): Room[] {
    return [...this.#rooms.values()];
  }

  /** Forgets a finished room nobody watches; the store still has it. */
  forget(gameId: string): void {
    this.#rooms.delete(gameId);
  }

  /** Resolves when every room's queued writes have finished. */
  async drain(): Promise<void> {
    await Promise.all([...this.#rooms.values()].map((room) => room.drain()));
  }

  #bring(stored: StoredGameWithLog): Room | null {
    const rebuilt = rebuild(stored);
    if (!rebuilt.ok) {
      this.#onCorrupt(stored.game.id, rebuilt.error.message);
      return null;
    }
    const room = new Room(stored.game, rebuilt.value.state, rebuilt.value.events, this.#store, this.#fanout);
    this.#rooms.set(room.id, room);
    for (const hook of this.#hooks) hook(room);
    return room;
  }
}
