/**
 * The local game link: a Web Worker running the engine and the bot (no server needed). A worker that cannot
 * load (a page opened offline whose game code was never fetched) or fails says so with a code, never with
 * the browser's wording (often none at all).
 */
import type { BySeat, GameOptions, Seat } from '../../engine/index.ts';
import type { GameLink, LinkNews } from '../link.ts';
import type { FromHost, Level, LocalMode, ToHost } from './messages.ts';

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
    };
  }
  const post = (message: ToHost) => worker.postMessage(message);
  worker.onmessage = (event: MessageEvent<FromHost>) => {
    const message = event.data;
    if (message.t === 'error') hear({ t: 'error', code: message.code, message: message.message });
    else hear(message);
  };
  // A script that fails to load or throws at the top gives an ErrorEvent with no message at all.
  worker.onerror = (event) => {
    event.preventDefault();
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
    close: () => worker.terminate(),
    handOver: () => post({ t: 'handOver' }),
  };
}
