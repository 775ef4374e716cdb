/**
 * Records (DESIGN "Records"): the options with the seed plus every (seat, action). The save format, the
 * replay format and the test-fixture format. A record with the seed is public only after the game (R11.3).
 */
import { parseAction } from './actions.ts';
import { applyAction, newGame } from './game.ts';
import { type GameOptions, optionsOf } from './options.ts';
import { fail, ok, type Result } from './result.ts';
import type { GameState, RecordEntry } from './state.ts';
import { isSeat } from './vocabulary.ts';

export interface GameRecord {
  /** Format of this record: 1. */
  readonly format: 1;
  readonly options: GameOptions;
  readonly actions: readonly RecordEntry[];
}

export function recordOf(state: GameState): GameRecord {
  return { format: 1, options: optionsOf(state.rules), actions: state.log.slice() };
}

/** Plays a record from the start; the first refused entry is reported with its index. */
export function replay(record: unknown): Result<GameState> {
  if (typeof record !== 'object' || record === null || !('options' in record) || !('actions' in record)) {
    return fail('record/malformed', 'A record is an object { format, options, actions }.');
  }
  const { options, actions } = record as { options: unknown; actions: unknown };
  if (!Array.isArray(actions))
    return fail('record/malformed', 'A record needs actions: a list of { seat, action }.');
  const created = newGame(options);
  if (!created.ok) return created;
  let state = created.value;
  for (const [index, entry] of actions.entries()) {
    const seat = typeof entry === 'object' && entry !== null ? (entry as { seat?: unknown }).seat : undefined;
    const action =
      typeof entry === 'object' && entry !== null ? (entry as { action?: unknown }).action : undefined;
    if (!isSeat(seat) || !parseAction(action).ok) {
      return fail('record/malformed', `Entry ${index} of the record is not { seat, action }.`);
    }
    const result = applyAction(state, seat, action);
    if (!result.ok) return fail('record/refused', `Entry ${index} was refused: ${result.error.message}`);
    state = result.state;
  }
  return ok(state);
}
