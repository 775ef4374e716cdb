/**
 * Computer seats played by external bots (`pirates serve --bot name=cmd`, docs/bots.md): a program that
 * plays by the bot protocol, one process per game and seat, started at its seat's first decision and
 * handed only that seat's view, legal actions and events, as in a tournament. A bot that crashes, runs out
 * of time or answers an action that is not legal resigns its game (and the log says why), so a broken bot
 * never leaves a person waiting. A program runs with as little of the server as can be: a bare environment
 * (no DATABASE_URL, no REDIS_URL), a scratch folder of its own and a random seed. It is ended when its game
 * ends or is let go, and the games that may hold one are bounded per address and in all (program-bounds.ts).
 * A program that speaks bot protocol 2 gets that protocol's lines (program-player.ts), still one process a
 * game and seat here: its scratch folder and environment are that game's alone.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExternalBot, STARTUP_MS } from '../../arena/external-bot.ts';
import { ProgramPlayer } from '../../arena/program-player.ts';
import {
  type Action,
  actionKey,
  eventsFor,
  type GameEvent,
  type PlayerView,
  SEATS,
  type Seat,
} from '../../engine/index.ts';
import { aboutTheTable, type Fanout } from '../fanout/fanout.ts';
import type { Room } from '../rooms/room.ts';
import { ProgramBounds } from './program-bounds.ts';

/** A name `--bot` may give: short, lower case, usable as a level in a request. */
export const EXTERNAL_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Time an external bot has for each decision on the server. */
export const SERVER_DEADLINE_MS = 10_000;
/** A bot process not asked for this long is ended (a new one catches up from the events if asked again). */
const IDLE_MS = 10 * 60 * 1000;

interface Seated {
  readonly program: ProgramPlayer;
  /** Its scratch folder (its working folder, HOME and TMPDIR), removed with it. */
  readonly scratch: string;
  lastAsked: number;
}

export interface ExternalSeatsLog {
  forfeited(gameId: string, name: string, seat: Seat, decision: number, message: string): void;
}

export interface ExternalSeatsSettings {
  /** Milliseconds a program has for each decision. */
  readonly deadlineMs: number;
  /** Milliseconds a program has from its start to say it is ready (docs/bots.md). */
  readonly startupMs: number;
  /** Games against a program opened from one address and not yet over or let go. */
  readonly programsPerAddress: number;
  /** Games against a program in this process, in all. */
  readonly programs: number;
}

export const DEFAULT_EXTERNAL_SETTINGS: ExternalSeatsSettings = {
  deadlineMs: SERVER_DEADLINE_MS,
  startupMs: STARTUP_MS,
  programsPerAddress: 2,
  programs: 16,
};

export class ExternalSeats {
  readonly #commands: ReadonlyMap<string, string>;
  readonly #seated = new Map<string, Seated>();
  readonly #log: ExternalSeatsLog;
  readonly #settings: ExternalSeatsSettings;
  readonly #sweep: NodeJS.Timeout;
  /** The games that may hold a program, by address: what a new game is refused on. */
  readonly bounds: ProgramBounds;

  constructor(
    commands: Readonly<Record<string, string>>,
    log: ExternalSeatsLog,
    settings: Partial<ExternalSeatsSettings> = {},
  ) {
    this.#commands = new Map(Object.entries(commands));
    this.#log = log;
    this.#settings = { ...DEFAULT_EXTERNAL_SETTINGS, ...settings };
    this.bounds = new ProgramBounds(this.#settings.programsPerAddress, this.#settings.programs, () =>
      this.#games(),
    );
    this.#sweep = setInterval(() => this.#endIdle(), IDLE_MS / 4);
    this.#sweep.unref();
  }

  has(name: string): boolean {
    return this.#commands.has(name);
  }

  /** Programs running now (one per game and seat asked so far). */
  get running(): number {
    return this.#seated.size;
  }

  /**
   * Ends a room's programs when its game ends (after an `over` line) or when the room is let go (a
   * RoomRegistry hook); returns what stops listening.
   */
  track(room: Room, fanout: Fanout): (() => void) | undefined {
    const played = SEATS.some((seat) => {
      const { holder, level } = room.seat(seat);
      return holder === 'computer' && level !== null && this.has(level);
    });
    if (!played) return undefined;
    const unsubscribe = fanout.subscribe(room.id, (notice) => {
      if (aboutTheTable(notice) && room.over) this.release(room.id, room);
    });
    return () => {
      unsubscribe();
      this.release(room.id, room.over ? room : null);
    };
  }

  /** Ends the game's programs (telling them how it ended when it did) and frees its place in the bounds. */
  release(gameId: string, ended: Pick<Room, 'state' | 'events'> | null = null): void {
    this.bounds.free(gameId);
    for (const seat of SEATS) {
      const key = `${gameId}:${seat}`;
      const seated = this.#seated.get(key);
      if (seated === undefined) continue;
      this.#seated.delete(key);
      const told =
        ended === null
          ? Promise.resolve()
          : seated.program.end(ended.state.outcome, eventsFor(ended.events, seat));
      void told.then(() => closeSeated(seated));
    }
  }

  /** The seat's action: the bot's answer, or a resignation when it failed. */
  async decide(
    name: string,
    view: PlayerView,
    history: readonly GameEvent[],
    gameId: string,
  ): Promise<Action> {
    const seat = view.viewer;
    const command = this.#commands.get(name);
    if (command === undefined || (seat !== 'red' && seat !== 'blue')) {
      throw new Error(`There is no external bot '${name}' for this seat.`);
    }
    const key = `${gameId}:${seat}`;
    let seated = this.#seated.get(key);
    if (seated === undefined) {
      seated = this.#start(command, seat);
      this.#seated.set(key, seated);
    }
    seated.lastAsked = Date.now();
    const decided = await seated.program.decide(view, history, this.#settings.deadlineMs);
    let failure: string | null = null;
    let action: Action | null = null;
    if (!decided.ok) failure = decided.message;
    else if (!isLegal(decided.action, view.legalActions)) {
      failure = `it answered an action that is not legal now: ${decided.answer.slice(0, 120)}`;
    } else action = decided.action;
    if (action !== null) return action;
    this.#log.forfeited(gameId, name, seat, seated.program.decisions, failure ?? 'it failed');
    void this.#end(key);
    return { type: 'resign' };
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    await Promise.all([...this.#seated.keys()].map((key) => this.#end(key)));
  }

  /**
   * A program with only what it needs: PATH to find its interpreter, a language, and a scratch folder as
   * its working folder, HOME and TMPDIR; nothing of the server's environment (its database's and Redis's
   * addresses, its secrets) nor its folder.
   */
  #start(command: string, seat: Seat): Seated {
    const scratch = mkdtempSync(join(tmpdir(), 'pirates-bot-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      LANG: process.env.LANG ?? 'C.UTF-8',
      HOME: scratch,
      TMPDIR: scratch,
    };
    const program = new ProgramPlayer(
      () => new ExternalBot(command, { cwd: scratch, env, startupMs: this.#settings.startupMs }),
    );
    // Its own seed, drawn: not derived from anything its opponent can see. One game a process here.
    program.begin({ number: 1, seat, seed: randomBytes(16).toString('hex') });
    return { program, scratch, lastAsked: Date.now() };
  }

  /** Game ids with a program running. */
  #games(): Set<string> {
    return new Set([...this.#seated.keys()].map((key) => key.slice(0, key.lastIndexOf(':'))));
  }

  #endIdle(): void {
    const now = Date.now();
    for (const [key, seated] of this.#seated) {
      if (now - seated.lastAsked > IDLE_MS) void this.#end(key);
    }
  }

  async #end(key: string): Promise<void> {
    const seated = this.#seated.get(key);
    this.#seated.delete(key);
    if (seated !== undefined) await closeSeated(seated);
  }
}

async function closeSeated(seated: Seated): Promise<void> {
  await seated.program.close();
  rmSync(seated.scratch, { recursive: true, force: true });
}

/** One of the legal actions; an aimed shot is legal when a shot is (the engine checks the aim). */
function isLegal(action: Action, legal: readonly Action[]): boolean {
  if (action.type === 'shoot') return legal.some((a) => a.type === 'shoot');
  const key = actionKey(action);
  return legal.some((a) => actionKey(a) === key);
}
