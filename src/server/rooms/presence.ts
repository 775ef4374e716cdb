/**
 * Who is at the table. Counts each seat's open sockets (here, and through SharedPresence on the other
 * processes) and times how long a person's seat has been empty while it is that seat's decision; past
 * `awayMs` the other seat may claim the win or hand the empty seat to the computer. Timers are re-armed on
 * every move, connection and seat change.
 */
import { type BySeat, SEATS, type Seat, toAct } from '../../engine/index.ts';
import type { Presence, SeatHolder } from '../../protocol/index.ts';
import { aboutTheTable, type Fanout } from '../fanout/fanout.ts';
import type { Room } from './room.ts';
import { type SharedPresence, SingleProcessPresence } from './shared-presence.ts';

interface Table {
  readonly room: Room;
  readonly sockets: BySeat<number>;
  /** Since when each seat has been away on its turn (ms), or null. */
  readonly awaySince: BySeat<number | null>;
  /** Spectator sockets of this process. */
  watchers: number;
  claimable: Seat | null;
  timer: NodeJS.Timeout | null;
}

export class PresenceBoard {
  readonly #tables = new Map<string, Table>();
  readonly #awayMs: number;
  readonly #fanout: Fanout;
  readonly #now: () => number;
  readonly #shared: SharedPresence;

  constructor(
    awayMs: number,
    fanout: Fanout,
    shared: SharedPresence = new SingleProcessPresence(),
    now: () => number = Date.now,
  ) {
    this.#awayMs = awayMs;
    this.#fanout = fanout;
    this.#shared = shared;
    this.#now = now;
  }

  /** Starts watching a room (a RoomRegistry hook); returns what stops it. */
  track(room: Room): (() => void) | undefined {
    if (this.#tables.has(room.id)) return undefined;
    const table: Table = {
      room,
      sockets: { red: 0, blue: 0 },
      awaySince: { red: null, blue: null },
      watchers: 0,
      claimable: null,
      timer: null,
    };
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
    return {
      seats: { red: seat('red'), blue: seat('blue') },
      claimable: table?.claimable ?? null,
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

  /** Recomputes who is away; true when it told the room that the claimable seat changed. */
  #refresh(table: Table): boolean {
    const now = this.#now();
    const deciding = toAct(table.room.state);
    // A running clock is the away rule of a timed game: its seat's time runs out instead (setup is untimed).
    const clocked = table.room.clock !== null && table.room.state.phase === 'play';
    for (const seat of SEATS) {
      const away =
        !clocked &&
        table.room.seat(seat).holder === 'human' &&
        deciding.includes(seat) &&
        table.sockets[seat] === 0 &&
        !this.#shared.elsewhere(table.room.id, seat);
      if (!away) table.awaySince[seat] = null;
      else if (table.awaySince[seat] === null) table.awaySince[seat] = now;
    }
    const overdue = SEATS.filter((seat) => {
      const since = table.awaySince[seat];
      return since !== null && now - since >= this.#awayMs;
    });
    const claimable = overdue.length === 1 ? (overdue[0] ?? null) : null;
    if (table.timer !== null) clearTimeout(table.timer);
    table.timer = null;
    const waiting = SEATS.flatMap((seat) => {
      const since = table.awaySince[seat];
      return since !== null && now - since < this.#awayMs ? [since + this.#awayMs - now] : [];
    });
    if (waiting.length > 0) {
      table.timer = setTimeout(() => this.#refresh(table), Math.min(...waiting) + 5);
      table.timer.unref();
    }
    if (claimable === table.claimable) return false;
    table.claimable = claimable;
    this.#fanout.publish(table.room.id, { kind: 'presence' });
    return true;
  }
}
