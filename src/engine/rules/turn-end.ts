/**
 * R2.3: the turn passes once the card's action is carried out. R10: in the advanced variant the card just
 * used is set aside and the seat's previous one returns. R7.2: the turn limit ends the game in a draw.
 */
import { opponentOf } from '../vocabulary.ts';
import { finish } from './game-end.ts';
import { ask, emit, ownCard, type Table } from './table.ts';

export function endTurn(table: Table): void {
  const { state } = table;
  const mover = state.mover;
  const card = state.current;
  if (state.rules.variant === 'advanced' && card !== null) {
    const previous = state.aside[mover];
    // The table's own copies: cards are shared between states (state.ts, `cloneState`).
    const turned = ownCard(table, card);
    if (turned) turned.aside = mover;
    state.aside[mover] = card;
    if (table.events) emit(table, { type: 'cardSetAside', seat: mover, card });
    if (previous !== null) {
      const back = ownCard(table, previous);
      if (back) back.aside = null;
      if (table.events) emit(table, { type: 'cardReturned', seat: mover, card: previous });
    }
  }
  state.lastTurned = card;
  state.current = null;
  state.turn += 1;
  if (table.events) emit(table, { type: 'turnEnded', seat: mover, turn: state.turn });
  const limit = state.rules.turnLimit;
  if (limit !== null && state.turn >= limit) {
    finish(table, null, 'turnLimit', `The turn limit of ${limit} turns was reached: the game is a draw.`);
    return;
  }
  const next = opponentOf(mover);
  state.mover = next;
  state.pending = ask('turnCard', next);
}
