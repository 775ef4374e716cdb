/**
 * R2: a turn. The mover turns exactly one action card (R2.1), never the one the opponent turned just before
 * (R2.2) nor one set aside (R10.3); the face now up is carried out (R2.3, R3).
 */
import type { GameState } from '../state.ts';
import { CARD_COUNT, type CardFace } from '../vocabulary.ts';
import { beginAttack } from './attack.ts';
import { beginShootSail, beginShootSkull } from './cannon-shots.ts';
import { type ChoiceList, choice, TURN_CARD } from './choices.ts';
import { beginNewPirate } from './new-pirate.ts';
import { beginPlank } from './plank.ts';
import { beginSwing } from './swing.ts';
import { emit, ownCard, type Table } from './table.ts';
import { endTurn } from './turn-end.ts';

/**
 * The card choices by the bit mask of cards that may not be turned (set aside or just turned), made when
 * first needed: turning a card is most of a game's decisions, and sharing a list spares listing it.
 */
const choicesByBlocked: (Int32Array | undefined)[] = new Array(1 << CARD_COUNT).fill(undefined);

export function turnCardChoices(state: GameState, into: ChoiceList): void {
  const cards = state.cards;
  let blocked = state.lastTurned === null ? 0 : 1 << state.lastTurned;
  // Only the advanced variant sets cards aside (R10).
  if (state.rules.variant === 'advanced') {
    for (let index = 0; index < CARD_COUNT; index++) if (cards[index]?.aside !== null) blocked |= 1 << index;
  }
  let codes = choicesByBlocked[blocked];
  if (codes === undefined) {
    const open: number[] = [];
    for (let index = 0; index < CARD_COUNT; index++)
      if ((blocked & (1 << index)) === 0) open.push(choice(TURN_CARD, index));
    codes = Int32Array.from(open);
    choicesByBlocked[blocked] = codes;
  }
  into.share(codes);
}

/** Why card `index` may not be turned now, or null. */
export function turnCardRefusal(state: GameState, index: number): string | null {
  const card = state.cards[index];
  if (!card) return `There is no action card ${index}; the cards are 0 to 9.`;
  if (card.aside !== null) return `Card ${index} is set aside in front of ${card.aside} this turn (R10.3).`;
  if (index === state.lastTurned)
    return `Card ${index} was turned in the turn just before; turn another card (R2.2).`;
  return null;
}

export function resolveTurnCard(table: Table, index: number): void {
  const { state } = table;
  // The table's own copy: card objects are shared between states (state.ts, `cloneState`).
  const card = ownCard(table, index);
  if (!card) return;
  card.up = card.up === 0 ? 1 : 0;
  card.known = true;
  state.current = index;
  const face = card.sides[card.up];
  const back = card.sides[card.up === 0 ? 1 : 0];
  if (table.events) emit(table, { type: 'cardTurned', seat: state.mover, card: index, face, back });
  carryOut(table, face);
}

/** R3: carry out the face now up. */
function carryOut(table: Table, face: CardFace): void {
  switch (face) {
    case 'attack':
      return beginAttack(table);
    case 'swing':
      return beginSwing(table);
    case 'newPirate':
      return beginNewPirate(table);
    case 'shootSail':
      return beginShootSail(table);
    case 'shootSkull':
      return beginShootSkull(table);
    case 'plank':
      return beginPlank(table);
    case 'sleeping':
      // R3.5: the pirates are asleep.
      if (table.events)
        emit(table, {
          type: 'nothingHappened',
          seat: table.state.mover,
          face,
          reason: 'the pirates are asleep',
        });
      return endTurn(table);
  }
}

/** The face of the card turned this turn (for 'declined' events). */
export function currentFace(state: GameState): CardFace {
  const card = state.current === null ? undefined : state.cards[state.current];
  return card ? card.sides[card.up] : 'sleeping';
}
