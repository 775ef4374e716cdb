/**
 * The local game host: engine and computer player together, with no server. The worker wraps it; tests
 * drive it directly. It answers every message with what the page should show next. Like a server, it draws
 * the secret seed, commits to it, takes the page's contributions (and derives the computer's from the seed)
 * before the cards are dealt, and publishes the record with the seed only at the end (docs/fairness.md).
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
  opponentOf,
  type Random,
  randomFromSeed,
  recordOf,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import { randomHex256 } from '../game/fairness.ts';
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
  /** sha256 of the seed: what the page keeps to check the game after its end. */
  private readonly seedHash: string;
  /** The seats whose next update starts their events afresh (their first). */
  private readonly fresh = new Set<Seat>(['red', 'blue']);

  constructor(start: Extract<ToHost, { t: 'start' }>) {
    const seed = randomHex256();
    this.seedHash = commitmentOf(seed);
    this.state = createGame({ ...start.options, seed, entropy: 'seats' });
    this.mode = start.mode;
    this.shown = start.mode === 'computer' ? start.human : 'red';
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
        return { t: 'error', code: 'host/started', message: 'This game has already started.' };
      case 'act':
        return this.act(message.seat, message.action);
      case 'handOver':
        return this.handOver();
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
    const since = this.fresh.delete(seat) ? 0 : null;
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
