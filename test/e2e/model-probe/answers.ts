/**
 * The probe's answers as functions of the network and the positions, run by the page's Worker (worker.ts)
 * (or its main thread, page.ts) and by Node (the tests) alike, so the two are compared on the very same code
 * path. Each model is loaded by the game's lazy path first, so the Worker fetches and checks its file.
 */
import { loadShippedBeliefNetwork } from '../../../src/ai/belief-model.ts';
import { createBot, prepareBot } from '../../../src/ai/index.ts';
import { LearnedBelief } from '../../../src/ai/learned-belief.ts';
import { type BeliefNetwork, kindProbabilities } from '../../../src/ai/network.ts';
import { Determinizer } from '../../../src/ai/sample.ts';
import { loadShippedValueModel, shippedValueNetwork } from '../../../src/ai/value-model.ts';
import { SEAT_INPUTS, seatInputs, type ValueNetwork, valueChance } from '../../../src/ai/value-network.ts';
import { chanceOfSample } from '../../../src/ai/value-training.ts';
import { type GameState, randomFromSeed } from '../../../src/engine/index.ts';
import { INFORMATION_STATE_SIZE, informationStateTensor } from '../../../src/learn/information-state.ts';
import type { ProbeAnswer, ProbePosition, ProbeRequest, ValueInputs, ValueReading } from './messages.ts';

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

/**
 * At each position: the network's probabilities from the seat's own tensor, assignments the belief draws, and
 * how long the belief took to prepare its draws (network and chain: its whole cost a decision), ms.
 */
export function beliefsAt(
  network: BeliefNetwork,
  positions: readonly ProbePosition[],
  draws: number,
): { probabilities: number[]; draws: string[][]; ms: number }[] {
  const belief = new LearnedBelief(network);
  return positions.map(({ view, history, seed }) => {
    const probabilities = Array.from(kindProbabilities(network, informationStateTensor(view, history)));
    const random = randomFromSeed(seed);
    const began = performance.now();
    const draw = belief.prepare({ view, history, random }, new Determinizer(view, history));
    const ms = performance.now() - began;
    return { probabilities, draws: Array.from({ length: draws }, () => draw(random).slice()), ms };
  });
}

/** Red's chance for each stored position, its inputs read as float32 as training and the value fixture read them. */
export function valueOfInputs(network: ValueNetwork, cases: readonly ValueInputs[]): number[] {
  return cases.map(({ red, blue, tempo }) =>
    chanceOfSample(network, {
      red: Float32Array.from(red),
      blue: Float32Array.from(blue),
      tempo,
      outcome: 0,
    }),
  );
}

/** At each full state: both seats' inputs as the search's leaf fills them (float64), and `valueChance`. */
export function valuesAt(network: ValueNetwork, states: readonly GameState[]): ValueReading[] {
  return states.map((state) => {
    const red = new Float64Array(SEAT_INPUTS);
    const blue = new Float64Array(SEAT_INPUTS);
    seatInputs(state, 'red', red);
    seatInputs(state, 'blue', blue);
    return { red: Array.from(red), blue: Array.from(blue), chance: valueChance(network, state) };
  });
}

/** The answer to one question, wherever it runs (the model is loaded by the lazy path first). */
export async function answer(request: ProbeRequest): Promise<ProbeAnswer> {
  switch (request.t) {
    case 'infer': {
      const loaded = await loadShippedBeliefNetwork();
      if (!loaded.ok) return { t: 'error', message: loaded.error.message };
      return { t: 'infer', outputs: inferAll(loaded.value, request.tensors) };
    }
    case 'beliefs': {
      const loaded = await loadShippedBeliefNetwork();
      if (!loaded.ok) return { t: 'error', message: loaded.error.message };
      return { t: 'beliefs', outputs: beliefsAt(loaded.value, request.positions, request.draws) };
    }
    case 'decide': {
      const began = performance.now();
      const prepared = await prepareBot(request.bot);
      if (!prepared.ok) return { t: 'error', message: prepared.error.message };
      const prepareMs = performance.now() - began;
      const actions = [];
      const ms = [];
      for (const { view, history, seed } of request.positions) {
        const made = createBot(request.bot);
        if (!made.ok) return { t: 'error', message: made.error.message };
        const start = performance.now();
        actions.push(made.value.decide({ view, history, random: randomFromSeed(seed) }));
        ms.push(performance.now() - start);
      }
      return { t: 'decide', prepareMs, actions, ms };
    }
    case 'value-inputs': {
      const loaded = await loadShippedValueModel();
      if (!loaded.ok) return { t: 'error', message: loaded.error.message };
      return { t: 'value-inputs', chances: valueOfInputs(shippedValueNetwork(), request.cases) };
    }
    case 'value-states': {
      const loaded = await loadShippedValueModel();
      if (!loaded.ok) return { t: 'error', message: loaded.error.message };
      return { t: 'value-states', readings: valuesAt(shippedValueNetwork(), request.states) };
    }
  }
}
