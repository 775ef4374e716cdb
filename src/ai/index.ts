/** Computer opponents that see only what a player sees. See docs/ai.md. */
export type { Bot, DecisionInput } from './bot.ts';
export { heuristicBot } from './heuristic.ts';
export { BOT_NAMES, createBot, LEVELS, type Level } from './levels.ts';
export { type Contestant, type MatchOptions, type MatchResult, playMatch } from './match.ts';
export { randomBot } from './random-bot.ts';
export { sampleState } from './sample.ts';
