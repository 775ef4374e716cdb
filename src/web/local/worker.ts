/**
 * The Web Worker that runs a local game (computer or pass-and-play): engine and bot off the page's thread,
 * so the page never needs a server for them and a thinking bot never freezes the table. After every move it
 * keeps the game on the device (kept.ts) before telling the page, so the page is never shown a position a
 * reload would lose; a finished game is forgotten. A computer whose level reads a model file (the learned
 * belief) has it fetched here first, when the game starts, so neither the page nor this Worker's script
 * carries it (prepareBot, src/ai/levels.ts).
 */
import { prepareBot } from '../../ai/index.ts';
import { LocalHost } from './host.ts';
import { forgetGame, keepGame, loadKeptGame } from './kept.ts';
import type { FromHost, FromWorker, ToHost, ToWorker } from './messages.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
  close(): void;
}

const scope = globalThis as unknown as WorkerScope;
let host: LocalHost | null = null;
/** One message at a time, in order: keeping is asynchronous, and a later move must never be kept first. */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const message = event.data;
  // The table was left: what was asked before is done (and kept) first, then the Worker ends (messages.ts).
  if (message.t === 'close') {
    queue = queue.then(() => {
      scope.postMessage({ t: 'closed' });
      scope.close();
    });
    return;
  }
  queue = queue.then(() => handle(message));
};

async function handle(message: ToHost): Promise<void> {
  try {
    if (message.t === 'start') {
      if (message.mode === 'computer' && !(await computerReady(message.level))) return;
      host = new LocalHost(message);
      return keepThenPost(host, host.begin());
    }
    if (message.t === 'resume') {
      // No IndexedDB here (a private window, say) is the same as nothing kept.
      const data = await loadKeptGame().catch(() => null);
      if (data === null) {
        return scope.postMessage({ t: 'error', code: 'host/nothing-kept', message: 'No game is kept.' });
      }
      const level = (data as { mode?: unknown; level?: unknown }).level;
      const computer = (data as { mode?: unknown }).mode === 'computer';
      if (computer && typeof level === 'string' && !(await computerReady(level))) return;
      const resumed = LocalHost.resume(data);
      if (!resumed.ok) {
        await forgetGame().catch(() => undefined);
        return scope.postMessage({ t: 'error', code: 'host/kept-broken', message: resumed.message });
      }
      host = resumed.host;
      return keepThenPost(host, host.begin());
    }
    if (host === null) {
      return scope.postMessage({ t: 'error', code: 'host/no-game', message: 'No game is running.' });
    }
    const reply = host.handle(message);
    return message.t === 'act' ? keepThenPost(host, reply) : scope.postMessage(reply);
  } catch (error) {
    scope.postMessage({ t: 'error', code: 'host/internal', message: String(error) });
  }
}

/** Loads what the computer of `level` needs; false (and the page told why) when it cannot be had. */
async function computerReady(level: string): Promise<boolean> {
  const prepared = await prepareBot(level);
  if (prepared.ok) return true;
  scope.postMessage({ t: 'error', code: 'host/computer-unavailable', message: prepared.error.message });
  return false;
}

/** Keeps the game (or forgets it once over), then tells the page; a device that cannot keep it is told so. */
async function keepThenPost(game: LocalHost, reply: FromHost): Promise<void> {
  if (reply.t !== 'update') return scope.postMessage(reply);
  let kept = true;
  try {
    if (reply.view.outcome !== null) await forgetGame();
    else await keepGame(game.kept(), game.summary(Date.now()));
  } catch {
    kept = false;
  }
  scope.postMessage(reply);
  if (!kept) {
    scope.postMessage({ t: 'error', code: 'host/not-kept', message: 'IndexedDB refused to keep the game.' });
  }
}
