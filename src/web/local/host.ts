/**
 * The local game host: engine and computer player together, with no server. The worker wraps it; tests
 * drive it directly. It answers every message with what the page should show next. Like a server, it draws
 * the secret seed, commits to it, takes the page's contributions (and derives the computer's from the seed)
 * before the cards are dealt, and publishes the record with the seed only at the end (docs/fairness.md).
 * A game kept on the device (kept.ts) is taken up by replaying its record: the state is the same, and each
 * seat's log comes back from the same `eventsFor` filter as the live game.
 */
import { type Bot, createBot } from '../../ai/index.ts';
import {
  type Action,
  applyAction,
  type BySeat,
  commitmentOf,
  computerContribution,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  historyFor,
  isContribution,
  opponentOf,
  type Random,
  randomFromSeed,
  recordOf,
  replay,
  type Seat,
  stateAfter,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import { randomHex256 } from '../game/random.ts';
import type { KeptGame, KeptSummary } from './kept.ts';
import { type BotInfo, type FromHost, LEVELS, type Level, type LocalMode, type ToHost } from './messages.ts';

/** A kept game checked and replayed: what the host is rebuilt from. */
interface Resumed {
  readonly t: 'resumed';
  readonly kept: KeptGame;
  readonly state: GameState;
}

/** The computer player for a level; the levels are `createBot`'s own names. */
function botFor(level: Level): { bot: Bot; info: BotInfo } {
  const asked = createBot(level);
  if (!asked.ok) throw new Error(`local host: ${asked.error.message}`);
  return { bot: asked.value, info: { name: asked.value.name } };
}

export class LocalHost {
  /** The whole game, secrets included; never sent out. */
  private state: GameState;
  private readonly mode: LocalMode;
  /** The person's seat against the computer ('red' in pass and play), and the computer's level: kept with the game. */
  private readonly human: Seat;
  private readonly level: Level;
  /** The person's seat against the computer; in pass-and-play, the seat holding the device now. */
  private shown: Seat;
  private readonly bot: { bot: Bot; info: BotInfo; seat: Seat; random: Random } | null;
  /** Events each seat has not been shown yet. */
  private readonly backlog: BySeat<GameEvent[]> = { red: [], blue: [] };
  /** Every event each seat has seen (a bot's history). */
  private readonly history: BySeat<GameEvent[]> = { red: [], blue: [] };
  /** sha256 of the seed: what the page keeps to check the game after its end. */
  private readonly seedHash: string;
  /**
   * The seats whose next update starts their events afresh, and after how many actions: 0 for a new game's
   * first; the version it was taken up at for a kept game (what came before is its history, not news).
   */
  private readonly fresh = new Map<Seat, number>();

  /** A kept game, checked by replaying its record; a broken one is refused with a sentence. */
  static resume(data: unknown): { ok: true; host: LocalHost } | { ok: false; message: string } {
    const kept = data as Partial<KeptGame> | null;
    if (
      typeof kept !== 'object' ||
      kept === null ||
      (kept.mode !== 'computer' && kept.mode !== 'pass') ||
      (kept.human !== 'red' && kept.human !== 'blue') ||
      (kept.shown !== 'red' && kept.shown !== 'blue') ||
      !(LEVELS as readonly unknown[]).includes(kept.level)
    ) {
      return { ok: false, message: 'The kept game is not one this page can read.' };
    }
    const replayed = replay(kept.record);
    if (!replayed.ok)
      return { ok: false, message: `The kept game no longer replays: ${replayed.error.message}` };
    return { ok: true, host: new LocalHost({ t: 'resumed', kept: kept as KeptGame, state: replayed.value }) };
  }

  constructor(from: Extract<ToHost, { t: 'start' }> | Resumed) {
    if (from.t === 'resumed') {
      const { kept, state } = from;
      this.state = state;
      this.mode = kept.mode;
      this.human = kept.human;
      this.level = kept.level;
      this.shown = kept.mode === 'computer' ? kept.human : kept.shown;
      this.seedHash = commitmentOf(state.rules.seed);
      const botSeat = opponentOf(kept.human);
      // A fresh stream for the computer's choices from here (its old one is not kept): the game itself,
      // seed and chance included, is exactly where it was.
      this.bot =
        kept.mode === 'computer'
          ? {
              ...botFor(kept.level),
              seat: botSeat,
              random: randomFromSeed(`${state.rules.seed}/bot/${state.log.length}`),
            }
          : null;
      if (this.bot !== null)
        this.history[botSeat] = historyFor(state, botSeat).flatMap((step) => step.events);
      this.fresh.set('red', state.log.length).set('blue', state.log.length);
      // Pass-and-play left between a decision and its hand-over resumes with the seat that decides next.
      const next = this.nextSeat();
      if (next !== null) this.shown = next;
      return;
    }
    const start = from;
    const seed = randomHex256();
    this.seedHash = commitmentOf(seed);
    this.state = createGame({ ...start.options, seed, entropy: 'seats' });
    this.mode = start.mode;
    this.human = start.mode === 'computer' ? start.human : 'red';
    this.level = start.level;
    this.shown = start.mode === 'computer' ? start.human : 'red';
    this.fresh.set('red', 0).set('blue', 0);
    if (start.mode === 'computer') {
      const { bot, info } = botFor(start.level);
      this.bot = { bot, info, seat: opponentOf(start.human), random: randomFromSeed(`${seed}/bot`) };
    } else {
      this.bot = null;
    }
    // The computer's share first: it follows from the seed, so it was fixed before the person's arrived.
    const order: Seat[] = this.bot?.seat === 'blue' ? ['blue', 'red'] : ['red', 'blue'];
    for (const seat of order) {
      const given = this.bot?.seat === seat ? computerContribution(seed, seat) : start.contributions[seat];
      if (given === null) throw new Error(`local host: no contribution for ${seat}`);
      const result = applyAction(this.state, seat, { type: 'contribute', entropy: given });
      if (!result.ok) throw new Error(`local host: ${result.error.message}`);
      this.record(result.state, result.events);
    }
  }

  /** The first update: the bot sets up at once, the person sees the setup. */
  begin(): FromHost {
    this.runBot();
    return this.update();
  }

  handle(message: ToHost): FromHost {
    switch (message.t) {
      case 'start':
      case 'resume':
        return { t: 'error', code: 'host/started', message: 'This game has already started.' };
      case 'act':
        return this.act(message.seat, message.action);
      case 'handOver':
        return this.handOver();
      case 'history': {
        const refused = this.refuseComputerSeat(message.seat);
        if (refused !== null) return refused;
        const steps = historyFor(this.state, message.seat);
        return { t: 'history', seat: message.seat, v: this.state.log.length, steps };
      }
      case 'review': {
        const refused = this.refuseComputerSeat(message.seat);
        if (refused !== null) return refused;
        const { seat, v } = message;
        if (!Number.isInteger(v) || v < 0 || v > this.state.log.length) {
          return {
            t: 'error',
            code: 'review/ahead',
            message: `The game is at move ${this.state.log.length}, not ${v}.`,
          };
        }
        return { t: 'review', seat, v, view: viewFor(stateAfter(this.state, v), seat) };
      }
    }
  }

  /** The computer's seat is nobody's at this device: its view and events stay hidden, as in play. */
  private refuseComputerSeat(seat: Seat): FromHost | null {
    if (this.bot === null || seat !== this.bot.seat) return null;
    return { t: 'error', code: 'action/not-your-seat', message: 'That seat is played by the computer.' };
  }

  /** The game as kept on the device (kept.ts): its record, seed included, and who plays it. */
  kept(): KeptGame {
    return {
      mode: this.mode,
      human: this.human,
      level: this.level,
      record: recordOf(this.state),
      shown: this.shown,
    };
  }

  /** What the home page shows of this game; nothing of the computer's (its share follows from the seed). */
  summary(savedAt: number): KeptSummary {
    const rules = this.state.rules;
    const contributions = { red: null as string | null, blue: null as string | null };
    for (const entry of this.state.log) {
      const action = entry.action;
      if (action.type === 'contribute' && entry.seat !== this.bot?.seat && isContribution(action.entropy))
        contributions[entry.seat] = action.entropy;
    }
    return {
      mode: this.mode,
      human: this.human,
      level: this.level,
      variant: rules.variant,
      shots: rules.shots,
      turnLimit: rules.turnLimit,
      turn: this.state.phase === 'setup' ? 0 : this.state.turn + 1,
      contributions,
      savedAt,
    };
  }

  private act(seat: Seat, action: Action): FromHost {
    if (this.bot !== null && seat === this.bot.seat) {
      return { t: 'error', code: 'action/not-your-seat', message: 'That seat is played by the computer.' };
    }
    const result = applyAction(this.state, seat, action);
    if (!result.ok) return { t: 'error', code: result.error.code, message: result.error.message };
    this.record(result.state, result.events);
    this.runBot();
    // Pass-and-play: the seat that acted is shown what its decision did first (issue 21); the page then
    // hands the device over and asks for the next seat's update.
    return this.update();
  }

  /** Pass-and-play: the device goes to the seat that decides next (a no-op when it already holds it). */
  private handOver(): FromHost {
    const next = this.nextSeat();
    if (next !== null) this.shown = next;
    return this.update();
  }

  /** Pass-and-play, game running: the seat to pass the device to, when the one holding it no longer decides. */
  private nextSeat(): Seat | null {
    if (this.mode !== 'pass' || this.state.outcome !== null) return null;
    const next = toAct(this.state);
    return next.includes(this.shown) ? null : (next[0] ?? null);
  }

  private record(state: GameState, events: readonly GameEvent[]): void {
    this.state = state;
    for (const seat of ['red', 'blue'] as const) {
      const seen = eventsFor(events, seat);
      this.backlog[seat].push(...seen);
      this.history[seat].push(...seen);
    }
  }

  /** Lets the computer decide for as long as it is the one to decide. */
  private runBot(): void {
    const bot = this.bot;
    if (bot === null) return;
    for (let guard = 0; guard < 1000 && this.state.outcome === null; guard++) {
      if (!toAct(this.state).includes(bot.seat)) return;
      const view = viewFor(this.state, bot.seat);
      const action = bot.bot.decide({ view, history: this.history[bot.seat], random: bot.random });
      const result = applyAction(this.state, bot.seat, action);
      if (!result.ok) throw new Error(`local host: the computer's move was refused: ${result.error.message}`);
      this.record(result.state, result.events);
    }
  }

  private update(): FromHost {
    const seat = this.shown;
    const events = this.backlog[seat].splice(0);
    const since = this.fresh.get(seat) ?? null;
    this.fresh.delete(seat);
    return {
      t: 'update',
      seat,
      view: viewFor(this.state, seat),
      seedHash: this.seedHash,
      since,
      v: this.state.log.length,
      events,
      record: this.state.outcome === null ? null : recordOf(this.state),
      bot: this.bot?.info ?? null,
      handTo: this.nextSeat(),
    };
  }
}
