/**
 * Who is at the table. Counts each seat's open sockets (here, and through SharedPresence on the other
 * processes) and times how long a person's seat has been empty while it is that seat's decision (past
 * `awayMs`), and how long it has been deciding at all (past its decision limit, decision-limits.ts, even with
 * a socket open): then the other seat may claim the win or hand the seat to the computer. A seat that never
 * acted past `abortMs` in a lobby game that is not daily is told to `aborted` instead (lobby.ts noShow; other
 * games go on). Timers are re-armed on every move, connection and seat change. A decision's start is when this
 * process saw it begin, or, for a room built from the store, when it began by the stored times of the actions
 * (Room.decisionStartsAtLoad): a restart or another process gives no seat that has acted a fresh limit. A seat
 * that never acted gets its limits from when this process saw it (its joining is not stored).
 */
import { type BySeat, opponentOf, SEATS, type Seat, toAct } from '../../engine/index.ts';
import type { Presence, SeatHolder } from '../../protocol/index.ts';
import { aboutTheTable, type Fanout } from '../fanout/fanout.ts';
import {
  type DecisionLimits,
  decisionLimitMs,
  neverActed,
  type Outage,
  resumedStart,
} from './decision-limits.ts';
import type { Room } from './room.ts';
import { type SharedPresence, SingleProcessPresence } from './shared-presence.ts';

interface Table {
  readonly room: Room;
  readonly sockets: BySeat<number>;
  /** Since when each seat has been away on its turn (ms), or null. */
  readonly awaySince: BySeat<number | null>;
  /** Since when each person's seat has faced its current decision (ms), or null. */
  readonly decidingSince: BySeat<number | null>;
  /** The room's version at the last look: a seat's own action starts its next decision afresh. */
  version: number;
  /** The seat this table has asked to abort for (once). */
  aborting: Seat | null;
  /** Spectator sockets of this process. */
  watchers: number;
  claimable: Seat | null;
  timer: NodeJS.Timeout | null;
  /** When `timer` fires (ms since 1970). */
  timerAt: number;
}

export class PresenceBoard {
  readonly #tables = new Map<string, Table>();
  readonly #limits: DecisionLimits;
  readonly #fanout: Fanout;
  readonly #now: () => number;
  readonly #shared: SharedPresence;
  readonly #aborted: (room: Room, seat: Seat) => void;
  readonly #outage: Outage | null;

  constructor(
    limits: DecisionLimits,
    fanout: Fanout,
    shared: SharedPresence = new SingleProcessPresence(),
    now: () => number = Date.now,
    outage: Outage | null = null,
    aborted: (room: Room, seat: Seat) => void = () => undefined,
  ) {
    this.#outage = outage;
    this.#limits = limits;
    this.#fanout = fanout;
    this.#shared = shared;
    this.#now = now;
    this.#aborted = aborted;
  }

  /** Starts watching a room (a RoomRegistry hook); returns what stops it. */
  track(room: Room): (() => void) | undefined {
    if (this.#tables.has(room.id)) return undefined;
    const table: Table = {
      room,
      sockets: { red: 0, blue: 0 },
      awaySince: { red: null, blue: null },
      decidingSince: { red: null, blue: null },
      version: room.version,
      aborting: null,
      watchers: 0,
      claimable: null,
      timer: null,
      timerAt: 0,
    };
    for (const seat of SEATS) {
      const since = room.decisionStartsAtLoad[seat];
      if (since === null || neverActed(room.state.log, seat)) continue;
      table.decidingSince[seat] = Math.min(resumedStart(since, this.#outage), this.#now());
    }
    this.#tables.set(room.id, table);
    const unsubscribe = this.#fanout.subscribe(room.id, (notice) => {
      if (aboutTheTable(notice)) this.#refresh(table);
    });
    this.#refresh(table);
    // Redis down: the seats elsewhere are heard on the next hint or claim.
    this.#shared.refresh(room.id).then(
      () => this.#tables.get(room.id) === table && this.#refresh(table),
      () => undefined,
    );
    return () => {
      unsubscribe();
      if (table.timer !== null) clearTimeout(table.timer);
      table.timer = null;
      if (this.#tables.get(room.id) !== table) return;
      this.#tables.delete(room.id);
      // The room is let go: games no longer held are not read again every few seconds.
      this.#shared.forget(room.id);
    };
  }

  /** Hears again who is connected on the other processes (before a claim is judged). */
  async recheck(room: Room): Promise<void> {
    const table = this.#tables.get(room.id);
    if (table === undefined) return;
    await this.#shared.refresh(room.id);
    this.#refresh(table);
  }

  /** A socket took `seat`; call the returned function when it closes. */
  connect(room: Room, seat: Seat): () => void {
    const table = this.#tables.get(room.id);
    if (table === undefined) return () => undefined;
    table.sockets[seat]++;
    if (table.sockets[seat] === 1) this.#shared.report(room.id, seat, true);
    this.#changed(table);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      table.sockets[seat]--;
      if (table.sockets[seat] === 0) this.#shared.report(room.id, seat, false);
      this.#changed(table);
    };
  }

  /** A spectator socket watches the game; call the returned function when it closes. */
  watch(room: Room): () => void {
    const table = this.#tables.get(room.id);
    if (table === undefined) return () => undefined;
    table.watchers++;
    this.#shared.reportWatchers(room.id, table.watchers);
    this.#fanout.publish(room.id, { kind: 'presence' });
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      table.watchers--;
      this.#shared.reportWatchers(room.id, table.watchers);
      this.#fanout.publish(room.id, { kind: 'presence' });
    };
  }

  presenceOf(room: Room): Presence {
    const table = this.#tables.get(room.id);
    const holder = (seat: Seat): SeatHolder => {
      const record = room.seat(seat);
      if (record.holder === 'computer') return 'computer';
      return record.tokenHash === null ? 'open' : 'human';
    };
    const seat = (s: Seat) => ({
      holder: holder(s),
      connected:
        holder(s) === 'computer' || (table?.sockets[s] ?? 0) > 0 || this.#shared.elsewhere(room.id, s),
    });
    const now = this.#now();
    const claimIn = (s: Seat) => {
      const at = table === undefined ? null : this.#claimAt(table, s);
      return at === null ? null : Math.max(0, at - now);
    };
    return {
      seats: { red: seat('red'), blue: seat('blue') },
      claimable: table?.claimable ?? null,
      claimIn: { red: claimIn('red'), blue: claimIn('blue') },
      watchers: (table?.watchers ?? 0) + this.#shared.watchersElsewhere(room.id),
    };
  }

  /** Stops every timer (shutdown). */
  stop(): void {
    for (const table of this.#tables.values()) {
      if (table.timer !== null) clearTimeout(table.timer);
      table.timer = null;
    }
    this.#tables.clear();
    this.#shared.stop();
  }

  #changed(table: Table): void {
    if (!this.#refresh(table)) this.#fanout.publish(table.room.id, { kind: 'presence' });
  }

  /** When the other seat may claim against `seat` if nothing changes (ms since 1970), or null. */
  #claimAt(table: Table, seat: Seat): number | null {
    const times: number[] = [];
    const away = table.awaySince[seat];
    if (away !== null) times.push(away + this.#limits.awayMs);
    const deciding = table.decidingSince[seat];
    const limit = decisionLimitMs(this.#limits, table.room.clock, table.room.state);
    if (deciding !== null && limit !== null) times.push(deciding + limit);
    return times.length === 0 ? null : Math.min(...times);
  }

  /** When the game is aborted if `seat`, which never acted, still has not (ms since 1970), or null. */
  #abortAt(table: Table, seat: Seat): number | null {
    const deciding = table.decidingSince[seat];
    if (deciding === null || !neverActed(table.room.state.log, seat)) return null;
    // A daily game is played at leisure: its seat has the day (decision-limits.ts), not ABORT_SECONDS.
    if (table.room.clock?.control.kind === 'daily') return null;
    // Its opponent must have come: two pages that never came abort nothing (nobody waits).
    if (neverActed(table.room.state.log, opponentOf(seat))) return null;
    return deciding + this.#limits.abortMs;
  }

  /**
   * Makes sure a refresh comes by `at` (ms since 1970; null: none is needed). A timer that fires sooner is
   * kept: its refresh finds what is due then and arms the next. Every move pushes the deciding seat's limit
   * later, so re-arming on each would cost a timer made and one cancelled per action for nothing.
   */
  #arm(table: Table, at: number | null): void {
    if (at !== null && table.timer !== null && table.timerAt <= at) return;
    if (table.timer !== null) clearTimeout(table.timer);
    table.timer = null;
    if (at === null) return;
    const now = this.#now();
    table.timerAt = at;
    table.timer = setTimeout(() => {
      table.timer = null;
      this.#refresh(table);
    }, at - now);
    table.timer.unref();
  }

  /** Recomputes who is away or overdue; true when it told the room that the claimable seat changed. */
  #refresh(table: Table): boolean {
    const now = this.#now();
    const room = table.room;
    const deciding = toAct(room.state);
    // A running clock is the away rule of a timed game: its seat's time runs out instead (setup is untimed).
    const clocked = room.clock !== null && room.state.phase === 'play';
    const moved = room.version !== table.version;
    const lastSeat = room.state.log[room.version - 1]?.seat;
    table.version = room.version;
    for (const seat of SEATS) {
      const record = room.seat(seat);
      const person = record.holder === 'human' && record.tokenHash !== null;
      if (!person || !deciding.includes(seat) || room.over) table.decidingSince[seat] = null;
      else if (table.decidingSince[seat] === null || (moved && lastSeat === seat))
        table.decidingSince[seat] = now;
      const away =
        !clocked &&
        record.holder === 'human' &&
        deciding.includes(seat) &&
        table.sockets[seat] === 0 &&
        !this.#shared.elsewhere(room.id, seat);
      if (!away) table.awaySince[seat] = null;
      else if (table.awaySince[seat] === null) table.awaySince[seat] = now;
    }
    const due: number[] = [];
    for (const seat of SEATS) {
      const abortAt = this.#abortAt(table, seat);
      if (abortAt === null) continue;
      if (abortAt > now) due.push(abortAt);
      else if (table.aborting === null) {
        table.aborting = seat;
        this.#aborted(room, seat);
      }
    }
    const overdue = SEATS.filter((seat) => {
      const at = this.#claimAt(table, seat);
      if (at !== null && at > now) due.push(at);
      return at !== null && at <= now;
    });
    const claimable = overdue.length === 1 ? (overdue[0] ?? null) : null;
    this.#arm(table, due.length === 0 ? null : Math.min(...due) + 5);
    if (claimable === table.claimable) return false;
    table.claimable = claimable;
    this.#fanout.publish(room.id, { kind: 'presence' });
    return true;
  }
}
