/**
 * What a computer player is (STYLE "Bots"): it gets what its seat sees — the view with its legal actions and
 * the events it has seen — and a seeded random source, never the game state. A `GameState` is not a
 * `DecisionInput`, so passing one is a type error.
 */
import type { Action, GameEvent, PlayerView, Random } from '../engine/index.ts';

export interface DecisionInput {
  /** What the seat sees now; `view.legalActions` is not empty when a bot is asked. */
  readonly view: PlayerView;
  /** Every event this seat has seen this game, oldest first (already filtered for the seat). */
  readonly history: readonly GameEvent[];
  /** The bot's own seeded random source: the same seed gives the same decisions. */
  readonly random: Random;
  /**
   * How long the bot may still think (ms; 0 or less: at once). A searching bot stops there and answers with
   * the best move it has found so far, or sooner at its own budget; absent: its own budget alone. The
   * server passes what is left of a decision's deadline after the decision waited its turn.
   */
  readonly timeLeftMs?: number;
}

export interface Bot {
  /** e.g. 'random', 'heuristic', 'ismcts:4000', 'expert'. */
  readonly name: string;
  /** One of `input.view.legalActions`. */
  decide(input: DecisionInput): Action;
}

/**
 * A bot that may answer later (a model that infers on another thread, a process, the GPU): `decide`
 * returns the action or a promise of it. `runArenaTournament` (src/arena) plays it; every `Bot` is one.
 */
export interface AsyncBot {
  readonly name: string;
  decide(input: DecisionInput): Action | Promise<Action>;
}
