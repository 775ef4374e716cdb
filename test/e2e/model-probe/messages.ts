/** What the probe page's Worker is asked and answers (worker.ts), as plain data that crosses postMessage. */
import type { Action, GameEvent, GameState, PlayerView } from '../../../src/engine/index.ts';

/** A seat's decision: its view, the events it has seen, and the seed of its random source. */
export interface ProbePosition {
  readonly view: PlayerView;
  readonly history: readonly GameEvent[];
  readonly seed: string;
}

/**
 * One position as the value's training and its fixture store it: each seat's inputs (value-network.ts
 * `seatInputs`, recorded as float32) and +1 or -1 for the seat to move.
 */
export interface ValueInputs {
  readonly red: readonly number[];
  readonly blue: readonly number[];
  readonly tempo: number;
}

/** What the Worker read of one full state: both seats' inputs (as the search's leaf fills them) and red's chance. */
export interface ValueReading {
  readonly red: number[];
  readonly blue: number[];
  readonly chance: number;
}

export type ProbeRequest =
  /** The shipped network on information-state tensors given sparse, as [index, value] pairs. */
  | { readonly t: 'infer'; readonly tensors: readonly (readonly [number, number][])[] }
  /** The learned belief at each position: the tensor's probabilities and `draws` assignments drawn from it. */
  | { readonly t: 'beliefs'; readonly positions: readonly ProbePosition[]; readonly draws: number }
  /** A fresh bot called `bot` decides at each position, timed. */
  | { readonly t: 'decide'; readonly bot: string; readonly positions: readonly ProbePosition[] }
  /** The shipped value network's chance for red on stored inputs (the value fixture's). */
  | { readonly t: 'value-inputs'; readonly cases: readonly ValueInputs[] }
  /** The shipped value network on full states from Node: the Worker reads each seat's inputs itself. */
  | { readonly t: 'value-states'; readonly states: readonly GameState[] };

export type ProbeAnswer =
  | { readonly t: 'infer'; readonly outputs: number[][] }
  | {
      readonly t: 'beliefs';
      readonly outputs: {
        readonly probabilities: number[];
        readonly draws: string[][];
        /** LearnedBelief.prepare's wall time (the network, then the chain's 256 draws), ms. */
        readonly ms: number;
      }[];
    }
  | {
      readonly t: 'decide';
      /** How long `prepareBot` took (the model's fetch and check, for a bot that uses it), ms. */
      readonly prepareMs: number;
      readonly actions: Action[];
      /** Each decision's wall time, ms. */
      readonly ms: number[];
    }
  | { readonly t: 'value-inputs'; readonly chances: number[] }
  | { readonly t: 'value-states'; readonly readings: ValueReading[] }
  | { readonly t: 'error'; readonly message: string };
