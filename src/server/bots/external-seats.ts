/**
 * Computer seats played by external bots (`pirates serve --bot name=cmd`, docs/bots.md): a program that
 * plays by the bot protocol, one process per game and seat, started at its seat's first decision and
 * handed only that seat's view, legal actions and events, as in a tournament. A bot that crashes, runs out
 * of time or answers an action that is not legal resigns its game (and the log says why), so a broken bot
 * never leaves a person waiting. Processes idle for a while (their game over or forgotten) are ended.
 */
import { createHash } from 'node:crypto';
import { ExternalBot } from '../../arena/external-bot.ts';
import { type Action, actionKey, type GameEvent, type PlayerView, type Seat } from '../../engine/index.ts';
import { decideLine, readAnswer } from '../../protocol/bot-lines.ts';

/** A name `--bot` may give: short, lower case, usable as a level in a request. */
export const EXTERNAL_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Time an external bot has for each decision on the server. */
export const SERVER_DEADLINE_MS = 10_000;
/** A bot process not asked for this long is ended (a new one catches up from the events if asked again). */
const IDLE_MS = 10 * 60 * 1000;

interface Seated {
  readonly bot: ExternalBot;
  /** Events already sent. */
  sent: number;
  decisions: number;
  lastAsked: number;
}

export interface ExternalSeatsLog {
  forfeited(gameId: string, name: string, seat: Seat, message: string): void;
}

export class ExternalSeats {
  readonly #commands: ReadonlyMap<string, string>;
  readonly #seated = new Map<string, Seated>();
  readonly #log: ExternalSeatsLog;
  readonly #deadlineMs: number;
  readonly #sweep: NodeJS.Timeout;

  constructor(
    commands: Readonly<Record<string, string>>,
    log: ExternalSeatsLog,
    deadlineMs = SERVER_DEADLINE_MS,
  ) {
    this.#commands = new Map(Object.entries(commands));
    this.#log = log;
    this.#deadlineMs = deadlineMs;
    this.#sweep = setInterval(() => this.#endIdle(), IDLE_MS / 4);
    this.#sweep.unref();
  }

  has(name: string): boolean {
    return this.#commands.has(name);
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
      seated = { bot: new ExternalBot(command), sent: 0, decisions: 0, lastAsked: Date.now() };
      this.#seated.set(key, seated);
    }
    seated.decisions += 1;
    seated.lastAsked = Date.now();
    const line = decideLine({
      view,
      seat,
      decision: seated.decisions,
      timeLeftMs: this.#deadlineMs,
      // A seed of its own, not the game's (which the server keeps secret until the game is over).
      seed: createHash('sha256').update(`${key}:${name}`).digest('hex').slice(0, 32),
      events: history.slice(seated.sent),
    });
    seated.sent = history.length;
    const asked = await seated.bot.ask(line, this.#deadlineMs);
    let failure: string | null = null;
    let action: Action | null = null;
    if (!asked.ok) failure = asked.kind === 'timeout' ? asked.message : `it crashed: ${asked.message}`;
    else {
      const read = readAnswer(asked.answer, view.legalActions);
      if (!read.ok) failure = read.error.message;
      else if (!isLegal(read.value, view.legalActions)) {
        failure = `it answered an action that is not legal now: ${asked.answer.slice(0, 120)}`;
      } else action = read.value;
    }
    if (action !== null) return action;
    this.#log.forfeited(gameId, name, seat, failure ?? 'it failed');
    this.#end(key);
    return { type: 'resign' };
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    await Promise.all([...this.#seated.keys()].map((key) => this.#end(key)));
  }

  #endIdle(): void {
    const now = Date.now();
    for (const [key, seated] of this.#seated) if (now - seated.lastAsked > IDLE_MS) void this.#end(key);
  }

  #end(key: string): Promise<void> {
    const seated = this.#seated.get(key);
    this.#seated.delete(key);
    return seated === undefined ? Promise.resolve() : seated.bot.close();
  }
}

/** One of the legal actions; an aimed shot is legal when a shot is (the engine checks the aim). */
function isLegal(action: Action, legal: readonly Action[]): boolean {
  if (action.type === 'shoot') return legal.some((a) => a.type === 'shoot');
  const key = actionKey(action);
  return legal.some((a) => actionKey(a) === key);
}
