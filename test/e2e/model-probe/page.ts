/**
 * The probe page: it starts the Worker, where the bots run as in the game's page (src/web/local), and
 * passes questions to it (`window.probe`), one at a time. `window.probeHere` answers on the page's own
 * thread instead, for a browser that throttles the page's thread and not its Workers.
 */
import { answer } from './answers.ts';
import type { ProbeAnswer, ProbeRequest } from './messages.ts';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

(globalThis as unknown as { probe: (request: ProbeRequest) => Promise<ProbeAnswer> }).probe = (request) =>
  new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<ProbeAnswer>) => resolve(event.data);
    worker.postMessage(request);
  });

(globalThis as unknown as { probeHere: (request: ProbeRequest) => Promise<ProbeAnswer> }).probeHere = (
  request,
) => answer(request).catch((error: unknown) => ({ t: 'error', message: String(error) }));
