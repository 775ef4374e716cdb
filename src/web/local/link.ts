/** The local game link: a Web Worker running the engine and the bot (no server needed). */
import type { BySeat, GameOptions, Seat } from '../../engine/index.ts';
import type { GameLink, LinkNews } from '../link.ts';
import type { FromHost, Level, LocalMode, ToHost } from './messages.ts';

/** A local game's link: in pass-and-play the page also says when the device changes hands. */
export interface LocalLink extends GameLink {
  handOver(): void;
}

export function startLocalGame(
  mode: LocalMode,
  options: Omit<GameOptions, 'seed' | 'entropy' | 'chance'>,
  human: Seat,
  level: Level,
  contributions: BySeat<string | null>,
  hear: (news: LinkNews) => void,
): LocalLink {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    type: 'module',
    name: 'pirates-game',
  });
  const post = (message: ToHost) => worker.postMessage(message);
  worker.onmessage = (event: MessageEvent<FromHost>) => {
    const message = event.data;
    if (message.t === 'error') hear({ t: 'error', code: message.code, message: message.message });
    else hear(message);
  };
  worker.onerror = (event) =>
    hear({ t: 'error', code: 'host/internal', message: `The game stopped: ${event.message}` });
  post({ t: 'start', mode, options, human, level, contributions });
  return {
    send: (seat, action) => post({ t: 'act', seat, action }),
    close: () => worker.terminate(),
    handOver: () => post({ t: 'handOver' }),
  };
}
