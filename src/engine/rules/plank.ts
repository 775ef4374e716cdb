/**
 * R3.6: The plank. The mover's *opponent* picks one of the mover's pieces on either deck, by its place;
 * a coin decides: shark, it leaves play; cheerful pirate, it goes back to its place still unknown (R11.2).
 */
import type { GameState } from '../state.ts';
import { opponentOf, type Seat } from '../vocabulary.ts';
import { type ChoiceList, PLANK } from './choices.ts';
import {
  ask,
  countOnDecks,
  emit,
  firstOnDecks,
  piecesOnDecksAs,
  removeFromPlay,
  setPending,
  type Table,
} from './table.ts';
import { endTurn } from './turn-end.ts';

/** The choices of `chooser`, the opponent of the seat that turned the Plank. */
export function plankChoices(state: GameState, chooser: Seat, into: ChoiceList): void {
  piecesOnDecksAs(state, opponentOf(chooser), PLANK, into);
}

export function beginPlank(table: Table): void {
  const { state } = table;
  const chooser = opponentOf(state.mover);
  const count = countOnDecks(state, state.mover);
  if (count === 0) {
    if (table.events)
      emit(table, {
        type: 'nothingHappened',
        seat: state.mover,
        face: 'plank',
        reason: 'no pirate stands on a deck',
      });
    endTurn(table);
  } else if (count === 1) {
    resolvePlank(table, firstOnDecks(state, state.mover)); // a forced choice is made at once
  } else {
    setPending(table, ask('plank', chooser));
  }
}

export function resolvePlank(table: Table, piece: number): void {
  const chooser = opponentOf(table.state.mover);
  if (table.events) emit(table, { type: 'onPlank', chooser, piece });
  const side = table.chance.draws('plank').int(2) === 0 ? 'shark' : 'pirate';
  if (table.events) emit(table, { type: 'coinTossed', for: 'plank', side });
  if (side === 'shark') removeFromPlay(table, piece, 'plank');
  else if (table.events) emit(table, { type: 'pieceReturned', piece, from: 'plank' });
  endTurn(table);
}
