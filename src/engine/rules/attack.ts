/**
 * R3.7: Attack! The mover battles (R4) with one of its pieces (not the Bomb) against an enemy piece on the
 * same deck, on either ship. Or, when it has a piece on the enemy deck and the enemy has no piece of its
 * own there (R5.1; the Bomb defends, enemy boarders do not), it raids: a flag attempt (R6) with that piece.
 */
import type { Action } from '../actions.ts';
import type { GameState } from '../state.ts';
import { opponentOf, SEATS, type Seat } from '../vocabulary.ts';
import { battle } from './battle.ts';
import { beginFlagAttempt } from './flag.ts';
import { emit, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

function owns(seat: Seat, piece: number): boolean {
  return piece < 10 === (seat === 'red');
}

export function attackChoices(state: GameState, seat: Seat): Action[] {
  const choices: Action[] = [];
  for (const ship of SEATS) {
    const deck = state.decks[ship];
    for (const attacker of deck) {
      if (!owns(seat, attacker) || state.kinds[attacker] === 'bomb') continue;
      for (const target of deck) {
        if (!owns(seat, target)) choices.push({ type: 'attack', attacker, target });
      }
    }
  }
  const enemy = opponentOf(seat);
  const enemyDeck = state.decks[enemy];
  if (!enemyDeck.some((piece) => owns(enemy, piece))) {
    for (const piece of enemyDeck) choices.push({ type: 'raid', piece });
  }
  return choices;
}

export function beginAttack(table: Table): void {
  const { state } = table;
  const seat = state.mover;
  // R11.3: judged on what the opponent sees; skipping because the only piece facing an enemy is the Bomb
  // would betray it.
  const facesEnemy = SEATS.some(
    (ship) => state.decks[ship].some((p) => owns(seat, p)) && state.decks[ship].some((p) => !owns(seat, p)),
  );
  if (attackChoices(state, seat).length === 0 && !facesEnemy) {
    emit(table, { type: 'nothingHappened', seat, face: 'attack', reason: 'no pirate can attack' });
    endTurn(table);
    return;
  }
  setPending(table, { ask: 'attack', seat });
}

export function resolveAttack(table: Table, attacker: number, target: number): void {
  battle(table, table.state.mover, attacker, target);
  endTurn(table);
}

export function resolveRaid(table: Table, piece: number): void {
  beginFlagAttempt(table, table.state.mover, piece);
}
