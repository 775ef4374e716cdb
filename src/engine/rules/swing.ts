/**
 * R3.4: Swing onto the other ship. The mover moves one of its pieces from its own deck to the enemy deck,
 * or from the enemy deck back home. The Bomb never goes to the enemy deck. A swung piece stands at the end
 * of the deck it lands on.
 */
import { belongsTo, type GameState } from '../state.ts';
import { ofSeat, opponentOf, type Seat } from '../vocabulary.ts';
import { type ChoiceList, choice, SWING } from './choices.ts';
import { ask, emit, removeFromDeck, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

export function swingChoices(state: GameState, seat: Seat, into: ChoiceList): void {
  for (const piece of ofSeat(state.decks, seat)) {
    if (belongsTo(piece, seat) && state.kinds[piece] !== 'bomb') into.push(choice(SWING, piece));
  }
  for (const piece of ofSeat(state.decks, opponentOf(seat))) {
    if (belongsTo(piece, seat)) into.push(choice(SWING, piece));
  }
}

/**
 * Is there any piece `seat` may swing, as far as the opponent can see? R11.3: a lone Bomb counts (the seat
 * may only pass), or skipping the card would betray it.
 */
function canSwing(state: GameState, seat: Seat): boolean {
  for (const piece of ofSeat(state.decks, seat)) if (belongsTo(piece, seat)) return true;
  for (const piece of ofSeat(state.decks, opponentOf(seat))) if (belongsTo(piece, seat)) return true;
  return false;
}

export function beginSwing(table: Table): void {
  const seat = table.state.mover;
  if (!canSwing(table.state, seat)) {
    if (table.events)
      emit(table, { type: 'nothingHappened', seat, face: 'swing', reason: 'no pirate can swing' });
    endTurn(table);
    return;
  }
  setPending(table, ask('swing', seat));
}

export function resolveSwing(table: Table, piece: number): void {
  const { state } = table;
  const seat = state.mover;
  const from = state.places[piece] === seat ? seat : opponentOf(seat);
  const to = opponentOf(from);
  removeFromDeck(ofSeat(state.decks, from), piece);
  ofSeat(state.decks, to).push(piece);
  state.places[piece] = to;
  if (to !== seat) state.boarded[piece] = true;
  if (table.events) emit(table, { type: 'swung', seat, piece, ship: to });
  endTurn(table);
}
