/**
 * R3.7: Attack! The mover battles (R4) with one of its pieces (not the Bomb) against an enemy piece on the
 * same deck, on either ship. Or, when it has a piece on the enemy deck and the enemy has no piece of its
 * own there (R5.1; the Bomb defends, enemy boarders do not), it raids: a flag attempt (R6) with that piece.
 */
import { belongsTo, type GameState } from '../state.ts';
import { ofSeat, opponentOf, type Seat } from '../vocabulary.ts';
import { battle } from './battle.ts';
import { attackChoice, type ChoiceList, choice, RAID } from './choices.ts';
import { beginFlagAttempt } from './flag.ts';
import { ask, emit, setPending, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

export function attackChoices(state: GameState, seat: Seat, into: ChoiceList): void {
  battleChoices(state, seat, state.decks.red, into);
  battleChoices(state, seat, state.decks.blue, into);
  const enemy = opponentOf(seat);
  const enemyDeck = ofSeat(state.decks, enemy);
  if (!defended(enemy, enemyDeck)) {
    for (const piece of enemyDeck) into.push(choice(RAID, piece));
  }
}

/** R5.1: does `owner` have a piece of its own on its deck? A loop, not `some` with a closure, on a hot path. */
function defended(owner: Seat, deck: readonly number[]): boolean {
  for (const piece of deck) if (belongsTo(piece, owner)) return true;
  return false;
}

/** The battles `seat` may start on one deck: each of its pieces but the Bomb against each enemy piece there. */
function battleChoices(state: GameState, seat: Seat, deck: readonly number[], into: ChoiceList): void {
  for (const attacker of deck) {
    if (!belongsTo(attacker, seat) || state.kinds[attacker] === 'bomb') continue;
    for (const target of deck) {
      if (!belongsTo(target, seat)) into.push(attackChoice(attacker, target));
    }
  }
}

/** Does `deck` hold pieces of both seats? */
function facing(seat: Seat, deck: readonly number[]): boolean {
  let attackers = false;
  let targets = false;
  for (const piece of deck) {
    if (!belongsTo(piece, seat)) targets = true;
    else attackers = true;
  }
  return attackers && targets;
}

/**
 * Is there any battle or raid for `seat`, as far as the opponent can see? R11.3: a piece facing an enemy
 * counts even if it is the Bomb (which may only pass), or skipping the card would betray the Bomb.
 */
function canAttack(state: GameState, seat: Seat): boolean {
  if (facing(seat, state.decks.red) || facing(seat, state.decks.blue)) return true;
  const enemy = opponentOf(seat);
  const enemyDeck = ofSeat(state.decks, enemy);
  return enemyDeck.length > 0 && !defended(enemy, enemyDeck);
}

export function beginAttack(table: Table): void {
  const seat = table.state.mover;
  if (!canAttack(table.state, seat)) {
    if (table.events)
      emit(table, { type: 'nothingHappened', seat, face: 'attack', reason: 'no pirate can attack' });
    endTurn(table);
    return;
  }
  setPending(table, ask('attack', seat));
}

export function resolveAttack(table: Table, attacker: number, target: number): void {
  battle(table, table.state.mover, attacker, target);
  endTurn(table);
}

export function resolveRaid(table: Table, piece: number): void {
  beginFlagAttempt(table, table.state.mover, piece);
}
