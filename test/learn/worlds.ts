/** What the tests of resampled worlds share: a card set that tries the deal's corners, and the deal check. */
import type { ActionCard, CardSides } from '../../src/engine/index.ts';

/** A card set other than R9.2's: two cards alike, and two whose faces are the same (both sides show the one face). */
export const ODD_CARD_SET: readonly CardSides[] = [
  ['attack', 'swing'],
  ['attack', 'swing'],
  ['attack', 'attack'],
  ['newPirate', 'plank'],
  ['shootSail', 'shootSkull'],
  ['sleeping', 'sleeping'],
  ['swing', 'newPirate'],
  ['attack', 'shootSail'],
  ['plank', 'shootSkull'],
  ['swing', 'newPirate'],
];

/** Is the table a deal of the card set: every card a card of the set, all ten of them? */
export function dealProblem(cards: readonly ActionCard[], cardSet: readonly CardSides[]): string | null {
  if (cards.length === 0) return null;
  const key = (sides: readonly string[]) => sides.slice().sort().join('/');
  const left = cardSet.map(key);
  for (const [i, card] of cards.entries()) {
    const at = left.indexOf(key(card.sides));
    if (at < 0) return `card ${i} (${card.sides.join('/')}) is not a card of the set left`;
    left.splice(at, 1);
  }
  return left.length === 0 ? null : `the table leaves out ${left.join(', ')}`;
}
