/** R3.3: New pirate. The mover may put one of its extras on its own deck (no deck limit). */
import type { Action } from '../actions.ts';
import { firstPieceOf, type GameState } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import { emit, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

export function newPirateChoices(state: GameState, seat: Seat): Action[] {
  const first = firstPieceOf(seat);
  const choices: Action[] = [];
  for (let piece = first; piece < first + 10; piece++) {
    if (state.places[piece] === 'extras') choices.push({ type: 'newPirate', piece });
  }
  return choices;
}

export function beginNewPirate(table: Table): void {
  const seat = table.state.mover;
  if (newPirateChoices(table.state, seat).length === 0) {
    emit(table, { type: 'nothingHappened', seat, face: 'newPirate', reason: 'no extras are left' });
    endTurn(table);
    return;
  }
  setPending(table, { ask: 'newPirate', seat });
}

export function resolveNewPirate(table: Table, piece: number): void {
  const { state } = table;
  const seat = state.mover;
  state.places[piece] = seat;
  state.decks[seat].push(piece);
  emit(table, { type: 'newPirate', seat, piece });
  endTurn(table);
}
