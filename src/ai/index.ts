/**
 * Computer opponents that see only what a player sees, and tournaments between them. See docs/ai.md.
 * Besides the bots, what an outside bot may build on (docs/ai.md, "Building on the search"): the search,
 * the worlds it searches (`Determinizer`, what a seat does not know), the belief and the evaluation.
 */
export { type Hidden, hiddenOf } from '../learn/hidden.ts';
export { type BeliefOptions, DEFAULT_BELIEF, ParticleBelief } from './belief.ts';
export {
  BELIEF_MODEL_SHA256,
  type BeliefModelErrorCode,
  loadShippedBeliefNetwork,
  readBeliefModel,
} from './belief-model.ts';
export type { AsyncBot, Bot, DecisionInput } from './bot.ts';
export { type CandidateModels, checkCandidate, type ModelKind } from './candidate-models.ts';
export { FEATURES, type Feature, featuresOf, WEIGHTS, winChance } from './evaluation.ts';
export { heuristicBot } from './heuristic.ts';
export {
  type EnemyView,
  type RootPrior,
  type SearchBudget,
  type SearchResult,
  search,
} from './ismcts.ts';
export { BOT_NAMES, createBot, LEVELS, type Level, prepareBot, usesBeliefModel } from './levels.ts';
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
export {
  assignmentAllowed,
  Determinizer,
  sampleAssignment,
  sampleState,
  type WorldOptions,
} from './sample.ts';
export { type BeliefLike, hitChance, type SearchBotOptions, searchBot } from './search-bot.ts';
