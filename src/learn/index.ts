/**
 * The learning API over the engine (docs/learn.md): integer actions and masks, observation tensors, explicit
 * chance nodes, resampling from a seat's view, and batched environments. It adds no rule: every move it
 * makes is the engine's, and it sees a seat's view or, inside an environment, encodes exactly what the view tells.
 */
// Explicit chance (docs/learn.md "Explicit chance").
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
export { DEFAULT_WOBBLE_GRID, MAX_WOBBLE_GRID } from './wobble-grid.ts';
