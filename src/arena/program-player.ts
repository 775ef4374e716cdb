/**
 * A program (`cmd:COMMAND`, `--bot name=COMMAND`) as the player of one seat, game after game, in whichever
 * bot protocol it speaks (docs/bots.md). Protocol 1 is one process a game: it gets `decide` lines, an `over`
 * line and its stdin closed. A program whose ready line asks for protocol 2 stays for the next game: each
 * game opens with a `newGame` line, ids are seat-relative, and it may take the legal actions as integers
 * (src/learn's, docs/learn.md).
 * The host cannot know which a program speaks before its first line, so the first question is written in
 * protocol 1 at once (an old bot answers it as ever) and asked again in protocol 2 if the ready line says so.
 * A protocol-2 process that crashed or ran out of time is not asked again (a late answer would be read as
 * the next one): the next game starts a new one.
 */
import type { Action, GameEvent, Outcome, PlayerView, Seat } from '../engine/index.ts';
import { ACTION_RANGES, actionOfIndex, legalActionMask, NUM_DISTINCT_ACTIONS } from '../learn/index.ts';
import { decideLine, overLine, readAnswer } from '../protocol/bot-lines.ts';
import { decideLine2, newGameLine, overLine2, readAnswer2 } from '../protocol/bot-lines-2.ts';
import type { ExternalBot } from './external-bot.ts';

/** A game as the program is told of it. */
export interface ProgramGame {
  /** Its number, named by every protocol-2 line of the game (a tournament's game number). */
  readonly number: number;
  readonly seat: Seat;
  /** A seed for the bot's own randomness (never the game's chance seed). */
  readonly seed: string;
}

/** The program's answer as the engine's action (legality is the engine's to check), or why it failed. */
export type Decided =
  | { readonly ok: true; readonly action: Action; readonly answer: string }
  | { readonly ok: false; readonly message: string };

interface Playing extends ProgramGame {
  /** Events already sent. */
  sent: number;
  decisions: number;
  /** Its `newGame` line was written (protocol 2). */
  opened: boolean;
}

export class ProgramPlayer {
  readonly #start: () => ExternalBot;
  #bot: ExternalBot | null = null;
  #game: Playing | null = null;
  #starts = 0;

  /** `start` starts the program's process (once, or again after a crash or for a protocol-1 program's next game). */
  constructor(start: () => ExternalBot) {
    this.#start = start;
  }

  /** Processes started so far. */
  get starts(): number {
    return this.#starts;
  }

  /** The protocol of the running process: 1 until its ready line says 2 (null with no process). */
  get protocol(): 1 | 2 | null {
    const hello = this.#bot?.hello;
    if (hello === undefined) return null;
    return hello.ok && hello.value.protocol === 2 ? 2 : 1;
  }

  /** This game's decisions so far (the one that failed, after a failure). */
  get decisions(): number {
    return this.#game?.decisions ?? 0;
  }

  /** A game begins: a process is started unless one (a protocol-2 program between games) is waiting. */
  begin(game: ProgramGame): void {
    if (this.#bot === null || this.#bot.ended) {
      this.#bot = this.#start();
      this.#starts += 1;
    }
    this.#game = { ...game, sent: 0, decisions: 0, opened: false };
  }

  /** Asks the program for this seat's action; `history` is every event the seat saw this game. */
  async decide(view: PlayerView, history: readonly GameEvent[], deadlineMs: number): Promise<Decided> {
    const bot = this.#bot;
    const game = this.#game;
    if (bot === null || game === null) throw new Error('A program was asked outside a game (begin first).');
    game.decisions += 1;
    const events = history.slice(game.sent);
    game.sent = history.length;
    for (;;) {
      const hello = bot.hello;
      if (!hello.ok) {
        this.#drop();
        return { ok: false, message: hello.message };
      }
      if (hello.value.protocol === 1) {
        const line = decideLine({
          view,
          seat: game.seat,
          decision: game.decisions,
          timeLeftMs: deadlineMs,
          seed: game.seed,
          events,
        });
        const asked = await bot.ask(line, deadlineMs);
        if (!asked.ok) {
          // Its ready line came while it was asked: ask again in what it speaks.
          if (asked.kind === 'protocol') continue;
          return { ok: false, message: failure(asked.kind, asked.message) };
        }
        const read = readAnswer(asked.answer, view.legalActions);
        return read.ok
          ? { ok: true, action: read.value, answer: asked.answer }
          : { ok: false, message: read.error.message };
      }
      const integers = hello.value.actions === 'index';
      if (!game.opened) {
        const actions = integers ? { size: NUM_DISTINCT_ACTIONS, ranges: ACTION_RANGES } : undefined;
        bot.tell(newGameLine(game.number, game.seat, game.seed, view.rules, actions));
        game.opened = true;
      }
      const legal = integers ? legalIndices(view) : undefined;
      const line = decideLine2({
        game: game.number,
        seat: game.seat,
        view,
        decision: game.decisions,
        timeLeftMs: deadlineMs,
        events,
        ...(legal === undefined ? {} : { legal }),
      });
      const asked = await bot.ask(line, deadlineMs);
      if (!asked.ok) {
        this.#drop();
        return { ok: false, message: failure(asked.kind, asked.message) };
      }
      const read = readAnswer2(
        asked.answer,
        game.seat,
        view.legalActions,
        legal === undefined ? undefined : { legal, ofIndex: (index) => actionOfIndex(view, index) },
      );
      return read.ok
        ? { ok: true, action: read.value, answer: asked.answer }
        : { ok: false, message: read.error.message };
    }
  }

  /**
   * The game is over: the program is told how it ended. A protocol-1 process is then ended (its stdin
   * closed); a protocol-2 one waits for its next game.
   */
  async end(outcome: Outcome | null, history: readonly GameEvent[]): Promise<void> {
    const bot = this.#bot;
    const game = this.#game;
    this.#game = null;
    if (bot === null || game === null) return;
    const events = history.slice(game.sent);
    if (this.protocol === 2) {
      if (game.opened) bot.tell(overLine2(game.number, game.seat, outcome, events));
      return;
    }
    bot.tell(overLine(game.seat, outcome, events));
    this.#bot = null;
    await bot.close();
  }

  /** Ends the process, if one runs. */
  async close(): Promise<void> {
    const bot = this.#bot;
    this.#bot = null;
    this.#game = null;
    await bot?.close();
  }

  /** Ends a process that may not be asked again (stuck, out of sync, or asking for what is not spoken). */
  #drop(): void {
    const bot = this.#bot;
    this.#bot = null;
    void bot?.close();
  }
}

/** The integers of the seat's legal actions (docs/learn.md), ascending: the ones of its mask. */
function legalIndices(view: PlayerView): number[] {
  const mask = legalActionMask(view);
  const legal: number[] = [];
  for (let index = 0; index < mask.length; index++) if (mask[index] === 1) legal.push(index);
  return legal;
}

function failure(kind: 'timeout' | 'crash' | 'protocol', message: string): string {
  return kind === 'crash' ? `it crashed: ${message}` : message;
}

/** The programs of a run, one per name, each playing its games in sequence (one thread's share of a run). */
export class ProgramPlayers {
  readonly #players = new Map<string, ProgramPlayer>();

  /** The player of `name`, started by `start` when it needs a process. */
  player(name: string, start: () => ExternalBot): ProgramPlayer {
    let player = this.#players.get(name);
    if (player === undefined) {
      player = new ProgramPlayer(start);
      this.#players.set(name, player);
    }
    return player;
  }

  /** Processes started so far, all names together. */
  get starts(): number {
    let starts = 0;
    for (const player of this.#players.values()) starts += player.starts;
    return starts;
  }

  async close(): Promise<void> {
    const players = [...this.#players.values()];
    this.#players.clear();
    await Promise.all(players.map((player) => player.close()));
  }
}
