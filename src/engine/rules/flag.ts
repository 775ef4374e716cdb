/**
 * R6: a flag attempt. The attempting seat turns one of the enemy's three flag cards; it is shown to both
 * for good (R6.5). Monkey: nothing. Powder Barrel: the boarding piece used leaves play (nothing after a
 * shot). Flag: the attempting seat wins (R6.4, R7.1).
 */
import { ofSeat, opponentOf, SEAT_NAMES, type Seat } from '../vocabulary.ts';
import { type ChoiceList, choice, PASS, TURN_FLAG } from './choices.ts';
import { finish } from './game-end.ts';
import { emit, ownFlagsShown, removeFromPlay, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

/** Any of the enemy's three flag cards (R6.1), or decline the attempt (R2.5). */
export function turnFlagChoices(into: ChoiceList): void {
  for (let slot = 0; slot < 3; slot++) into.push(choice(TURN_FLAG, slot));
  into.push(choice(PASS, 0));
}

/** R5: `seat` has earned an attempt, by boarding with `raider` or by the cannon (null). */
export function beginFlagAttempt(table: Table, seat: Seat, raider: number | null): void {
  if (table.events) emit(table, { type: 'flagAttempt', seat, raider });
  setPending(table, { ask: 'turnFlag', seat, raider });
}

export function resolveTurnFlag(table: Table, seat: Seat, raider: number | null, slot: number): void {
  const { state } = table;
  const owner = opponentOf(seat);
  const card = ofSeat(state.flagSlots, owner)[slot] ?? 'monkey';
  // The table's own copy: the flags shown are shared between states (state.ts, `cloneState`).
  ownFlagsShown(table, owner)[slot] = true;
  if (table.events) emit(table, { type: 'flagCardTurned', seat, owner, slot, card });
  switch (card) {
    case 'flag':
      finish(table, seat, 'flag', `${SEAT_NAMES[seat]} captured ${SEAT_NAMES[owner]}'s flag.`);
      return;
    case 'barrel':
      if (raider !== null) removeFromPlay(table, raider, 'barrel');
      endTurn(table);
      return;
    case 'monkey':
      endTurn(table);
      return;
  }
}
