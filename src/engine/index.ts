/**
 * The rules engine of Pirates! Stratego: pure functions over plain data. See docs/engine.md.
 * Everything the other layers may use is exported here.
 */
export { type Action, type ActionType, type Aim, parseAction } from './actions.ts';
export * from './cannon/index.ts';
export {
  CHANCE_PURPOSES,
  type Chance,
  type ChancePurpose,
  type ChanceState,
  CONTRIBUTION_PATTERN,
  computerContribution,
  type Draws,
  GENERATORS,
  type Generator,
  gameKey,
  isContribution,
  keyedDraws,
  kindsKey,
} from './chance.ts';
export { describeEvent } from './describe.ts';
export { ENGINE_ERROR_CODES, ENGINE_ERRORS, type EngineErrorCode } from './errors.ts';
export {
  type Audience,
  type EventType,
  eventsFor,
  type GameEvent,
  type OutCause,
} from './events.ts';
export {
  type FastGame,
  fastApply,
  fastChoices,
  fastClone,
  fastCopy,
  fastCopyWithChance,
  fastDecider,
  fastOutcome,
  fastRandomPlayout,
  fastSettle,
  fastState,
} from './fast.ts';
export {
  type ApplyResult,
  actionKey,
  applyAction,
  applyActionWithChance,
  createGame,
  describePending,
  legalActions,
  newGame,
  outcome,
  toAct,
} from './game.ts';
export { type HistoryStep, historyFor, stateAfter } from './history.ts';
export {
  DEFAULT_QUICK_ODDS,
  ENTROPY_SOURCES,
  type EntropySource,
  type GameOptions,
  parseGameOptions,
  type QuickOdds,
  type Rules,
  SHOT_MODES,
  type ShotMode,
  VARIANTS,
  type Variant,
} from './options.ts';
export {
  type Random,
  type RandomState,
  randomFrom,
  randomFromSeed,
  seedToState,
  shuffleInPlace,
  type Uniform,
} from './random.ts';
export {
  type GameRecord,
  RECORD_FORMATS,
  type RecordFormat,
  recordOf,
  recordOptions,
  replay,
} from './record.ts';
export type { EngineError, Result } from './result.ts';
/** R4: who leaves play when one piece battles another (bots judge battles with it). */
export { battleLoser } from './rules/battle.ts';
/** A number for any action, unique among one decision's actions (a search keys its tree by it). */
export { decisionCode } from './rules/choices.ts';
export type {
  ActionCard,
  Ask,
  GameState,
  Outcome,
  Pending,
  Phase,
  Place,
  RecordEntry,
  ShotTarget,
} from './state.ts';
export { askedSeat, belongsTo, ownerOf } from './state.ts';
export {
  CHECK_NAMES,
  type CheckName,
  checkGame,
  commitmentOf,
  type FairnessCheck,
  type FairnessReport,
  type GameToCheck,
  type Seen,
  viewDigest,
} from './verify.ts';
export {
  type CardView,
  type PendingView,
  type PieceView,
  type PlayerView,
  type PublicRules,
  pendingFromView,
  type ShipView,
  type Viewer,
  viewFor,
} from './view.ts';
/** A seat's choices and the seats to act, read back from a view (a patched update leaves them out). */
export { choicesOfView, toActOfView, type ViewWithoutChoices } from './view-choices.ts';
export * from './vocabulary.ts';
