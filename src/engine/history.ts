/**
 * A game looked back at: its own log replayed by the real engine, action by action. A seat's history (what it
 * was shown, per action) brings a page's log back after a reload; the position after any earlier action lets
 * a seat look back at a move during the game. `eventsFor` and `viewFor` stay the only filters, so looking back
 * shows a seat nothing it was not shown then.
 */
import { eventsFor, type GameEvent } from './events.ts';
import { applyAction, newGame } from './game.ts';
import { recordOf } from './record.ts';
import type { GameState } from './state.ts';
import type { Viewer } from './view.ts';

/** What a viewer was shown of one action, e.g. `{ v: 7, events: [{ type: 'cardTurned', ... }] }`. */
export interface HistoryStep {
  /** The number of actions applied once this one was, e.g. 7 (the `v` of the update that told it). */
  readonly v: number;
  /** The events of that action the viewer may see, in order. */
  readonly events: readonly GameEvent[];
}

/**
 * Replays `state`'s own log up to `v` actions (0: the game as created), calling `each` with every action's
 * events. The log was accepted by these rules once, so a refusal now is a bug and throws.
 */
function replayLog(state: GameState, v: number, each?: (v: number, events: readonly GameEvent[]) => void) {
  if (!Number.isInteger(v) || v < 0 || v > state.log.length) {
    throw new RangeError(`replayLog: ${v} is not between 0 and ${state.log.length} actions`);
  }
  const record = recordOf(state);
  const created = newGame(record.options);
  if (!created.ok) throw new Error(`replayLog: the game's own options are refused: ${created.error.message}`);
  let replayed = created.value;
  for (const [index, entry] of record.actions.slice(0, v).entries()) {
    const result = applyAction(replayed, entry.seat, entry.action);
    if (!result.ok) throw new Error(`replayLog: action ${index} is refused now: ${result.error.message}`);
    replayed = result.state;
    each?.(index + 1, result.events);
  }
  return replayed;
}

/** The game as it stood after `v` of its actions, 0 ≤ v ≤ the actions so far. */
export function stateAfter(state: GameState, v: number): GameState {
  return replayLog(state, v);
}

/** Everything `viewer` has been shown of the game so far, by action; actions it saw nothing of are left out. */
export function historyFor(state: GameState, viewer: Viewer): HistoryStep[] {
  const steps: HistoryStep[] = [];
  replayLog(state, state.log.length, (v, events) => {
    const seen = eventsFor(events, viewer);
    if (seen.length > 0) steps.push({ v, events: seen });
  });
  return steps;
}
