/**
 * Many games stepped together, as a learner's batch wants them (gymnasium's vector envs, PettingZoo's AEC
 * turned into one decision per game per step): flat typed arrays in and out, the engine's fast path inside,
 * and every observation and mask written straight from the state (tested equal to the view's, so nothing
 * a seat may not know reaches them). A finished game is started afresh on the next step.
 */
import {
  type Action,
  type CannonOptions,
  createGame,
  type FastGame,
  fastApply,
  fastCopyWithChance,
  fastDecider,
  fastState,
  type GameState,
  type PlayerView,
  type Random,
  randomFromSeed,
  type Seat,
  type ShotMode,
  type Variant,
  type Viewer,
  viewFor,
} from '../engine/index.ts';
import { actionOfIndexFor, NUM_DISTINCT_ACTIONS } from './actions.ts';
import { writeLegalMask } from './legal-mask.ts';
import { OBSERVATION_SIZE, writeObservation } from './observation.ts';

export interface VectorEnvOptions {
  /** How many games run side by side, e.g. 256. */
  readonly games: number;
  /** Everything random (deals, coins, shots) follows from it: the same seed and actions give the same games. */
  readonly seed?: string | number;
  /** 'quick' (default: fixed odds, no aiming) or 'aimed' (the aim grid's actions, docs/learn.md). */
  readonly shots?: ShotMode;
  /** 'standard' (default) or 'advanced' (R10). */
  readonly variant?: Variant;
  /** A game reaching this many turns is a draw (R7.2); default 200, so two learners that only pass still end. */
  readonly turnLimit?: number;
}

/**
 * What a step returns: the env's own arrays, overwritten by the next step (copy what you keep).
 * Game `i`'s rows are `observations[i * OBSERVATION_SIZE ...]` and `masks[i * NUM_DISTINCT_ACTIONS ...]`.
 */
export interface VectorStep {
  /** The observation of the seat to act in each game (games x OBSERVATION_SIZE). */
  readonly observations: Float32Array;
  /** Its legal actions: 1 at each legal index (games x NUM_DISTINCT_ACTIONS); all 0 in a finished game. */
  readonly masks: Uint8Array;
  /** The seat to act: 0 red, 1 blue; in a finished game, the seat that made the last move. */
  readonly seats: Int8Array;
  /** What this step gave each seat (games x 2, red then blue): +1 / -1 when a game is won, else 0. */
  readonly rewards: Float32Array;
  /** 1 where a game ended this step (its row shows the end; the next step starts it afresh), else 0. */
  readonly done: Uint8Array;
}

const SEAT_OF: readonly Seat[] = ['red', 'blue'];

export class VectorEnv {
  readonly games: number;
  readonly observationSize = OBSERVATION_SIZE;
  readonly numActions = NUM_DISTINCT_ACTIONS;
  readonly #seed: string;
  readonly #shots: ShotMode;
  readonly #variant: Variant;
  readonly #turnLimit: number;
  /** The table every game is played on: the default cannon (docs/cannon.md). */
  readonly #cannon: CannonOptions = {};
  /** How many games have been started, for each new game's seed. */
  #started = 0;
  readonly #tables: (FastGame | null)[];
  readonly #step: VectorStep;
  /** The env's own generator for chance (coins, shots): seeded from the env seed, never the game's keyed chance. */
  readonly #dice: Random;

  constructor(options: VectorEnvOptions) {
    const { games } = options;
    if (!Number.isInteger(games) || games < 1 || games > 100_000) {
      throw new RangeError(`VectorEnv: games must be a whole number from 1 to 100,000, not ${games}.`);
    }
    const turnLimit = options.turnLimit ?? 200;
    if (!Number.isInteger(turnLimit) || turnLimit < 1) {
      throw new RangeError(`VectorEnv: turnLimit must be a whole number above 0, not ${turnLimit}.`);
    }
    const shots = options.shots ?? 'quick';
    if (shots !== 'quick' && shots !== 'aimed')
      throw new RangeError(`VectorEnv: shots must be 'quick' or 'aimed', not ${String(shots)}.`);
    const variant = options.variant ?? 'standard';
    if (variant !== 'standard' && variant !== 'advanced')
      throw new RangeError(`VectorEnv: variant must be 'standard' or 'advanced', not ${String(variant)}.`);
    this.games = games;
    this.#seed = String(options.seed ?? 0);
    this.#shots = shots;
    this.#variant = variant;
    this.#turnLimit = turnLimit;
    this.#dice = randomFromSeed(`vector-env/${this.#seed}/dice`);
    this.#tables = new Array<FastGame | null>(games).fill(null);
    this.#step = {
      observations: new Float32Array(games * OBSERVATION_SIZE),
      masks: new Uint8Array(games * NUM_DISTINCT_ACTIONS),
      seats: new Int8Array(games),
      rewards: new Float32Array(games * 2),
      done: new Uint8Array(games),
    };
  }

  /** Starts every game afresh and returns the first decision of each. */
  reset(): VectorStep {
    const { rewards, done } = this.#step;
    rewards.fill(0);
    done.fill(0);
    for (let i = 0; i < this.games; i++) this.#start(i);
    return this.#step;
  }

  /**
   * Plays `actions[i]` (an index of docs/learn.md) for the seat to act in game `i`; a game that ended on the
   * previous step is started afresh instead (its action is ignored). Every action is checked against its mask
   * before any game moves: one that is not legal throws a RangeError that names the game, and nothing changes.
   */
  step(actions: Int32Array | readonly number[]): VectorStep {
    const { masks, seats, rewards, done } = this.#step;
    if (actions.length !== this.games) {
      throw new RangeError(
        `VectorEnv.step: expected ${this.games} actions (one per game), got ${actions.length}.`,
      );
    }
    for (let i = 0; i < this.games; i++) {
      if (done[i] === 1 || this.#tables[i] === null) continue;
      const index = actions[i] ?? -1;
      if (!Number.isInteger(index) || index < 0 || index >= NUM_DISTINCT_ACTIONS) {
        throw new RangeError(
          `VectorEnv.step: game ${i}'s action ${index} is not an action index (0 to ${NUM_DISTINCT_ACTIONS - 1}).`,
        );
      }
      if (masks[i * NUM_DISTINCT_ACTIONS + index] !== 1) {
        throw new RangeError(
          `VectorEnv.step: game ${i}'s action ${index} is not legal for ${SEAT_OF[seats[i] ?? 0]} now (its mask has 0 there).`,
        );
      }
    }
    rewards.fill(0);
    for (let i = 0; i < this.games; i++) {
      const table = this.#tables[i];
      if (done[i] === 1 || table === null || table === undefined) {
        done[i] = 0;
        this.#start(i);
        continue;
      }
      const seat = SEAT_OF[seats[i] ?? 0] ?? 'red';
      fastApply(table, seat, actionOfIndexFor(seat, this.#cannon, actions[i] ?? 0));
      this.#settle(i, table, seat);
    }
    return this.#step;
  }

  /** Game `i`'s state now (a copy: the env goes on with its own), for looking at or resampling. */
  state(i: number): GameState {
    return structuredClone(fastState(this.#table(i)));
  }

  /** What `viewer` sees of game `i` now. */
  view(i: number, viewer: Viewer): PlayerView {
    return viewFor(fastState(this.#table(i)), viewer);
  }

  #table(i: number): FastGame {
    const table = Number.isInteger(i) ? this.#tables[i] : undefined;
    if (table === undefined || table === null)
      throw new RangeError(`VectorEnv: there is no game ${i} (games 0 to ${this.games - 1}; reset() first).`);
    return table;
  }

  #start(i: number): void {
    const state = createGame({
      seed: `${this.#seed}/${this.#started++}`,
      shots: this.#shots,
      variant: this.#variant,
      turnLimit: this.#turnLimit,
    });
    const table = fastCopyWithChance(state, this.#dice);
    this.#tables[i] = table;
    const seat = fastDecider(table) ?? 'red';
    this.#write(i, table, seat);
  }

  /** After game `i`'s move by `seat`: the end and its rewards, or the next decision. */
  #settle(i: number, table: FastGame, seat: Seat): void {
    const { rewards, done, masks } = this.#step;
    const state = fastState(table);
    const outcome = state.outcome;
    if (outcome === null) {
      this.#write(i, table, fastDecider(table) ?? seat);
      return;
    }
    done[i] = 1;
    if (outcome.winner !== null) {
      rewards[i * 2] = outcome.winner === 'red' ? 1 : -1;
      rewards[i * 2 + 1] = -(rewards[i * 2] ?? 0);
    }
    this.#write(i, table, seat);
    masks.fill(0, i * NUM_DISTINCT_ACTIONS, (i + 1) * NUM_DISTINCT_ACTIONS);
  }

  #write(i: number, table: FastGame, seat: Seat): void {
    const { observations, masks, seats } = this.#step;
    const state = fastState(table);
    seats[i] = seat === 'red' ? 0 : 1;
    writeObservation(state, seat, observations, i * OBSERVATION_SIZE);
    writeLegalMask(state, seat, masks, i * NUM_DISTINCT_ACTIONS);
  }
}

export type { Action };
