/**
 * The legal-action mask (docs/learn.md, "Actions as integers"): ones exactly at the indices a seat may play.
 * `legalActionMask` reads a view's listed actions; `writeLegalMask` reads the rules' coded choices straight
 * from a state into a caller's buffer, allocating nothing, for the batched environment. Tests hold them equal.
 */
import type { GameState, PlayerView, Seat } from '../engine/index.ts';
import { ChoiceList } from '../engine/rules/choices.ts';
import { listChoices } from '../engine/rules/decide.ts';
import {
  AIMED_SHOT_FIRST,
  actionIndex,
  INDEX_OF_CODE,
  NUM_DISTINCT_ACTIONS,
  SETUP_FIRST,
  SHOOT_FIRST,
  TURN_CARD_FIRST,
} from './actions.ts';
import { AIM_GRID_SIZE } from './aim-grid.ts';

const SETUP_SIZE = TURN_CARD_FIRST - SETUP_FIRST;

/**
 * A new mask of `NUM_DISTINCT_ACTIONS` bytes: 1 at the index of each of `view.legalActions`, 0 elsewhere. At
 * an aimed shot the engine lists one shot (the default aim) but takes any legal aim, so every aim cell is 1
 * (the listed shot's cell among them), and so is `SHOOT_FIRST`, the listed shot itself. A spectator's mask,
 * or a seat's with nothing to decide, is all zeros.
 */
export function legalActionMask(view: PlayerView): Uint8Array {
  const mask = new Uint8Array(NUM_DISTINCT_ACTIONS);
  for (const action of view.legalActions) {
    const index = actionIndex(view, action);
    if (index < 0) throw new Error(`The listed action ${JSON.stringify(action)} has no index.`);
    mask[index] = 1;
  }
  const pending = view.pending;
  if (pending.ask === 'shoot' && pending.seat === view.viewer && view.rules.shots === 'aimed') {
    mask.fill(1, AIMED_SHOT_FIRST, AIMED_SHOT_FIRST + AIM_GRID_SIZE);
    mask[SHOOT_FIRST] = 1;
  }
  return mask;
}

/** The list the fast mask reads the rules' choices into, reused. */
const scratch = new ChoiceList();

/**
 * Writes `seat`'s legal mask for `state` into `out[offset .. offset + NUM_DISTINCT_ACTIONS)` and returns how
 * many actions are legal: the same bytes as `legalActionMask(viewFor(state, seat))`, without making a view.
 */
export function writeLegalMask(state: GameState, seat: Seat, out: Uint8Array, offset = 0): number {
  if (!Number.isInteger(offset) || offset < 0 || offset + NUM_DISTINCT_ACTIONS > out.length) {
    throw new RangeError(
      `The mask needs ${NUM_DISTINCT_ACTIONS} bytes from offset ${offset}, but the buffer holds ${out.length}.`,
    );
  }
  out.fill(0, offset, offset + NUM_DISTINCT_ACTIONS);
  const pending = state.pending;
  if (pending.ask === 'setup') {
    if (state.ready[seat]) return 0;
    out.fill(1, offset + SETUP_FIRST, offset + SETUP_FIRST + SETUP_SIZE);
    return SETUP_SIZE;
  }
  let count = 0;
  if (pending.ask === 'shoot' && pending.seat === seat && state.rules.shots === 'aimed') {
    out.fill(1, offset + AIMED_SHOT_FIRST, offset + AIMED_SHOT_FIRST + AIM_GRID_SIZE);
    count = AIM_GRID_SIZE;
  }
  // At an aimed shot the rules list the one shot they take without an aim: `SHOOT_FIRST`.
  const listed = listChoices(state, seat, scratch);
  const table = seat === 'red' ? INDEX_OF_CODE.red : INDEX_OF_CODE.blue;
  const codes = scratch.codes;
  for (let i = 0; i < listed; i++) {
    const index = table[codes[i] ?? 0] ?? -1;
    if (index < 0) throw new Error(`The choice code ${codes[i]} has no index for ${seat}.`);
    out[offset + index] = 1;
  }
  return count + listed;
}
