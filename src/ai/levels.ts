/** Bots by name: what a player, the server and the CLI ask for ('random', later 'easy' ... 'expert'). */
import type { Result } from '../engine/index.ts';
import type { Bot } from './bot.ts';
import { randomBot } from './random-bot.ts';

/** The names `createBot` accepts. */
export const BOT_NAMES: readonly string[] = ['random'];

export function createBot(name: string): Result<Bot> {
  if (name === 'random') return { ok: true, value: randomBot };
  return {
    ok: false,
    error: { code: 'bot/unknown', message: `There is no computer player called '${name}'.` },
  };
}
