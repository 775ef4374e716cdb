/**
 * The probe's Web Worker: the same src/ai code the game's Worker bundles, asked for the learned belief's and
 * the learned value's numbers and for timed decisions (answers.ts). Each model file is fetched here by the
 * same lazy path as in the game (loadShippedBeliefNetwork, loadShippedValueModel, prepareBot), its hash
 * checked.
 */
import { answer } from './answers.ts';
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
