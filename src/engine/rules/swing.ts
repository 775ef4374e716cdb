/**
 * R3.4: Swing onto the other ship. The mover moves one of its pieces from its own deck to the enemy deck,
 * or from the enemy deck back home. The Bomb never goes to the enemy deck. A swung piece stands at the end
 * of the deck it lands on.
 */
import type { Action } from '../actions.ts';
import type { GameState } from '../state.ts';
import { opponentOf, type Seat } from '../vocabulary.ts';
import { emit, hasPieceOnDecks, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

export function swingChoices(state: GameState, seat: Seat): Action[] {
  const choices: Action[] = [];
  for (const piece of state.decks[seat]) {
    if (piece < 10 === (seat === 'red') && state.kinds[piece] !== 'bomb')
      choices.push({ type: 'swing', piece });
  }
  for (const piece of state.decks[opponentOf(seat)]) {
    if (piece < 10 === (seat === 'red')) choices.push({ type: 'swing', piece });
  }
  return choices;
}

export function beginSwing(table: Table): void {
  const seat = table.state.mover;
  // R11.3: judged on what the opponent sees; skipping because the only piece is the Bomb would betray it.
  if (swingChoices(table.state, seat).length === 0 && !hasPieceOnDecks(table.state, seat)) {
    emit(table, { type: 'nothingHappened', seat, face: 'swing', reason: 'no pirate can swing' });
    endTurn(table);
    return;
  }
  setPending(table, { ask: 'swing', seat });
}

export function resolveSwing(table: Table, piece: number): void {
  const { state } = table;
  const seat = state.mover;
  const from = state.places[piece] === seat ? seat : opponentOf(seat);
  const to = opponentOf(from);
  const deck = state.decks[from];
  deck.splice(deck.indexOf(piece), 1);
  state.decks[to].push(piece);
  state.places[piece] = to;
  if (to !== seat) state.boarded[piece] = true;
  emit(table, { type: 'swung', seat, piece, ship: to });
  endTurn(table);
}
