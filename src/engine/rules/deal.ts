/**
 * R1.5 and docs/fairness.md: the seats' contributions, then the deal of the action cards. In a 'seats' game
 * each seat gives its own entropy first (the page or the server does it for the player, unseen); once both
 * have, the game key is derived and the cards are laid out from it, so the layout on the table while the
 * seats set up is chance that neither the server nor a seat chose alone.
 */
import { chanceOf, type Draws, isContribution, withContribution } from '../chance.ts';
import { shuffleInPlace } from '../random.ts';
import type { ActionCard, GameState } from '../state.ts';
import type { Seat } from '../vocabulary.ts';
import type { Table } from './table.ts';

/** R1.5: the ten cards in a shuffled order, each with a random side up. */
export function dealCards(state: GameState, draws: Draws): void {
  const { cardSet } = state.rules;
  const order = shuffleInPlace(
    cardSet.map((_, i) => i),
    draws,
  );
  const cards: ActionCard[] = [];
  for (const i of order) {
    const sides = cardSet[i];
    if (sides === undefined) throw new Error(`deal: the card set has no card ${i}`);
    cards.push({ sides, up: draws.int(2) === 0 ? 0 : 1, known: false, aside: null });
  }
  state.cards = cards;
}

/** The seats that still owe a contribution, in seat order. */
export function seatsToContribute(state: GameState): Seat[] {
  const { chance } = state;
  if (chance.generator !== 'chacha20') return [];
  const seats: Seat[] = [];
  if (chance.contributions.red === null) seats.push('red');
  if (chance.contributions.blue === null) seats.push('blue');
  return seats;
}

/** Why this contribution cannot be taken, or null. */
export function contributeRefusal(entropy: string): string | null {
  return isContribution(entropy)
    ? null
    : 'A contribution is 32 to 128 lowercase hex digits of your own entropy (docs/fairness.md).';
}

/** Takes a seat's contribution; the second one derives the game key, deals the cards and starts setup. */
export function resolveContribute(table: Table, seat: Seat, entropy: string): void {
  const { state } = table;
  if (state.chance.generator !== 'chacha20') return;
  const chance = withContribution(state.chance, state.rules.seed, seat, entropy);
  state.chance = chance;
  if (chance.key === null) return;
  dealCards(state, chanceOf(chance).draws('cards'));
  state.pending = SETUP;
}

const SETUP = Object.freeze({ ask: 'setup' as const });
