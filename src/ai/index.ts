/** Computer opponents that see only what a player sees, and tournaments between them. See docs/ai.md. */
export type { AsyncBot, Bot, DecisionInput } from './bot.ts';
export { heuristicBot } from './heuristic.ts';
export { BOT_NAMES, createBot, LEVELS, type Level } from './levels.ts';
export { type Cheater, type Contestant, type MatchOptions, type MatchResult, playMatch } from './match.ts';
export { randomBot } from './random-bot.ts';
export { type EloWithInterval, eloWithIntervals, fitElo, type PairGames, scoreInterval } from './rating.ts';
export {
  botName,
  botObjects,
  botStreamName,
  contestant,
  playTournamentGame,
  runTournament,
  type TournamentGame,
  type TournamentGameResult,
  type TournamentOptions,
  type TournamentPlan,
  type TournamentReport,
  tournamentGames,
  tournamentReport,
} from './round-robin.ts';
export { sampleState } from './sample.ts';
