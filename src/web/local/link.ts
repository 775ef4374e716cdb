/**
 * The local game link: a Web Worker running the engine and the bot (no server needed). A worker that cannot
 * load (a page opened offline whose game code was never fetched) or fails says so with a code, never with
 * the browser's wording (often none at all).
 */
import type { BySeat, GameOptions, Seat } from '../../engine/index.ts';
import type { GameLink, LinkNews } from '../link.ts';
import type { FromWorker, Level, LocalMode, ToWorker } from './messages.ts';

/** How long a Worker asked to close may take to finish what it was doing (a move to keep, the computer's think). */
const CLOSE_GRACE_MS = 10_000;

/** What starts the game in the worker: a new one, or the one kept on this device. */
export type LocalStart =
  | {
      readonly t: 'start';
      readonly mode: LocalMode;
      readonly options: Omit<GameOptions, 'seed' | 'entropy' | 'chance'>;
      readonly human: Seat;
      readonly level: Level;
      readonly contributions: BySeat<string | null>;
    }
  | { readonly t: 'resume' };

/** A local game's link: in pass-and-play the page also says when the device changes hands. */
export interface LocalLink extends GameLink {
  handOver(): void;
  /**
   * Settles once the Worker has ended after `close`: by then it has kept what it was asked before (a game
   * only just started included), so the home page reads the kept game after it, and a new game's Worker
   * starts after it (the old one's last keep never lands on top of the new game).
   */
  readonly ended: Promise<void>;
}

export function startLocalGame(start: LocalStart, hear: (news: LinkNews) => void): LocalLink {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pirates-game' });
  } catch (error) {
    hear({
      t: 'error',
      code: 'host/unavailable',
      message: `The game's worker could not start: ${String(error)}`,
    });
    return {
      send: () => undefined,
      history: () => undefined,
      review: () => undefined,
      close: () => undefined,
      handOver: () => undefined,
      ended: Promise.resolve(),
    };
  }
  const post = (message: ToWorker) => worker.postMessage(message);
  // After `close` the table is gone: the Worker's news goes nowhere; it is ended once it says it is done.
  let closing = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const end = () => {
    clearTimeout(timer);
    worker.terminate();
    markEnded();
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.t === 'closed') end();
    else if (closing) return;
    else if (message.t === 'error') hear({ t: 'error', code: message.code, message: message.message });
    else hear(message);
  };
  // A script that fails to load or throws at the top gives an ErrorEvent with no message at all.
  worker.onerror = (event) => {
    event.preventDefault();
    failed = true;
    if (closing) {
      end();
      return;
    }
    hear({
      t: 'error',
      code: 'host/unavailable',
      message: `The game's worker failed: ${event.message || 'it could not be loaded'}`,
    });
  };
  post(start);
  return {
    send: (seat, action) => post({ t: 'act', seat, action }),
    history: (seat) => post({ t: 'history', seat }),
    review: (seat, v) => post({ t: 'review', seat, v }),
    close: () => {
      if (closing) return;
      closing = true;
      // A Worker that never loaded has nothing to keep; one that does not answer is ended anyway.
      if (failed) end();
      else {
        post({ t: 'close' });
        timer = setTimeout(end, CLOSE_GRACE_MS);
      }
    },
    handOver: () => post({ t: 'handOver' }),
    ended,
  };
}
