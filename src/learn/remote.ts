/**
 * The learning API for programs in other languages (`pirates learn-server`, docs/learn.md "From Python"):
 * one JSON request a line in, one JSON answer a line out, in one process for a whole run. A session holds the
 * batched envs and the games by handle, so a game's state crosses the pipe only when asked for; tensors
 * travel as base64 of their little-endian bytes. Every request is checked: a bad one gets `ok: false` with a
 * code and a sentence, and changes nothing.
 */
import {
  type Action,
  eventsFor,
  type GameEvent,
  type GameState,
  isSeat,
  type PlayerView,
  randomFromSeed,
  SEATS,
  type Seat,
} from '../engine/index.ts';
import { ACTION_RANGES, actionIndex, actionOfIndex, NUM_DISTINCT_ACTIONS } from './actions.ts';
import {
  applyAction,
  applyChance,
  type ChanceGameOptions,
  chanceOutcomes,
  isChanceNode,
  newChanceGame,
  returns,
  toAct,
  viewFor,
} from './chance-game.ts';
import type { ChanceGame } from './chance-node.ts';
import { INFORMATION_STATE_SIZE, informationStateTensor } from './information-state.ts';
import { legalActionMask } from './legal-mask.ts';
import { OBSERVATION_SIZE, observationTensor } from './observation.ts';
import { resample } from './resample.ts';
import { VectorEnv, type VectorStep } from './vector-env.ts';

/** The version of these lines; raised only if they change in a way an old client would misread. */
export const LEARN_PROTOCOL = 1;

/** At most this many games and envs are held at once: a client that never frees them gets a clear error. */
const MAX_HANDLES = 200_000;

export type LearnAnswer =
  | { readonly id?: unknown; readonly ok: true; readonly [field: string]: unknown }
  | LearnRefusal;

export interface LearnRefusal {
  readonly id?: unknown;
  readonly ok: false;
  readonly error: { readonly code: string; readonly message: string };
}

/** A game held by handle: its state and each seat's events so far (for the information-state tensor). */
interface Held {
  readonly game: ChanceGame | GameState;
  readonly history: { readonly red: readonly GameEvent[]; readonly blue: readonly GameEvent[] };
}

class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A bytes' base64, in plain JavaScript (btoa is in Node and browsers alike). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(text);
}

function floats(values: Float32Array): string {
  return base64Of(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

export class LearnSession {
  readonly #games = new Map<number, Held>();
  readonly #envs = new Map<number, VectorEnv>();
  #next = 1;

  /** Answers one request line (already parsed from JSON, or the text that failed to parse). */
  answer(request: unknown): LearnAnswer {
    const id = isRecord(request) ? request.id : undefined;
    try {
      if (!isRecord(request) || typeof request.op !== 'string') {
        throw new Refused('learn/malformed', 'A request is a JSON object with an "op" (see docs/learn.md).');
      }
      return { ...this.#dispatch(request.op, request), ...(id === undefined ? {} : { id }), ok: true };
    } catch (error) {
      if (error instanceof Refused)
        return {
          ...(id === undefined ? {} : { id }),
          ok: false,
          error: { code: error.code, message: error.message },
        };
      if (error instanceof RangeError || error instanceof TypeError) {
        return {
          ...(id === undefined ? {} : { id }),
          ok: false,
          error: { code: 'learn/bad-request', message: error.message },
        };
      }
      // Anything else is a bug here; the client is told so, and the session (its games) lives on.
      return {
        ...(id === undefined ? {} : { id }),
        ok: false,
        error: {
          code: 'learn/internal',
          message: `The learn server failed on this request: ${String(error)}`,
        },
      };
    }
  }

  #dispatch(op: string, r: Record<string, unknown>): Record<string, unknown> {
    switch (op) {
      case 'hello':
        return {
          protocol: LEARN_PROTOCOL,
          numDistinctActions: NUM_DISTINCT_ACTIONS,
          actionRanges: ACTION_RANGES,
          observationSize: OBSERVATION_SIZE,
          informationStateSize: INFORMATION_STATE_SIZE,
        };
      case 'env.new': {
        const env = new VectorEnv({
          games: wholeNumber(r.games, 'games'),
          ...(r.seed === undefined ? {} : { seed: String(r.seed) }),
          ...(r.shots === undefined ? {} : { shots: r.shots as 'quick' | 'aimed' }),
          ...(r.variant === undefined ? {} : { variant: r.variant as 'standard' | 'advanced' }),
          ...(r.turnLimit === undefined ? {} : { turnLimit: wholeNumber(r.turnLimit, 'turnLimit') }),
        });
        const handle = this.#handle();
        this.#envs.set(handle, env);
        return {
          env: handle,
          games: env.games,
          observationSize: env.observationSize,
          numActions: env.numActions,
        };
      }
      case 'env.reset':
        return stepAnswer(this.#env(r.env).reset());
      case 'env.step': {
        const env = this.#env(r.env);
        if (!Array.isArray(r.actions))
          throw new Refused(
            'learn/malformed',
            'env.step needs "actions": a list of one action index per game.',
          );
        return stepAnswer(env.step(r.actions.map((a) => (typeof a === 'number' ? a : Number.NaN))));
      }
      case 'env.close':
        this.#envs.delete(wholeNumber(r.env, 'env'));
        return {};
      case 'game.new': {
        let game: ChanceGame;
        try {
          game = newChanceGame((isRecord(r.options) ? r.options : {}) as ChanceGameOptions);
        } catch (error) {
          // Options in code throw as createGame's do; from a client they are input, refused with the sentence.
          throw new Refused('learn/options', error instanceof Error ? error.message : String(error));
        }
        return { game: this.#hold({ game, history: { red: [], blue: [] } }) };
      }
      case 'game.info':
        return this.#info(this.#held(r.game));
      case 'game.apply': {
        const held = this.#held(r.game);
        const seat = seatOf(r.seat);
        const view = viewFor(held.game, seat);
        const action: Action =
          typeof r.action === 'number' ? indexedAction(view, r.action) : (r.action as Action);
        const result = applyAction(held.game, seat, action);
        if (!result.ok) throw new Refused(result.error.code, result.error.message);
        return { game: this.#hold({ game: result.state, history: extended(held.history, result.events) }) };
      }
      case 'game.chance': {
        const held = this.#held(r.game);
        const result = applyChance(chanceGameOf(held), wholeNumber(r.outcome, 'outcome'));
        if (!result.ok) throw new Refused(result.error.code, result.error.message);
        return { game: this.#hold({ game: result.state, history: extended(held.history, result.events) }) };
      }
      case 'game.view':
        return { view: viewFor(this.#held(r.game).game, seatOf(r.seat)) };
      case 'game.observation':
        return { observation: floats(observationTensor(viewFor(this.#held(r.game).game, seatOf(r.seat)))) };
      case 'game.informationState': {
        const held = this.#held(r.game);
        const seat = seatOf(r.seat);
        return {
          informationState: floats(informationStateTensor(viewFor(held.game, seat), held.history[seat])),
        };
      }
      case 'game.resample': {
        const held = this.#held(r.game);
        const seat = seatOf(r.seat);
        const world = resample(
          viewFor(held.game, seat),
          randomFromSeed(String(r.seed ?? 'resample')),
          held.history[seat],
        );
        return { game: this.#hold({ game: world, history: held.history }) };
      }
      case 'game.free': {
        const handles = Array.isArray(r.games) ? r.games : [r.game];
        for (const handle of handles) if (typeof handle === 'number') this.#games.delete(handle);
        return {};
      }
      default:
        throw new Refused('learn/unknown-op', `Unknown op '${op}'; see docs/learn.md for the list.`);
    }
  }

  #info(held: Held): Record<string, unknown> {
    const { game } = held;
    const chance = isChanceNode(game);
    const seats = chance ? [] : toAct(game);
    const legal: Record<string, number[]> = {};
    for (const seat of seats) {
      const mask = legalActionMask(viewFor(game, seat));
      const indices: number[] = [];
      for (let i = 0; i < mask.length; i++) if (mask[i] === 1) indices.push(i);
      legal[seat] = indices;
    }
    return {
      chance,
      chanceOutcomes: chance ? chanceOutcomes(game as ChanceGame).map((o) => [o.outcome, o.probability]) : [],
      toAct: seats,
      legal,
      terminal: !chance && seats.length === 0,
      returns: returns(game),
    };
  }

  #handle(): number {
    if (this.#games.size + this.#envs.size >= MAX_HANDLES) {
      throw new Refused(
        'learn/too-many',
        `This session holds ${MAX_HANDLES} games and envs: free some (game.free).`,
      );
    }
    return this.#next++;
  }

  #hold(held: Held): number {
    const handle = this.#handle();
    this.#games.set(handle, held);
    return handle;
  }

  #held(handle: unknown): Held {
    const held = typeof handle === 'number' ? this.#games.get(handle) : undefined;
    if (held === undefined)
      throw new Refused('learn/no-game', `There is no game ${String(handle)} in this session.`);
    return held;
  }

  #env(handle: unknown): VectorEnv {
    const env = typeof handle === 'number' ? this.#envs.get(handle) : undefined;
    if (env === undefined)
      throw new Refused('learn/no-env', `There is no env ${String(handle)} in this session.`);
    return env;
  }
}

function stepAnswer(step: VectorStep): Record<string, unknown> {
  return {
    observations: floats(step.observations),
    masks: base64Of(step.masks),
    seats: Array.from(step.seats),
    rewards: Array.from(step.rewards),
    done: Array.from(step.done),
  };
}

function chanceGameOf(held: Held): ChanceGame {
  if (!isChanceNode(held.game)) throw new Refused('learn/not-chance', 'This game is not at a chance node.');
  return held.game as ChanceGame;
}

function indexedAction(view: PlayerView, index: number): Action {
  if (!Number.isInteger(index) || index < 0 || index >= NUM_DISTINCT_ACTIONS) {
    throw new Refused(
      'learn/bad-action',
      `An action index is a whole number from 0 to ${NUM_DISTINCT_ACTIONS - 1}, not ${index}.`,
    );
  }
  const action = actionOfIndex(view, index);
  if (actionIndex(view, action) !== index)
    throw new Refused('learn/bad-action', `Action ${index} has no action.`);
  return action;
}

function extended(history: Held['history'], events: readonly GameEvent[]): Held['history'] {
  if (events.length === 0) return history;
  const red = eventsFor(events, 'red');
  const blue = eventsFor(events, 'blue');
  return { red: [...history.red, ...red], blue: [...history.blue, ...blue] };
}

function seatOf(value: unknown): Seat {
  if (!isSeat(value))
    throw new Refused(
      'learn/seat',
      `The seat must be one of ${SEATS.join(', ')}, not ${JSON.stringify(value)}.`,
    );
  return value;
}

function wholeNumber(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Refused('learn/malformed', `"${name}" must be a whole number, not ${JSON.stringify(value)}.`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
