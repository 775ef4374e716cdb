import { describe, expect, it } from 'vitest';
import {
  CARD_FACES,
  type CardFace,
  type CardSides,
  createGame,
  DEFAULT_CARD_SET,
  FACE_COUNTS,
  newGame,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, cardShows, position } from '../positions.ts';

describe('R9 the action cards', () => {
  it('R9.1 ten double-sided cards, twenty faces: Attack x5, Swing x4, New Pirate x3, two of each other', () => {
    expect(DEFAULT_CARD_SET).toHaveLength(10);
    const counts = Object.fromEntries(CARD_FACES.map((face) => [face, 0])) as Record<CardFace, number>;
    for (const [a, b] of DEFAULT_CARD_SET) {
      counts[a] += 1;
      counts[b] += 1;
    }
    expect(counts).toEqual({
      attack: 5,
      swing: 4,
      newPirate: 3,
      shootSail: 2,
      shootSkull: 2,
      plank: 2,
      sleeping: 2,
    });
    expect(FACE_COUNTS).toEqual(counts);
  });

  it('R9.2 the default card set is the pairing of RULES.md', () => {
    expect(DEFAULT_CARD_SET).toEqual([
      ['attack', 'swing'],
      ['attack', 'newPirate'],
      ['attack', 'shootSail'],
      ['attack', 'shootSkull'],
      ['attack', 'plank'],
      ['swing', 'newPirate'],
      ['swing', 'sleeping'],
      ['swing', 'shootSail'],
      ['newPirate', 'plank'],
      ['shootSkull', 'sleeping'],
    ]);
  });

  it('R9.2 the card set is an option, so the real pairing can replace it', () => {
    const cardSet: CardSides[] = [
      ['attack', 'sleeping'],
      ['attack', 'swing'],
      ['attack', 'swing'],
      ['attack', 'newPirate'],
      ['attack', 'plank'],
      ['swing', 'shootSail'],
      ['swing', 'shootSkull'],
      ['newPirate', 'shootSail'],
      ['newPirate', 'shootSkull'],
      ['plank', 'sleeping'],
    ];
    const state = createGame({ seed: 'real cards', cardSet });
    const key = (sides: readonly string[]) => sides.join('/');
    expect(state.cards.map((c) => key(c.sides)).sort()).toEqual(cardSet.map(key).sort());
    for (const bad of [cardSet.slice(1), [...cardSet.slice(1), ['attack', 'gold']], 'default']) {
      const result = newGame({ seed: 'x', cardSet: bad });
      expect(result.ok ? 'accepted' : result.error.code).toBe('options/card-set');
    }
  });

  it('R9.3 the face up is public; the face down is unknown until the card is turned, then known to both', () => {
    const p = position({ mover: 'red', card: 'sleeping' });
    for (const viewer of ['red', 'blue', 'spectator'] as const) {
      const cards = viewFor(p.state, viewer).cards;
      expect(cards.map((c) => c.up)).toEqual(p.state.cards.map((c) => c.sides[c.up]));
      expect(cards.every((c) => c.down === null)).toBe(true);
    }
    const { state } = act(p.state, 'red', { type: 'turnCard', card: 0 });
    const card = state.cards[0];
    for (const viewer of ['red', 'blue', 'spectator'] as const) {
      const [view] = viewFor(state, viewer).cards;
      expect(view).toEqual({
        card: 0,
        up: 'sleeping',
        down: card?.sides.find((s) => s !== 'sleeping'),
        aside: null,
      });
    }
    // Turned back later, both faces stay known.
    const blueSlept = act(cardShows(state, 1, 'sleeping'), 'blue', { type: 'turnCard', card: 1 }).state;
    const turnedBack = act(blueSlept, 'red', { type: 'turnCard', card: 0 }).state;
    expect(viewFor(turnedBack, 'blue').cards[0]?.down).toBe('sleeping');
  });
});
