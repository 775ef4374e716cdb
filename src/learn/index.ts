/**
 * The learning API over the engine (docs/learn.md): integer actions and masks, observation tensors, explicit
 * chance nodes, resampling from a seat's view, and batched environments. It adds no rule: every move it
 * makes is the engine's, and it sees a seat's view or, inside an environment, encodes exactly what the view tells.
 */
// Explicit chance (docs/learn.md "Explicit chance").

// Actions as integers (docs/learn.md, "Actions as integers").
export {
  ACTION_RANGES,
  type ActionRange,
  type ActionRangeType,
  AIMED_SHOT_FIRST,
  ATTACK_FIRST,
  actionIndex,
  actionOfIndex,
  actionOfIndexFor,
  HATCH_FIRST,
  LOSE_PIECE_FIRST,
  NEW_PIRATE_FIRST,
  NUM_DISTINCT_ACTIONS,
  PASS_FIRST,
  PLANK_FIRST,
  RAID_FIRST,
  SETUP_FIRST,
  SHOOT_FIRST,
  SWING_FIRST,
  TURN_CARD_FIRST,
  TURN_FLAG_FIRST,
} from './actions.ts';
export {
  AIM_GRID,
  AIM_GRID_SIZE,
  type AimBounds,
  type AimCell,
  type AimCellPlace,
  type AimGrid,
  aimGridFor,
  cellOfAim,
  LINE_CELLS,
} from './aim-grid.ts';
export {
  applyAction,
  applyChance,
  CHANCE_GAME_ERROR_CODES,
  type ChanceGameError,
  type ChanceGameErrorCode,
  type ChanceGameOptions,
  type ChanceGameResult,
  chanceOutcomes,
  isChanceNode,
  legalActions,
  newChanceGame,
  returns,
  toAct,
  viewFor,
} from './chance-game.ts';
export {
  type ActionNode,
  type Answer,
  type CardNode,
  type CardUpNode,
  CHANCE_NODE_KINDS,
  type ChanceGame,
  type ChanceNode,
  type ChanceNodeKind,
  type ChanceOutcome,
  type KindNode,
} from './chance-node.ts';
export {
  INFORMATION_STATE_LAYOUT,
  INFORMATION_STATE_SIZE,
  informationStateTensor,
} from './information-state.ts';
export { legalActionMask, writeLegalMask } from './legal-mask.ts';
export {
  OBSERVATION_LAYOUT,
  OBSERVATION_SIZE,
  observationTensor,
  type TensorSection,
  writeObservation,
} from './observation.ts';
// Resampling (docs/learn.md, "Resampling").
export { type ResampleOptions, Resampler, resample } from './resample.ts';
// Batched environments (docs/learn.md, "Batched environments").
export { VectorEnv, type VectorEnvOptions, type VectorStep } from './vector-env.ts';
export { DEFAULT_WOBBLE_GRID, MAX_WOBBLE_GRID } from './wobble-grid.ts';
