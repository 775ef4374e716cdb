/**
 * Which bot plays a requested level. The server asks `createBot` (src/ai) for the level a player chose,
 * in a worker thread, so a thinking bot never blocks the event loop.
 */
import type { Bot } from '../../ai/index.ts';
import { LEVELS as PLAYER_LEVELS } from '../../ai/level-names.ts';
import type { Result } from '../../engine/index.ts';

/** The levels a request may ask for: the players' levels, and 'random' (a floor for tests and load runs). */
export const LEVELS = ['random', ...PLAYER_LEVELS] as const;
export const DEFAULT_LEVEL = 'medium';

export function isLevel(name: string): boolean {
  return (LEVELS as readonly string[]).includes(name);
}

/** The bot for a level the request already checked with `isLevel`. */
export function botFor(level: string, createBot: (name: string) => Result<Bot, string>): Bot {
  const wanted = createBot(level);
  if (!wanted.ok) throw new Error(wanted.error.message);
  return wanted.value;
}
