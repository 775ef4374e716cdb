/**
 * The probe page: it only starts the Worker, where the bots run as in the game's page (src/web/local), and
 * passes questions to it (`window.probe`), one at a time.
 */
import type { ProbeAnswer, ProbeRequest } from './messages.ts';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

(globalThis as unknown as { probe: (request: ProbeRequest) => Promise<ProbeAnswer> }).probe = (request) =>
  new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<ProbeAnswer>) => resolve(event.data);
    worker.postMessage(request);
  });
