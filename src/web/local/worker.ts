/**
 * The Web Worker that runs a local game (computer or pass-and-play): engine and bot off the page's thread,
 * so the page never needs a server for them and a thinking bot never freezes the table.
 */
import { LocalHost } from './host.ts';
import type { FromHost, ToHost } from './messages.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToHost>) => void) | null;
  postMessage(message: FromHost): void;
}

const scope = globalThis as unknown as WorkerScope;
let host: LocalHost | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  try {
    if (message.t === 'start') {
      host = new LocalHost(message);
      scope.postMessage(host.begin());
    } else if (host === null) {
      scope.postMessage({ t: 'error', code: 'host/no-game', message: 'No game is running.' });
    } else {
      scope.postMessage(host.handle(message));
    }
  } catch (error) {
    scope.postMessage({ t: 'error', code: 'host/internal', message: String(error) });
  }
};
