/**
 * Records (DESIGN "Records"): the options with the seed plus every (seat, action), the seats' contributions
 * included. The save format, the replay format and the test-fixture format. A record with the seed is
 * public only after the game (R11.3); then anyone can replay it (docs/fairness.md).
 * Format 2 is keyed chance (chance.ts); format 1 is a game from before, replayed on its xoroshiro128+ stream.
 */
import { parseAction } from './actions.ts';
import { applyAction, newGame } from './game.ts';
import { type GameOptions, optionsOf } from './options.ts';
import { fail, ok, type Result } from './result.ts';
import type { GameState, RecordEntry } from './state.ts';
import { isSeat } from './vocabulary.ts';

export const RECORD_FORMATS = [1, 2] as const;
/** 1: chance from one xoroshiro128+ stream (games before keyed chance); 2: keyed ChaCha20 streams. */
export type RecordFormat = (typeof RECORD_FORMATS)[number];

export interface GameRecord {
  /** Format of this record, e.g. 2. */
  readonly format: RecordFormat;
  readonly options: GameOptions;
  readonly actions: readonly RecordEntry[];
}

export function recordOf(state: GameState): GameRecord {
  const format = state.rules.chance === 'xoroshiro128plus' ? 1 : 2;
  return { format, options: optionsOf(state.rules), actions: state.log.slice() };
}

/**
 * The options a record's game was created with: a format 1 record (every record written before keyed
 * chance says so) names no generator, and its game drew from xoroshiro128+. No format means the current one.
 */
export function recordOptions(record: { format?: unknown; options: unknown }): Result<unknown> {
  const { format, options } = record;
  if (format !== undefined && !(RECORD_FORMATS as readonly unknown[]).includes(format)) {
    return fail('record/format', `This record's format ${String(format)} is unknown; known: 1 and 2.`);
  }
  if (format !== 1 || typeof options !== 'object' || options === null || 'chance' in options)
    return ok(options);
  return ok({ ...options, chance: 'xoroshiro128plus' });
}

/** Plays a record from the start; the first refused entry is reported with its index. */
export function replay(record: unknown): Result<GameState> {
  if (typeof record !== 'object' || record === null || !('options' in record) || !('actions' in record)) {
    return fail('record/malformed', 'A record is an object { format, options, actions }.');
  }
  const { actions } = record as { actions: unknown };
  if (!Array.isArray(actions))
    return fail('record/malformed', 'A record needs actions: a list of { seat, action }.');
  const options = recordOptions(record as { format?: unknown; options: unknown });
  if (!options.ok) return options;
  const created = newGame(options.value);
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
