/**
 * The learning API in one page (docs/learn.md): a batched env stepped with random legal indices, then one game
 * with explicit chance nodes played to its end, resampled halfway from what Red sees.
 * Run: npx tsx examples/learn.ts
 */
import { randomFromSeed, type Seat } from 'pirates-stratego/engine';
import {
  actionOfIndex,
  applyAction,
  applyChance,
  chanceOutcomes,
  isChanceNode,
  legalActionMask,
  NUM_DISTINCT_ACTIONS,
  newChanceGame,
  OBSERVATION_SIZE,
  observationTensor,
  resample,
  returns,
  toAct,
  VectorEnv,
  viewFor,
} from 'pirates-stratego/learn';

export interface LearnTour {
  readonly gamesEnded: number;
  readonly chanceNodes: number;
  readonly decisions: number;
  readonly resampledSameObservation: boolean;
  readonly returns: readonly [number, number];
}

/** A random legal index from a mask row (a learner's policy would go here). */
function pick(mask: Uint8Array, offset: number, random: { int(n: number): number }): number {
  const legal: number[] = [];
  for (let i = 0; i < NUM_DISTINCT_ACTIONS; i++) if (mask[offset + i] === 1) legal.push(i);
  return legal[random.int(legal.length)] ?? 0;
}

export function learnTour(seed: string): LearnTour {
  const random = randomFromSeed(seed);

  // 1. Sixteen games side by side: one decision per game per step, observations and masks as flat arrays.
  const env = new VectorEnv({ games: 16, seed, shots: 'quick' });
  let step = env.reset();
  let gamesEnded = 0;
  for (let s = 0; s < 500; s++) {
    const actions = new Int32Array(env.games);
    for (let g = 0; g < env.games; g++) actions[g] = pick(step.masks, g * NUM_DISTINCT_ACTIONS, random);
    step = env.step(actions);
    for (const ended of step.done) gamesEnded += ended;
  }
  if (step.observations.length !== env.games * OBSERVATION_SIZE) throw new Error('one row a game');

  // 2. A game whose every chance event is a node: the deal, coins, shots.
  let game = newChanceGame({ shots: 'quick', turnLimit: 200 });
  let chanceNodes = 0;
  let decisions = 0;
  let resampledSameObservation = false;
  let resampled = false;
  for (;;) {
    if (isChanceNode(game)) {
      // Draw an outcome by its probability (an expectimax or CFR would weigh them all instead).
      const outcomes = chanceOutcomes(game);
      let u = random.float();
      let chosen = outcomes[outcomes.length - 1]?.outcome ?? 0;
      for (const { outcome, probability } of outcomes) {
        if (u < probability) {
          chosen = outcome;
          break;
        }
        u -= probability;
      }
      const result = applyChance(game, chosen);
      if (!result.ok) throw new Error(result.error.message);
      game = result.state;
      chanceNodes++;
      continue;
    }
    const seat: Seat | undefined = toAct(game)[0];
    if (seat === undefined) break;
    const view = viewFor(game, seat);
    if (decisions >= 60 && seat === 'red' && !resampled) {
      resampled = true;
      // A world Red could be in (ResampleFromInfostate): it shows Red exactly this view.
      const world = resample(view, random);
      resampledSameObservation = observationTensor(viewFor(world, 'red')).every(
        (x, i) => x === observationTensor(view)[i],
      );
    }
    const action = actionOfIndex(view, pick(legalActionMask(view), 0, random));
    const result = applyAction(game, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    game = result.state;
    decisions++;
  }
  return { gamesEnded, chanceNodes, decisions, resampledSameObservation, returns: returns(game) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(learnTour('docs'));
