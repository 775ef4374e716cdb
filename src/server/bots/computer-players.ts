/**
 * Plays the seats the computer holds. After every move it looks for a computer seat that must decide,
 * takes the seat's lease for that version (with several processes exactly one plays it; seat-lease.ts),
 * waits a small human-like delay, asks the bot pool with that seat's view and history only, and sends the
 * answer through the same `Room.act` a person's action takes. A computer seat's contribution to chance
 * is the server's, derived from the seed (docs/fairness.md): the commitment fixed it before anyone joined,
 * so the server cannot pick it after seeing a person's, and the bot is never asked.
 */
import { randomInt } from 'node:crypto';
import { thinkingMs } from '../../ai/level-names.ts';
import {
  type Action,
  computerContribution,
  eventsFor,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import { aboutTheTable, type Fanout } from '../fanout/fanout.ts';
import type { Room } from '../rooms/room.ts';
import { newToken } from '../secrets.ts';
import type { BotPool } from './bot-pool.ts';
import type { SeatLease } from './seat-lease.ts';

/** How long a computer seat waits after a failed decision before it tries again. */
const RETRY_MS = 1000;

export interface ComputerLog {
  failed(gameId: string, message: string): void;
}

export interface BotDelay {
  /** Milliseconds before a computer seat answers, drawn between these (0 and 0 in tests and benchmarks). */
  readonly minMs: number;
  readonly maxMs: number;
}

export class ComputerPlayers {
  readonly #pool: BotPool;
  readonly #fanout: Fanout;
  readonly #delay: BotDelay;
  readonly #log: ComputerLog;
  readonly #lease: SeatLease;
  readonly #leaseMs: number;
  /** Rooms waiting to look again after another process held the lease. */
  readonly #retrying = new Set<string>();
  /** `${gameId}:${seat}` of the seats thinking now. */
  readonly #thinking = new Set<string>();
  readonly #seeds = new Map<string, string>();
  #stopped = false;

  constructor(
    pool: BotPool,
    fanout: Fanout,
    delay: BotDelay,
    log: ComputerLog,
    lease: { readonly seats: SeatLease; readonly ms: number },
  ) {
    this.#lease = lease.seats;
    this.#leaseMs = lease.ms;
    this.#pool = pool;
    this.#fanout = fanout;
    this.#delay = delay;
    this.#log = log;
  }

  /** Starts playing a room's computer seats (a RoomRegistry hook); returns what stops it. */
  track(room: Room): (() => void) | undefined {
    if (this.#seeds.has(room.id)) return undefined;
    this.#seeds.set(room.id, newToken());
    const unsubscribe = this.#fanout.subscribe(room.id, (notice) => {
      if (aboutTheTable(notice)) this.#look(room);
    });
    this.#look(room);
    return () => {
      unsubscribe();
      this.#seeds.delete(room.id);
    };
  }

  stop(): void {
    this.#stopped = true;
  }

  /** True while a computer seat of this room thinks here, or waits on another process's lease: keep the room. */
  busy(room: Room): boolean {
    return this.#retrying.has(room.id) || SEATS.some((seat) => this.#thinking.has(`${room.id}:${seat}`));
  }

  #look(room: Room): void {
    if (this.#stopped || room.over) return;
    for (const seat of toAct(room.state)) {
      const key = `${room.id}:${seat}`;
      if (room.seat(seat).holder !== 'computer' || this.#thinking.has(key)) continue;
      this.#thinking.add(key);
      void this.#lease.claim(room.id, seat, room.version).then((won) => {
        if (!won) {
          this.#thinking.delete(key);
          this.#lookLater(room);
          return;
        }
        // The answer goes out at max(delay, thinking), the delay drawn before thinking starts: how long the
        // computer took then says nothing about its position (a lone Bomb's forced pass is instant, a search
        // takes its time; the delay's floor is above a search's time cap).
        const thinks = room.state.pending.ask !== 'contribute' && this.#delay.maxMs > 0;
        const wait = thinks ? randomInt(this.#delay.minMs, this.#delay.maxMs + 1) : 0;
        void this.#play(room, seat, Date.now() + wait).then((played) => {
          this.#thinking.delete(key);
          // The seat may still have to decide (its move was stale, or the engine asks it again);
          // after a failure, wait a little rather than spin.
          if (played) this.#look(room);
          else setTimeout(() => this.#look(room), RETRY_MS).unref();
        });
      });
    }
  }

  /**
   * Another process holds the lease: it plays, and its move reaches us as a hint. Should it die, the lease
   * expires, and this process (while it holds the room) catches up and looks again: after a restart the
   * lease of the decision the dead process was thinking may still stand when a hello loads the game here.
   */
  #lookLater(room: Room): void {
    if (!this.#seeds.has(room.id) || this.#retrying.has(room.id)) return;
    this.#retrying.add(room.id);
    setTimeout(() => {
      this.#retrying.delete(room.id);
      if (this.#stopped || !this.#seeds.has(room.id)) return;
      room.catchUp().then(
        () => this.#look(room),
        (error: unknown) => {
          this.#log.failed(room.id, String(error));
          this.#lookLater(room);
        },
      );
    }, this.#leaseMs).unref();
  }

  /** Decides for `seat` now and acts no earlier than `notBefore` (ms since 1970). False when the decision failed. */
  async #play(room: Room, seat: Seat, notBefore: number): Promise<boolean> {
    if (this.#stopped) return true;
    const v = room.version;
    const { holder, level } = room.seat(seat);
    if (holder !== 'computer' || !toAct(room.state).includes(seat)) return true;
    if (level === null) {
      // Every computer seat is stored with its level; one without is a bug, not a reason to play at random.
      this.#log.failed(room.id, `the computer seat ${seat} has no level`);
      return false;
    }
    // Due at the end of the human-like pause, and never before the level's own thinking time: a decision
    // that waited behind others thinks only for what is left, so the answer still comes about on time.
    const deadline = Math.max(notBefore, Date.now() + thinkingMs(level));
    try {
      const action: Action =
        room.state.pending.ask === 'contribute'
          ? { type: 'contribute', entropy: computerContribution(room.state.rules.seed, seat) }
          : (
              await this.#pool.decide(
                level,
                viewFor(room.state, seat),
                eventsFor(room.events, seat),
                `${this.#seeds.get(room.id) ?? room.id}:${seat}:${v}`,
                room.id,
                deadline,
              )
            ).action;
      const left = notBefore - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left).unref());
      if (this.#stopped) return true;
      const outcome = await room.act(seat, v, action);
      if (outcome.kind === 'refused' && outcome.error.code !== 'act/stale') {
        this.#log.failed(room.id, `The ${level} bot chose a refused action: ${outcome.error.message}`);
        return false;
      }
      return true;
    } catch (error) {
      if (!this.#stopped) this.#log.failed(room.id, String(error));
      return false;
    }
  }
}
