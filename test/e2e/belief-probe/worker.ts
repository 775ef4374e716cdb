/**
 * The probe's Web Worker: the same src/ai code the game's Worker bundles, asked for the learned belief's
 * numbers and for timed decisions. The model file is fetched here by the same lazy path as in the game
 * (loadShippedBeliefNetwork, prepareBot), its hash checked.
 */
import { loadShippedBeliefNetwork } from '../../../src/ai/belief-model.ts';
import { createBot, prepareBot } from '../../../src/ai/index.ts';
import { randomFromSeed } from '../../../src/engine/index.ts';
import { beliefsAt, inferAll } from './answers.ts';
import type { ProbeAnswer, ProbeRequest } from './messages.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ProbeRequest>) => void) | null;
  postMessage(message: ProbeAnswer): void;
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  answer(event.data).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ t: 'error', message: String(error) }),
  );
};

async function answer(request: ProbeRequest): Promise<ProbeAnswer> {
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
  }
}
