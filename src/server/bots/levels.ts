/**
 * Which bot plays a requested level. The server asks `createBot` for the level a player chose; the
 * levels 'easy' ... 'expert' arrive later through that same function.
 */
import type { Bot } from '../../ai/index.ts';
import type { Result } from '../../engine/index.ts';

/** The levels a player may ask for; the ones `createBot` does not know yet fall back (see botFor). */
export const LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export const DEFAULT_LEVEL = 'medium';

export function isLevel(name: string): boolean {
  return (LEVELS as readonly string[]).includes(name);
}

/**
 * TEMPORARY FALLBACK (remove when src/ai has every level): while `createBot(level)` answers 'bot/unknown',
 * the random bot plays instead, and the reply names the bot that really played so the pool logs it.
 */
export function botFor(level: string, createBot: (name: string) => Result<Bot>): Bot {
  const wanted = createBot(level);
  if (wanted.ok) return wanted.value;
  if (wanted.error.code !== 'bot/unknown') throw new Error(wanted.error.message);
  const fallback = createBot('random');
  if (!fallback.ok) throw new Error(fallback.error.message);
  return fallback.value;
}
