/**
 * The rooms this process holds, by game id. Running games are rebuilt from the store at start; a finished
 * game is let go once nobody looks at it (`sweep`) and loaded again on demand (its record, its spectator
 * view, a socket's hello). A held room catches up with the store whenever it is asked for (other processes
 * may have moved it) and, when sockets here watch it, on a hint from another process. Whoever must react
 * to a new room (computer seats, presence) registers a hook, which returns what to undo when it is let go.
 */
import type { Fanout } from '../fanout/fanout.ts';
import type { GameStore, StoredGame, StoredGameWithLog } from '../store/game-store.ts';
import { rebuild } from './rebuild.ts';
import { Room } from './room.ts';

/** Called for each room that comes to life; may return what to undo when the room is let go. */
export type RoomHook = (room: Room) => (() => void) | undefined;

export class RoomRegistry {
  readonly #rooms = new Map<string, Room>();
  readonly #store: GameStore;
  readonly #fanout: Fanout;
  readonly #hooks: RoomHook[] = [];
  /** Per room, what its hooks undo when it is let go. */
  readonly #releases = new Map<string, (() => void)[]>();
  /** Finished rooms found unused by the last sweep: let go at the next one unless asked for meanwhile. */
  readonly #idle = new Set<string>();
  readonly #onCorrupt: (gameId: string, message: string) => void;
  readonly #enders: ((room: Room) => void)[] = [];
  readonly #now: () => number;

  constructor(
    store: GameStore,
    fanout: Fanout,
    onCorrupt: (gameId: string, message: string) => void,
    now: () => number = Date.now,
  ) {
    this.#store = store;
    this.#fanout = fanout;
    this.#onCorrupt = onCorrupt;
    this.#now = now;
  }

  /** `hook` runs for every room that comes to life in this process, the ones already here included. */
  onRoom(hook: RoomHook): void {
    this.#hooks.push(hook);
    for (const room of this.#rooms.values()) this.#hook(room, hook);
  }

  /** `ender` hears of each game this process ended (its append was the last action). */
  onEnd(ender: (room: Room) => void): void {
    this.#enders.push(ender);
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
    this.#idle.delete(gameId);
    const held = this.#rooms.get(gameId);
    if (held !== undefined) {
      await held.catchUp();
      return held;
    }
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

  /**
   * Another process says game `gameId` moved to `v` (null: its seats changed). Hints may be lost or late:
   * they only make watched rooms catch up sooner; everything else catches up when next asked for.
   */
  async hinted(gameId: string, v: number | null): Promise<void> {
    const room = this.#rooms.get(gameId);
    if (room === undefined || !room.watched || (v !== null && v <= room.version)) return;
    await room.catchUp();
    // Presence lives outside the store (shared-presence.ts): tell the sockets here to look again.
    if (v === null) this.#fanout.deliver(gameId, { kind: 'presence' });
  }

  /** Catches up every watched room (after the hints were cut off for a while). */
  async catchUpWatched(): Promise<void> {
    await Promise.all(this.rooms().flatMap((room) => (room.watched ? [room.catchUp()] : [])));
  }

  rooms(): Room[] {
    return [...this.#rooms.values()];
  }

  /**
   * Lets go of finished games nobody looks at: a room that is over, with no socket here and nothing queued,
   * is marked; one still marked at the next sweep (nobody asked for it meanwhile) is dropped with what its
   * hooks hold. The store keeps the game, and `get` loads it again. Called every `finishedGraceMs`, so a
   * finished game stays between one and two periods after it was last asked for. Returns the ids let go.
   */
  sweep(): string[] {
    const gone: string[] = [];
    for (const room of this.#rooms.values()) {
      if (!room.over || room.watched || !room.idle) {
        this.#idle.delete(room.id);
      } else if (!this.#idle.has(room.id)) {
        this.#idle.add(room.id);
      } else {
        this.#idle.delete(room.id);
        this.#rooms.delete(room.id);
        for (const release of this.#releases.get(room.id) ?? []) release();
        this.#releases.delete(room.id);
        gone.push(room.id);
      }
    }
    return gone;
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
    const { state, events } = rebuilt.value;
    const room = new Room(
      stored.game,
      state,
      events,
      this.#store,
      this.#fanout,
      (r) => {
        for (const ender of this.#enders) ender(r);
      },
      this.#now,
    );
    this.#rooms.set(room.id, room);
    for (const hook of this.#hooks) this.#hook(room, hook);
    return room;
  }

  #hook(room: Room, hook: RoomHook): void {
    const release = hook(room);
    if (release === undefined) return;
    const releases = this.#releases.get(room.id);
    if (releases === undefined) this.#releases.set(room.id, [release]);
    else releases.push(release);
  }
}
