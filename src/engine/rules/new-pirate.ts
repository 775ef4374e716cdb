/** R3.3: New pirate. The mover may put one of its extras on its own deck (no deck limit). */
import { firstPieceOf, type GameState } from '../state.ts';
import { ofSeat, type Seat } from '../vocabulary.ts';
import { type ChoiceList, choice, NEW_PIRATE } from './choices.ts';
import { ask, emit, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

export function newPirateChoices(state: GameState, seat: Seat, into: ChoiceList): void {
  const first = firstPieceOf(seat);
  for (let piece = first; piece < first + 10; piece++) {
    if (state.places[piece] === 'extras') into.push(choice(NEW_PIRATE, piece));
  }
}

function hasExtras(state: GameState, seat: Seat): boolean {
  const first = firstPieceOf(seat);
  for (let piece = first; piece < first + 10; piece++) if (state.places[piece] === 'extras') return true;
  return false;
}

export function beginNewPirate(table: Table): void {
  const seat = table.state.mover;
  if (!hasExtras(table.state, seat)) {
    if (table.events)
      emit(table, { type: 'nothingHappened', seat, face: 'newPirate', reason: 'no extras are left' });
    endTurn(table);
    return;
  }
  setPending(table, ask('newPirate', seat));
}

export function resolveNewPirate(table: Table, piece: number): void {
  const { state } = table;
  const seat = state.mover;
  state.places[piece] = seat;
  ofSeat(state.decks, seat).push(piece);
  if (table.events) emit(table, { type: 'newPirate', seat, piece });
  endTurn(table);
}
