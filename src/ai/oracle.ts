/**
 * The oracle: the same search as the ISMCTS bots, given the true hidden kinds, flag order and card backs
 * (fresh dice only). For measuring the information gap only; it cannot work through `decide(view)`, is not
 * reachable from `createBot`, and is never offered to players.
 */
import { type Action, actionKey, type GameState, type Random, type Seat, viewFor } from '../engine/index.ts';
import { heuristicScores } from './heuristic.ts';
import { search } from './ismcts.ts';
import { SEARCH_DEFAULTS } from './levels.ts';
import type { Cheater } from './match.ts';
import { priorMean } from './search-bot.ts';
import { chooseSetup } from './setup-choice.ts';

export function oracleForMeasurementOnly(iterations: number): Cheater {
  return {
    name: `oracle:${iterations}`,
    measurementOnly: true,
    decideWithTruth({ state, seat, random }: { state: GameState; seat: Seat; random: Random }): Action {
      const view = viewFor(state, seat);
      if (view.pending.ask === 'setup') return chooseSetup(view, random);
      const only = view.legalActions.length === 1 ? view.legalActions[0] : undefined;
      if (only !== undefined) return only;
      const truth: GameState = { ...state, rules: { ...state.rules, shots: 'quick' }, log: [] };
      const prior = {
        actions: view.legalActions,
        means: heuristicScores(view).map(priorMean),
        visits: SEARCH_DEFAULTS.priorVisits,
      };
      const budget = { iterations, playoutDepth: SEARCH_DEFAULTS.playoutDepth };
      const result = search(seat, () => truth, random, budget, prior);
      let best = result.stats[0];
      for (const s of result.stats) if (best === undefined || s.visits > best.visits) best = s;
      const key = best ? actionKey(best.action) : '';
      const found = view.legalActions.find((a) => actionKey(a) === key) ?? view.legalActions[0];
      if (found === undefined) throw new Error('oracle: no legal action');
      return found;
    },
  };
}
