/**
 * Bot protocol 2 (docs/bots.md): one program plays many games. It asks for it in its ready line; the host
 * then opens each game with a `newGame` line (the game's number, the bot's seat, the rules, a seed), asks
 * `decide` lines naming the game and closes it with an `over` line, and the program stays for the next.
 * Piece ids are seat-relative (seat-relative.ts), and a bot may ask for the legal actions as integers.
 */
import {
  type Action,
  type GameEvent,
  type Outcome,
  type PlayerView,
  type PublicRules,
  parseAction,
  type Result,
  type Seat,
} from '../engine/index.ts';
import type { BotLineView } from './bot-lines.ts';
import { relativeAction, relativeEvent, relativeView } from './seat-relative.ts';

/** How a protocol-2 bot takes the legal actions: as a list of actions, or as integers (docs/learn.md). */
export const ACTION_FORMS = ['list', 'index'] as const;
export type ActionForm = (typeof ACTION_FORMS)[number];

/** What a program's ready line asked for. An old program that says no ready line speaks protocol 1. */
export type Hello = { readonly protocol: 1 } | { readonly protocol: 2; readonly actions: ActionForm };

export type ReadyCode = 'bot/ready-protocol' | 'bot/ready-actions';

/**
 * A ready line (`ready`, or a JSON object of type `ready`) read as what it asks for, an error sentence when
 * it asks for what this host does not speak, or null when the line is not a ready line at all.
 */
export function readReady(line: string): Result<Hello, ReadyCode> | null {
  const text = line.trim();
  if (text === 'ready') return { ok: true, value: { protocol: 1 } };
  if (!text.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const ready = value as { type?: unknown; protocol?: unknown; actions?: unknown };
  if (ready.type !== 'ready') return null;
  if (ready.protocol === undefined || ready.protocol === 1) return { ok: true, value: { protocol: 1 } };
  if (ready.protocol !== 2) {
    return {
      ok: false,
      error: {
        code: 'bot/ready-protocol',
        message: `its ready line asks for protocol ${JSON.stringify(ready.protocol)}; this host speaks protocols 1 and 2.`,
      },
    };
  }
  const actions = ready.actions ?? 'list';
  if (!ACTION_FORMS.includes(actions as ActionForm)) {
    return {
      ok: false,
      error: {
        code: 'bot/ready-actions',
        message: `its ready line asks for actions ${JSON.stringify(actions)}; protocol 2 offers "list" and "index".`,
      },
    };
  }
  return { ok: true, value: { protocol: 2, actions: actions as ActionForm } };
}

/** "A game begins": no answer. Every later line of the game names it by `game`. */
export interface NewGameLine {
  readonly type: 'newGame';
  readonly protocol: 2;
  /** The game's number, unique among this program's games (a tournament's own game number). */
  readonly game: number;
  readonly seat: Seat;
  /** A seed for the bot's own randomness in this game (never the game's chance seed). */
  readonly seed: string;
  /** The game's public rules, as in the view. */
  readonly rules: PublicRules;
  /** For a bot that asked for integer actions: how many there are and their ranges (docs/learn.md). */
  readonly actions?: IntegerActions;
}

/** The integer actions' layout, e.g. `{ size: 903, ranges: [{ type: 'setup', first: 0, size: 720 }, ...] }`. */
export interface IntegerActions {
  readonly size: number;
  readonly ranges: readonly { readonly type: string; readonly first: number; readonly size: number }[];
}

interface DecideFields {
  readonly type: 'decide';
  readonly protocol: 2;
  readonly game: number;
  /** This seat's decisions so far in the game, counting this one, from 1. */
  readonly decision: number;
  /** Milliseconds for this answer, from when the host wrote the line. */
  readonly timeLeftMs: number;
  /** The events this seat saw since its previous line of this game, ids seat-relative. */
  readonly events: readonly GameEvent[];
  /** The view, ids seat-relative, without the legal actions. */
  readonly view: BotLineView;
}

/** "Decide now": with `actions: "list"` the legal actions (ids seat-relative), with "index" their integers. */
export type DecideLine2 =
  | (DecideFields & { readonly legalActions: readonly Action[] })
  | (DecideFields & { readonly legal: readonly number[] });

/** "The game is over": no answer; the program stays for its next `newGame`. */
export interface OverLine2 {
  readonly type: 'over';
  readonly protocol: 2;
  readonly game: number;
  readonly outcome: Outcome | null;
  readonly events: readonly GameEvent[];
}

export function newGameLine(
  game: number,
  seat: Seat,
  seed: string,
  rules: PublicRules,
  actions?: IntegerActions,
): NewGameLine {
  return {
    type: 'newGame',
    protocol: 2,
    game,
    seat,
    seed,
    rules,
    ...(actions === undefined ? {} : { actions }),
  };
}

/**
 * A decide line for `seat`. `legal` is given for a bot that asked for integer actions: the indices of the
 * legal actions (docs/learn.md), listed instead of the actions.
 */
export function decideLine2(input: {
  readonly game: number;
  readonly seat: Seat;
  readonly view: PlayerView;
  readonly decision: number;
  readonly timeLeftMs: number;
  readonly events: readonly GameEvent[];
  readonly legal?: readonly number[];
}): DecideLine2 {
  const { legalActions, ...view } = input.view;
  const fields: DecideFields = {
    type: 'decide',
    protocol: 2,
    game: input.game,
    decision: input.decision,
    timeLeftMs: Math.max(0, Math.round(input.timeLeftMs)),
    events: input.events.map((event) => relativeEvent(event, input.seat)),
    view: relativeView(view, input.seat),
  };
  return input.legal === undefined
    ? { ...fields, legalActions: legalActions.map((action) => relativeAction(action, input.seat)) }
    : { ...fields, legal: input.legal };
}

export function overLine2(
  game: number,
  seat: Seat,
  outcome: Outcome | null,
  events: readonly GameEvent[],
): OverLine2 {
  return {
    type: 'over',
    protocol: 2,
    game,
    outcome,
    events: events.map((event) => relativeEvent(event, seat)),
  };
}

export type BotAnswer2Code = 'bot/answer-not-json' | 'bot/answer-index' | 'bot/answer-malformed';

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * A protocol-2 answer as the engine's action (ids back to the engine's). A whole number is, with the list,
 * the index of an action in `legalActions`, and with integer actions one of `legal`, turned into its action
 * by `ofIndex`; an object is an action with seat-relative ids. Whether it is legal is the engine's to say.
 */
export function readAnswer2(
  text: string,
  seat: Seat,
  legalActions: readonly Action[],
  indices?: { readonly legal: readonly number[]; readonly ofIndex: (index: number) => Action | null },
): Result<Action, BotAnswer2Code> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('bot/answer-not-json', `the answer ${quoted(text)} is not JSON.`);
  }
  if (typeof value === 'number') {
    if (indices !== undefined) {
      const action = indices.legal.includes(value) ? indices.ofIndex(value) : null;
      return action === null
        ? refuse(
            'bot/answer-index',
            `the answer ${value} is not one of the ${indices.legal.length} legal action indices of the line.`,
          )
        : { ok: true, value: action };
    }
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
    ? { ok: true, value: relativeAction(parsed.value, seat) }
    : refuse('bot/answer-malformed', `the answer ${quoted(text)} is not an action: ${parsed.error.message}`);
}

function refuse(code: BotAnswer2Code, message: string): Result<Action, BotAnswer2Code> {
  return { ok: false, error: { code, message } };
}
