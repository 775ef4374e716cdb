/**
 * The rooms this process holds, by game id. Games live where they are played: start-up reads no game; a
 * game is loaded when a request or a socket for it arrives (`get`), and let go once nobody here has watched
 * it for a while, finished or not (`sweep`); the store keeps it, and the next `get` loads it again. While
 * a room is held its hints are heard (Fanout.hold, subscribed before the load so none is missed); a held
 * room catches up with the store whenever it is asked for (other processes may have moved it) and, when
 * sockets here watch it, on a hint. Whoever must react to a new room (computer seats, presence, clocks)
 * registers a hook, which returns what to undo when it is let go. What nobody holds still moves on: a
 * computer seat plays when its game is next loaded, and a clock that ran out is found in the store
 * (due-clocks.ts).
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
  /** Rooms found unused by the last sweep: let go at the next one unless asked for meanwhile. */
  readonly #idle = new Set<string>();
  /** Reasons to keep a room nobody watches (a computer seat thinking here). */
  readonly #keepers: ((room: Room) => boolean)[] = [];
  /**
   * Games being read from the store now, each read with its own mark: a hint heard while the read is on its
   * way may be about a move the read missed (stored after its snapshot), and no room was there to catch up.
   */
  readonly #loading = new Map<string, Set<{ hinted: boolean }>>();
  /** Games read from the store since start (tests and the start-up figures: start-up reads none). */
  #loads = 0;
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

  /** A room for which `keep` says true is not let go by the sweep (e.g. its computer seat is thinking here). */
  keepWhile(keep: (room: Room) => boolean): void {
    this.#keepers.push(keep);
  }

  /** `ender` hears of each game this process ended (its append was the last action). */
  onEnd(ender: (room: Room) => void): void {
    this.#enders.push(ender);
  }

  /** Stores a new game and brings its room to life. */
  async create(game: StoredGame): Promise<Room> {
    const release = await this.#fanout.hold(game.id);
    try {
      await this.#store.createGame(game);
    } catch (error) {
      release();
      throw error;
    }
    const room = this.#bring({ game, actions: [], actedAt: [] }, release);
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
    // Hear the game's hints first, then read it: a move stored meanwhile is in the read or in a hint, and a
    // hint heard before the room is here is kept on the read's mark (see `hinted`).
    const mark = { hinted: false };
    const marks = this.#loading.get(gameId) ?? new Set();
    marks.add(mark);
    this.#loading.set(gameId, marks);
    let stored: StoredGameWithLog | null;
    let release: () => void;
    try {
      release = await this.#fanout.hold(gameId);
      try {
        stored = await this.#store.load(gameId);
      } catch (error) {
        release();
        throw error;
      }
    } finally {
      marks.delete(mark);
      if (marks.size === 0 && this.#loading.get(gameId) === marks) this.#loading.delete(gameId);
    }
    this.#loads++;
    // Another call may have loaded it while we waited.
    const loaded = this.#rooms.get(gameId);
    if (stored === null || loaded !== undefined) {
      release();
      return loaded ?? null;
    }
    const room = this.#bring(stored, release);
    // Another process moved the game while it was read: the read may have missed that move.
    if (room !== null && mark.hinted) await room.catchUp();
    return room;
  }

  /** True when this process holds the game now (nothing is loaded). */
  holds(gameId: string): boolean {
    return this.#rooms.has(gameId);
  }

  /** How many games this process read from the store since it started. */
  get loads(): number {
    return this.#loads;
  }

  /**
   * Another process says game `gameId` moved to `v` (null: its seats changed). Hints may be lost or late:
   * they only make watched rooms catch up sooner; everything else catches up when next asked for.
   */
  async hinted(gameId: string, v: number | null): Promise<void> {
    const room = this.#rooms.get(gameId);
    if (room === undefined) for (const mark of this.#loading.get(gameId) ?? []) mark.hinted = true;
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
   * Lets go of games nobody here looks at, finished or not: a room with no socket here, nothing queued and
   * no keeper holding it is marked; one still marked at the next sweep (nobody asked for it meanwhile) is
   * dropped with what its hooks hold, and its hints are no longer heard. The store keeps the game, and
   * `get` loads it again. Called every `idleGraceMs`, so a game stays between one and two periods after it
   * was last asked for. Returns the ids let go.
   */
  sweep(): string[] {
    const gone: string[] = [];
    for (const room of this.#rooms.values()) {
      if (room.watched || !room.idle || this.#keepers.some((keep) => keep(room))) {
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

  /** Builds a room from the store's record; `release` stops hearing its hints when it is let go. */
  #bring(stored: StoredGameWithLog, release: () => void): Room | null {
    const rebuilt = rebuild(stored);
    if (!rebuilt.ok) {
      release();
      this.#onCorrupt(stored.game.id, rebuilt.error.message);
      return null;
    }
    const { state, events, decisionStarts } = rebuilt.value;
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
      decisionStarts,
    );
    this.#rooms.set(room.id, room);
    this.#releases.set(room.id, [release]);
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
