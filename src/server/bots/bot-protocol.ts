/**
 * The messages between the bot pool and its worker threads. A worker gets exactly what a bot may see
 * (the seat's view and history) plus a seed, never the game state.
 */
import type { Action, GameEvent, PlayerView } from '../../engine/index.ts';

export interface DecisionRequest {
  readonly id: number;
  /** e.g. 'random', 'easy', 'expert'. */
  readonly level: string;
  readonly view: PlayerView;
  readonly history: readonly GameEvent[];
  /** Seeds the bot's own random source. */
  readonly seed: string;
  /**
   * How long the bot may still think (ms), counted when the request left the queue: what is left of the
   * decision's deadline after it waited its turn (0 or less: answer at once with a quick look).
   */
  readonly timeLeftMs: number;
}

export type DecisionReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly action: Action;
    }
  | { readonly id: number; readonly ok: false; readonly message: string };
