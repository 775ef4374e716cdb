/**
 * One live game on the server: the engine state, its version (the number of accepted actions), who holds
 * each seat. An action is judged by the engine, appended to the store, and only then applied and announced
 * through the fanout, so nobody is ever told of an action a restart would lose. With several processes the
 * room may be behind the store: a lost append race (SequenceConflict) or a hint makes it catch up by
 * replaying the missing log entries, and the action is then judged again. A timed game's clocks are kept
 * with it (clock.ts): an action that arrives after the deciding seat's time ran out records that seat's flag
 * on time instead (`{ type: 'resign', time: true }`), so the record replays. No transport lives here.
 */
import {
  type Action,
  actionKey,
  applyAction,
  type GameEvent,
  type GameOptions,
  type GameState,
  type Seat,
} from '../../engine/index.ts';
import type { ClockView, Refusal } from '../../protocol/index.ts';
import type { Fanout } from '../fanout/fanout.ts';
import {
  type ClockState,
  type GameStore,
  type SeatRecord,
  SequenceConflict,
  type StoredGame,
} from '../store/game-store.ts';
import { afterAction, clockView, flagged } from './clock.ts';
import type { DecisionStarts } from './decision-limits.ts';
import { SerialQueue } from './serial-queue.ts';

/** How many times one action may lose the append race before the server gives up on it. */
const APPEND_ATTEMPTS = 5;

/** How a room answered an action. 'repeat': the same seat sent the action already applied at that `v`. */
export type ActOutcome =
  | { readonly kind: 'applied'; readonly v: number }
  | { readonly kind: 'repeat' }
  | { readonly kind: 'refused'; readonly error: Refusal };

export class Room {
  readonly id: string;
  readonly seedHash: string;
  readonly #store: GameStore;
  readonly #fanout: Fanout;
  readonly #queue = new SerialQueue();
  #game: StoredGame;
  #state: GameState;
  /** Sockets of this process watching the game: only watched rooms catch up as soon as a hint arrives. */
  #watchers = 0;
  #pendingCatchUp: Promise<void> | null = null;
  /** Every event of the game with its audience; each seat gets `eventsFor` of these. */
  readonly #events: GameEvent[];
  /** Told once, by the process whose append ended the game (results and ratings, ratings.ts). */
  readonly #ended: (room: Room) => void;
  /** The server's clock (tests pass a fake one). */
  readonly #now: () => number;
  /**
   * Since when each seat had faced its decision when this room was built from the store (by the stored times
   * of the actions): the presence board goes on from these, so a restart or a move to another process gives
   * no seat a fresh decision limit.
   */
  readonly decisionStartsAtLoad: DecisionStarts;

  constructor(
    game: StoredGame,
    state: GameState,
    events: GameEvent[],
    store: GameStore,
    fanout: Fanout,
    ended: (room: Room) => void = () => undefined,
    now: () => number = Date.now,
    decisionStartsAtLoad: DecisionStarts = { red: null, blue: null },
  ) {
    this.id = game.id;
    this.decisionStartsAtLoad = decisionStartsAtLoad;
    this.#now = now;
    this.seedHash = game.seedHash;
    this.#game = game;
    this.#state = state;
    this.#events = events;
    this.#store = store;
    this.#fanout = fanout;
    this.#ended = ended;
  }

  /** The options the game was made with, seed included: never sent to a client before the end. */
  get options(): GameOptions {
    return this.#game.options;
  }

  get state(): GameState {
    return this.#state;
  }

  /** The number of accepted actions: the `v` of the last update. */
  get version(): number {
    return this.#state.log.length;
  }

  get over(): boolean {
    return this.#state.phase === 'over';
  }

  get events(): readonly GameEvent[] {
    return this.#events;
  }

  seat(seat: Seat): SeatRecord {
    return this.#game.seats[seat];
  }

  /** The seat a token hash holds, or null. */
  seatOfToken(tokenHash: string): Seat | null {
    if (this.#game.seats.red.tokenHash === tokenHash) return 'red';
    if (this.#game.seats.blue.tokenHash === tokenHash) return 'blue';
    return null;
  }

  get inviteHash(): string | null {
    return this.#game.inviteHash;
  }

  get createdAt(): number {
    return this.#game.createdAt;
  }

  /** A timed game's clocks, or null. */
  get clock(): ClockState | null {
    return this.#game.clock ?? null;
  }

  /** What sockets are told of the clocks now, or undefined for an untimed game. */
  clockView(): ClockView | undefined {
    const clock = this.clock;
    return clock === null ? undefined : clockView(clock, this.#now());
  }

  /** The seat whose clock has run out by this room's (possibly stale) knowledge, or null. */
  flagDue(): Seat | null {
    const clock = this.clock;
    return clock === null || this.over ? null : flagged(clock, this.#now());
  }

  /** Records the flag of a seat whose clock ran out, if it still has (after catching up with the store). */
  flagIfDue(): Promise<void> {
    return this.#queue.run(async () => {
      if (this.flagDue() === null) return;
      await this.#catchUp();
      for (let attempt = 1; this.flagDue() !== null; attempt++) {
        if (await this.#recordFlag(attempt)) return;
      }
    });
  }

  /**
   * Applies `action` for `seat` if it was made against the current version `v` (null: whatever is current,
   * for resignations and claims). A resend of the action already applied at `v` by the same seat is a
   * 'repeat': applied once, answered with the current state.
   */
  act(seat: Seat, v: number | null, action: Action): Promise<ActOutcome> {
    return this.#queue.run(async (): Promise<ActOutcome> => {
      // A client ahead of this room saw moves another process appended: catch up before judging.
      if (v !== null && v > this.version) await this.#catchUp();
      for (let attempt = 1; ; attempt++) {
        if (v !== null && v !== this.version) return this.#staleOutcome(seat, v, action);
        // Time ran out before this action came: the flag is recorded, and the action judged after it.
        if (this.flagDue() !== null) {
          if (!(await this.#recordFlag(attempt))) continue;
          const after = applyAction(this.#state, seat, action);
          if (!after.ok) return { kind: 'refused', error: after.error };
          throw new Error('The engine accepted an action after the game ended on time.');
        }
        const result = applyAction(this.#state, seat, action);
        if (!result.ok) return { kind: 'refused', error: result.error };
        if (await this.#append(seat, result, attempt)) return { kind: 'applied', v: this.version };
      }
    });
  }

  /** The flag of the seat whose time ran out; false when another process appended first (caught up). */
  #recordFlag(attempt: number): Promise<boolean> {
    const late = this.flagDue();
    if (late === null) return Promise.resolve(true);
    const result = applyAction(this.#state, late, { type: 'resign', time: true });
    if (!result.ok) throw new Error(`The engine refused a flag on time: ${result.error.message}`);
    return this.#append(late, result, attempt);
  }

  /**
   * Stores an applied action (with the clocks after it), then takes it and tells everyone. False when another
   * process stored this sequence number first: the room has caught up, and the caller judges again.
   */
  async #append(
    seat: Seat,
    result: { readonly state: GameState; readonly events: GameEvent[] },
    attempt: number,
  ): Promise<boolean> {
    const seq = this.version;
    const entry = result.state.log[seq];
    if (entry === undefined || entry.seat !== seat)
      throw new Error('The engine did not log the action it applied.');
    const clock = this.clock;
    const next = clock === null ? null : afterAction(clock, this.#state, result.state, this.#now());
    try {
      await this.#store.appendAction(this.id, seq, entry, result.state.phase === 'over', next);
    } catch (error) {
      // Another process appended `seq` first: replay what it stored, then judge this action again
      // (an action made against `v` is then stale or a repeat; a resignation applies at the next seq).
      if (!(error instanceof SequenceConflict) || attempt >= APPEND_ATTEMPTS) throw error;
      await this.#catchUp();
      return false;
    }
    this.#state = result.state;
    if (next !== null) this.#game = { ...this.#game, clock: next };
    this.#events.push(...result.events);
    this.#fanout.publish(this.id, { kind: 'moved', v: this.version, events: result.events });
    if (this.over) this.#ended(this);
    return true;
  }

  /**
   * Replays what other processes stored since this room's version (and takes the seats as stored), telling
   * this process's listeners of each move. Cheap when nothing changed: one read.
   */
  catchUp(): Promise<void> {
    // Hints come in bursts: one catch-up waiting in the queue serves every request made meanwhile.
    this.#pendingCatchUp ??= this.#queue.run(() => {
      this.#pendingCatchUp = null;
      return this.#catchUp();
    });
    return this.#pendingCatchUp;
  }

  /** A socket of this process watches the game; call the returned function when it leaves. */
  watch(): () => void {
    this.#watchers++;
    let watching = true;
    return () => {
      if (watching) this.#watchers--;
      watching = false;
    };
  }

  get watched(): boolean {
    return this.#watchers > 0;
  }

  /** No action, catch-up or seat change is queued or running. */
  get idle(): boolean {
    return this.#queue.idle;
  }

  /** Gives a seat to someone else (the computer, or the person back), stored first. */
  setSeat(seat: Seat, record: SeatRecord): Promise<void> {
    return this.#queue.run(async () => {
      await this.#store.updateSeat(this.id, seat, record);
      this.#game = { ...this.#game, seats: { ...this.#game.seats, [seat]: record } };
      this.#fanout.publish(this.id, { kind: 'presence' });
    });
  }

  /** Gives a rematch's seat, still unclaimed, to the holder of `tokenHash`; false if it was claimed already. */
  claimSeat(seat: Seat, tokenHash: string): Promise<boolean> {
    return this.#queue.run(async () => {
      if (!(await this.#store.players.claimSeat(this.id, seat, tokenHash))) return false;
      const record: SeatRecord = { holder: 'human', tokenHash, level: null };
      this.#game = { ...this.#game, seats: { ...this.#game.seats, [seat]: record } };
      this.#fanout.publish(this.id, { kind: 'presence' });
      return true;
    });
  }

  /** Uses the friend's invite (already checked against the store) for `seat`. */
  joined(seat: Seat, tokenHash: string): void {
    const record: SeatRecord = { holder: 'human', tokenHash, level: null };
    this.#game = { ...this.#game, inviteUsed: true, seats: { ...this.#game.seats, [seat]: record } };
    this.#fanout.publish(this.id, { kind: 'presence' });
  }

  /** Resolves once every queued write has finished. */
  drain(): Promise<void> {
    return this.#queue.drain();
  }

  async #catchUp(): Promise<void> {
    const stored = await this.#store.loadFrom(this.id, this.version);
    if (stored === null) return;
    const seatsChanged =
      JSON.stringify(stored.game.seats) !== JSON.stringify(this.#game.seats) ||
      stored.game.inviteUsed !== this.#game.inviteUsed;
    this.#game = stored.game;
    for (const entry of stored.actions) {
      const result = applyAction(this.#state, entry.seat, entry.action);
      if (!result.ok) {
        throw new Error(
          `Action ${this.version} of game ${this.id} no longer applies: ${result.error.message}`,
        );
      }
      this.#state = result.state;
      this.#events.push(...result.events);
      this.#fanout.deliver(this.id, { kind: 'moved', v: this.version, events: result.events });
    }
    if (seatsChanged) this.#fanout.deliver(this.id, { kind: 'presence' });
  }

  #staleOutcome(seat: Seat, v: number, action: Action): ActOutcome {
    const applied = this.#state.log[v];
    if (applied !== undefined && applied.seat === seat && actionKey(applied.action) === actionKey(action)) {
      return { kind: 'repeat' };
    }
    return {
      kind: 'refused',
      error: {
        code: 'act/stale',
        message:
          v > this.version
            ? `You acted on move ${v}, but the game is only at move ${this.version}; ask for a resync.`
            : `You acted on move ${v}, but the game has moved on to move ${this.version}; look at the new state and try again.`,
      },
    };
  }
}
