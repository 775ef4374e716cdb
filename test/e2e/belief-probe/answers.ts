/**
 * The probe's answers as functions of the network and the positions, run by the page's Worker (worker.ts)
 * and by Node (probe.ts) alike, so the two are compared on the very same code path.
 */
import { LearnedBelief } from '../../../src/ai/learned-belief.ts';
import { type BeliefNetwork, kindProbabilities } from '../../../src/ai/network.ts';
import { Determinizer } from '../../../src/ai/sample.ts';
import { randomFromSeed } from '../../../src/engine/index.ts';
import { INFORMATION_STATE_SIZE, informationStateTensor } from '../../../src/learn/information-state.ts';
import type { ProbePosition } from './messages.ts';

/** The network's probabilities (10 enemy slots x 8 kinds) for each sparse information-state tensor. */
export function inferAll(
  network: BeliefNetwork,
  tensors: readonly (readonly [number, number][])[],
): number[][] {
  return tensors.map((sparse) => {
    const tensor = new Float32Array(INFORMATION_STATE_SIZE);
    for (const [at, x] of sparse) tensor[at] = x;
    return Array.from(kindProbabilities(network, tensor));
  });
}

/** At each position: the network's probabilities from the seat's own tensor, and assignments the belief draws. */
export function beliefsAt(
  network: BeliefNetwork,
  positions: readonly ProbePosition[],
  draws: number,
): { probabilities: number[]; draws: string[][] }[] {
  const belief = new LearnedBelief(network);
  return positions.map(({ view, history, seed }) => {
    const probabilities = Array.from(kindProbabilities(network, informationStateTensor(view, history)));
    const random = randomFromSeed(seed);
    const draw = belief.prepare({ view, history, random }, new Determinizer(view, history));
    return { probabilities, draws: Array.from({ length: draws }, () => draw(random).slice()) };
  });
}
