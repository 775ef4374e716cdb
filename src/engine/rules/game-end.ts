/** R7: the end of the game: a captured flag, a resignation, or the turn limit. */
import type { Outcome } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import { emit, type Table } from './table.ts';

export function finish(
  table: Table,
  winner: Seat | null,
  reason: Outcome['reason'],
  message: string,
  how?: Outcome['how'],
): void {
  const { state } = table;
  state.phase = 'over';
  state.outcome = how === undefined ? { winner, reason, message } : { winner, reason, how, message };
  state.pending = { ask: 'none' };
  if (table.events) emit(table, { type: 'gameOver', winner, reason });
}
