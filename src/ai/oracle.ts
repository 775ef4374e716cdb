/**
 * The oracle: the same search as the ISMCTS bots, given the enemy's true hidden kinds. It draws the enemy's
 * flag order and the unturned card backs like everyone (nothing a seat sees depends on them before they are
 * turned, and every bot shuffles its flag order, so against bots no belief could win them back: docs/ai.md,
 * "Card backs and flag order") and fresh dice. It measures what a perfect belief over the pieces is worth. Measurement only: it cannot work through `decide(view)`, is not reachable from `createBot`, and is
 * never offered to players.
 */
import {
  type Action,
  actionKey,
  type GameEvent,
  type GameState,
  type Random,
  type Seat,
  viewFor,
} from '../engine/index.ts';
import { heuristicScores } from './heuristic.ts';
import { search } from './ismcts.ts';
import { SEARCH_DEFAULTS } from './levels.ts';
import type { Cheater } from './match.ts';
import { Determinizer } from './sample.ts';
import { priorMean } from './search-bot.ts';
import { chooseSetup } from './setup-choice.ts';

/**
 * How the oracle scores a position where its search stops reading: random moves then the fitted evaluation
 * (playouts of `playoutDepth`, as hard does, the default), or a leaf score at once, as expert does (the
 * oracle with expert's leaf, `oracle-expert:N`, so its edge over expert is the pieces' truth alone).
 */
export interface OracleLeaf {
  readonly playoutDepth: number;
  readonly evaluate?: (state: GameState) => number;
}

export function oracleForMeasurementOnly(
  iterations: number,
  leaf: OracleLeaf = { playoutDepth: SEARCH_DEFAULTS.playoutDepth },
  name = `oracle:${iterations}`,
): Cheater {
  return {
    name,
    measurementOnly: true,
    decideWithTruth({ state, seat, random }: { state: GameState; seat: Seat; random: Random }): Action {
      const view = viewFor(state, seat);
      if (view.pending.ask === 'setup') return chooseSetup(view, random);
      const only = view.legalActions.length === 1 ? view.legalActions[0] : undefined;
      if (only !== undefined) return only;
      const odds = state.rules.shots === 'quick' ? state.rules.quickOdds : { sail: 0.4, skull: 0.4 };
      const determinizer = new Determinizer(view, eventsOf(state), {
        quickOdds: odds,
        ownShown: state.shown,
      });
      const trueKinds = determinizer.hidden.unknown.map((id) => state.kinds[id] ?? 'bomb');
      const worlds = (r: Random) => determinizer.sample(r, trueKinds);
      const prior = {
        actions: view.legalActions,
        means: heuristicScores(view).map(priorMean),
        visits: SEARCH_DEFAULTS.priorVisits,
      };
      const budget = {
        iterations,
        playoutDepth: leaf.playoutDepth,
        ...(leaf.evaluate ? { evaluate: leaf.evaluate } : {}),
      };
      const result = search(seat, worlds, random, budget, prior);
      let best = result.stats[0];
      for (const s of result.stats) if (best === undefined || s.visits > best.visits) best = s;
      const key = best ? actionKey(best.action) : '';
      const found = view.legalActions.find((a) => actionKey(a) === key) ?? view.legalActions[0];
      if (found === undefined) throw new Error('oracle: no legal action');
      return found;
    },
  };
}

/** The event the sampler needs that the view lacks: the card turned this turn. */
function eventsOf(state: GameState): GameEvent[] {
  const events: GameEvent[] = [];
  if (state.current !== null) {
    const card = state.cards[state.current];
    if (card) {
      const back = card.sides[card.up === 0 ? 1 : 0];
      events.push({
        type: 'cardTurned',
        seat: state.mover,
        card: state.current,
        face: card.sides[card.up],
        back,
        audience: 'all',
      });
    }
  }
  return events;
}
