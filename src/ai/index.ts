/** Computer opponents that see only what a player sees. See docs/ai.md. */
export type { Bot, DecisionInput } from './bot.ts';
export { BOT_NAMES, createBot } from './levels.ts';
export { randomBot } from './random-bot.ts';
