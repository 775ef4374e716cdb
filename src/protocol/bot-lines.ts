/**
 * The bot protocol (docs/bots.md): how a program in any language plays, like UCI for chess engines. For
 * each decision the host writes one JSON line on the bot's stdin: what its seat sees (the view), its legal
 * actions, the events it saw since its last line and the time it has; the bot answers one line on stdout,
 * the action (or its index among the legal actions). When the game ends the host writes one `over` line and
 * closes stdin. A line holds only what the seat may know: the engine's view and the seat's own events.
 */
import {
  type Action,
  type GameEvent,
  type Outcome,
  type PlayerView,
  parseAction,
  type Result,
  type Seat,
} from '../engine/index.ts';

/** Raised when the lines change in a way an old bot would misread. */
export const BOT_PROTOCOL_VERSION = 1;

/** The view as a line carries it: the legal actions sit beside it, not inside. */
export type BotLineView = Omit<PlayerView, 'legalActions'>;

/** "Decide now": the bot must answer this line with one line. */
export interface DecideLine {
  readonly type: 'decide';
  readonly protocol: typeof BOT_PROTOCOL_VERSION;
  readonly seat: Seat;
  /** This seat's decisions so far in the game, counting this one, from 1. */
  readonly decision: number;
  /** Milliseconds the bot has for this answer, from when the host wrote the line. */
  readonly timeLeftMs: number;
  /** A seed for the bot's own randomness (the same tournament seed gives the same one), if it wants one. */
  readonly seed: string;
  /** Every action the seat may take now; answer one of them (or its index). */
  readonly legalActions: readonly Action[];
  /** The events this seat saw since its previous line (from the start of the game on the first line). */
  readonly events: readonly GameEvent[];
  readonly view: BotLineView;
}

/** "The game is over": no answer; stdin closes after it. */
export interface OverLine {
  readonly type: 'over';
  readonly protocol: typeof BOT_PROTOCOL_VERSION;
  readonly seat: Seat;
  readonly outcome: Outcome | null;
  readonly events: readonly GameEvent[];
}

export type BotLine = DecideLine | OverLine;

export function decideLine(input: {
  readonly view: PlayerView;
  readonly seat: Seat;
  readonly decision: number;
  readonly timeLeftMs: number;
  readonly seed: string;
  readonly events: readonly GameEvent[];
}): DecideLine {
  const { legalActions, ...view } = input.view;
  return {
    type: 'decide',
    protocol: BOT_PROTOCOL_VERSION,
    seat: input.seat,
    decision: input.decision,
    timeLeftMs: Math.max(0, Math.round(input.timeLeftMs)),
    seed: input.seed,
    legalActions,
    events: input.events,
    view,
  };
}

export function overLine(seat: Seat, outcome: Outcome | null, events: readonly GameEvent[]): OverLine {
  return { type: 'over', protocol: BOT_PROTOCOL_VERSION, seat, outcome, events };
}

/** A decide line's view with its legal actions back inside: what `Bot.decide` takes (src/ai). */
export function viewOfLine(line: DecideLine): PlayerView {
  return { ...line.view, legalActions: line.legalActions };
}

export type BotAnswerCode = 'bot/answer-not-json' | 'bot/answer-index' | 'bot/answer-malformed';

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * A bot's answer line as an action: a whole number picks from the legal actions, an object is an action.
 * Whether the action is legal now is the engine's to say (applyAction names the rule it breaks).
 */
export function readAnswer(text: string, legalActions: readonly Action[]): Result<Action, BotAnswerCode> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('bot/answer-not-json', `the answer ${quoted(text)} is not JSON.`);
  }
  if (typeof value === 'number') {
    const action = Number.isInteger(value) && value >= 0 ? legalActions[value] : undefined;
    return action === undefined
      ? refuse(
          'bot/answer-index',
          `the answer ${value} is not the index of a legal action (there are ${legalActions.length}: 0 to ${legalActions.length - 1}).`,
        )
      : { ok: true, value: action };
  }
  const parsed = parseAction(value);
  return parsed.ok
    ? parsed
    : refuse('bot/answer-malformed', `the answer ${quoted(text)} is not an action: ${parsed.error.message}`);
}

function refuse(code: BotAnswerCode, message: string): Result<Action, BotAnswerCode> {
  return { ok: false, error: { code, message } };
}
