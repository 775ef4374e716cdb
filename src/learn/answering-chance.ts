/**
 * The engine's chance, answered from outside: the learn layer applies an action with this `Chance`, which
 * tells the engine's draws the answers given so far and notes the first draw beyond them (its purpose).
 * So the learn layer learns which draws an action takes by asking the engine, never by knowing the rules.
 */
import type { Chance, ChancePurpose, ChanceState, Draws } from '../engine/index.ts';
import type { Answer } from './chance-node.ts';

/**
 * A draw nobody answered yet: the engine's action runs on to its end with it, and its result is thrown
 * away once the draw is known to be a chance node. Any values would do; these are the middle ones.
 */
const UNANSWERED: Draws = {
  float: () => 0.5,
  int: () => 0,
};

/** The draws of one answer, read as the engine reads them; reading past it is a bug in the learn layer. */
class AnswerDraws implements Draws {
  readonly #answer: Answer;
  #next = 0;
  constructor(answer: Answer) {
    this.#answer = answer;
  }
  float(): number {
    const value = this.#answer.floats[this.#next++];
    if (value === undefined)
      throw new Error(`chance game: a ${this.#answer.purpose} draw read past its answer`);
    return value;
  }
  int(n: number): number {
    const value = this.#answer.int;
    if (value === null || value >= n) {
      throw new Error(`chance game: a ${this.#answer.purpose} draw asked for a whole number below ${n}`);
    }
    return value;
  }
}

export class AnsweringChance implements Chance {
  readonly #answers: readonly Answer[];
  #next = 0;
  /** The planks and shots drawn, counted into the state's chance as the engine's own chance counts them. */
  #plank = 0;
  #shot = 0;
  /** The purpose of the first draw beyond the answers, or null while none was asked. */
  unanswered: ChancePurpose | null = null;

  constructor(answers: readonly Answer[]) {
    this.#answers = answers;
  }

  draws(purpose: ChancePurpose): Draws {
    if (purpose === 'plank') this.#plank++;
    if (purpose === 'shot') this.#shot++;
    const answer = this.#answers[this.#next++];
    if (answer === undefined) {
      this.unanswered ??= purpose;
      return UNANSWERED;
    }
    if (answer.purpose !== purpose) {
      throw new Error(
        `chance game: the engine drew for ${purpose} where the answer is for ${answer.purpose}`,
      );
    }
    return new AnswerDraws(answer);
  }

  fork(): Chance {
    return new AnsweringChance(this.#answers.slice(this.#next));
  }

  settle(state: ChanceState): ChanceState {
    if (state.generator !== 'chacha20' || (this.#plank === 0 && this.#shot === 0)) return state;
    const { drawn } = state;
    return { ...state, drawn: { plank: drawn.plank + this.#plank, shot: drawn.shot + this.#shot } };
  }
}
