/**
 * A game from its stored log: the engine replays every action from the options, and the events are kept
 * so each seat's history (for bots) is the same as before the restart.
 */
import { applyAction, type GameEvent, type GameState, newGame } from '../../engine/index.ts';
import type { ServerResult } from '../../protocol/index.ts';
import type { StoredGameWithLog } from '../store/game-store.ts';
import { type DecisionStarts, decisionStartsAfter, firstDecisionStarts } from './decision-limits.ts';

export interface Rebuilt {
  readonly state: GameState;
  readonly events: GameEvent[];
  /** Since when each seat has faced its current decision, by the stored times of the actions. */
  readonly decisionStarts: DecisionStarts;
}

export function rebuild(stored: StoredGameWithLog): ServerResult<Rebuilt> {
  const created = newGame(stored.game.options);
  if (!created.ok) return created;
  let state = created.value;
  let decisionStarts = firstDecisionStarts(state, stored.game.createdAt);
  const events: GameEvent[] = [];
  for (const [seq, entry] of stored.actions.entries()) {
    const result = applyAction(state, entry.seat, entry.action);
    if (!result.ok) {
      const message = `Action ${seq} of game ${stored.game.id} no longer applies: ${result.error.message}`;
      return { ok: false, error: { code: 'store/corrupt', message } };
    }
    const at = stored.actedAt[seq] ?? stored.game.createdAt;
    decisionStarts = decisionStartsAfter(decisionStarts, state, result.state, entry.seat, at);
    state = result.state;
    events.push(...result.events);
  }
  return { ok: true, value: { state, events, decisionStarts } };
}
