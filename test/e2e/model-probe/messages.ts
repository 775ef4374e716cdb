/** What the probe page's Worker is asked and answers (worker.ts), as plain data that crosses postMessage. */
import type { Action, GameEvent, PlayerView } from '../../../src/engine/index.ts';

/** A seat's decision: its view, the events it has seen, and the seed of its random source. */
export interface ProbePosition {
  readonly view: PlayerView;
  readonly history: readonly GameEvent[];
  readonly seed: string;
}

export type ProbeRequest =
  /** The shipped network on information-state tensors given sparse, as [index, value] pairs. */
  | { readonly t: 'infer'; readonly tensors: readonly (readonly [number, number][])[] }
  /** The learned belief at each position: the tensor's probabilities and `draws` assignments drawn from it. */
  | { readonly t: 'beliefs'; readonly positions: readonly ProbePosition[]; readonly draws: number }
  /** A fresh bot called `bot` decides at each position, timed. */
  | { readonly t: 'decide'; readonly bot: string; readonly positions: readonly ProbePosition[] };

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
  | { readonly t: 'error'; readonly message: string };
