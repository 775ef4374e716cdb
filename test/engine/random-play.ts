/** Seeded random play through the public API, for property tests: every state along the way. */
import {
  type Action,
  applyAction,
  createGame,
  type GameOptions,
  type GameState,
  legalActions,
  randomFromSeed,
  type Seat,
  toAct,
} from '../../src/engine/index.ts';
import { randomContribution } from './positions.ts';

export interface Played {
  readonly states: GameState[];
  readonly final: GameState;
}

/** Plays uniformly random legal actions (aimed shots keep the listed default aim) until the end or `maxActions`. */
export function randomGame(options: GameOptions, playSeed: string, maxActions = 5000): Played {
  const random = randomFromSeed(playSeed);
  let state = createGame(options);
  const states = [state];
  for (let i = 0; i < maxActions && state.outcome === null; i++) {
    const seats = toAct(state);
    const seat = seats[random.int(seats.length)] as Seat;
    const choices = legalActions(state, seat);
    const action =
      state.pending.ask === 'contribute'
        ? randomContribution(random)
        : (choices[random.int(choices.length)] as Action);
    const result = applyAction(state, seat, action);
    if (!result.ok)
      throw new Error(`legal action refused: ${JSON.stringify(action)}: ${result.error.message}`);
    state = result.state;
    states.push(state);
  }
  return { states, final: state };
}
