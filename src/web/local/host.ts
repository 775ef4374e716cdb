/**
 * The local game host: engine and computer player together, with no server. The worker wraps it; tests
 * drive it directly. It answers every message with what the page should show next.
 */
import { type Bot, createBot } from '../../ai/index.ts';
import {
  type Action,
  applyAction,
  type BySeat,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  opponentOf,
  type Random,
  randomFromSeed,
  recordOf,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import type { BotInfo, FromHost, Level, LocalMode, ToHost } from './messages.ts';

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
  /** The person's seat against the computer; in pass-and-play, the seat holding the device now. */
  private shown: Seat;
  private readonly bot: { bot: Bot; info: BotInfo; seat: Seat; random: Random } | null;
  /** Events each seat has not been shown yet. */
  private readonly backlog: BySeat<GameEvent[]> = { red: [], blue: [] };
  /** Every event each seat has seen (a bot's history). */
  private readonly history: BySeat<GameEvent[]> = { red: [], blue: [] };

  constructor(start: Extract<ToHost, { t: 'start' }>) {
    this.state = createGame(start.options);
    this.mode = start.mode;
    this.shown = start.mode === 'computer' ? start.human : 'red';
    if (start.mode === 'computer') {
      const { bot, info } = botFor(start.level);
      this.bot = {
        bot,
        info,
        seat: opponentOf(start.human),
        random: randomFromSeed(`${start.options.seed}/bot`),
      };
    } else {
      this.bot = null;
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
        return { t: 'error', code: 'host/started', message: 'This game has already started.' };
      case 'act':
        return this.act(message.seat, message.action);
    }
  }

  private act(seat: Seat, action: Action): FromHost {
    if (this.bot !== null && seat === this.bot.seat) {
      return { t: 'error', code: 'action/not-your-seat', message: 'That seat is played by the computer.' };
    }
    const result = applyAction(this.state, seat, action);
    if (!result.ok) return { t: 'error', code: result.error.code, message: result.error.message };
    this.record(result.state, result.events);
    this.runBot();
    if (this.mode === 'pass' && this.state.outcome === null) {
      const next = toAct(this.state);
      if (!next.includes(this.shown) && next[0] !== undefined) this.shown = next[0];
    }
    return this.update();
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
    return {
      t: 'update',
      seat,
      view: viewFor(this.state, seat),
      events,
      record: this.state.outcome === null ? null : recordOf(this.state),
      bot: this.bot?.info ?? null,
    };
  }
}
