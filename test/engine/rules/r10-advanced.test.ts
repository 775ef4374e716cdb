import { describe, expect, it } from 'vitest';
import {
  describeEvent,
  type GameState,
  legalActions,
  type Seat,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, cardShows, position, refused, theEvent } from '../positions.ts';

/** The advanced variant with empty decks and shots that never hit, so every card is quickly done. */
function advanced(): GameState {
  return position({ mover: 'red', options: { variant: 'advanced', quickOdds: { sail: 0, skull: 0 } } }).state;
}

/** Turns `card` and, if the face offers a choice, declines it. */
function turn(state: GameState, seat: Seat, card: number) {
  const turned = act(state, seat, { type: 'turnCard', card });
  if (turned.state.pending.ask === 'turnCard') return turned;
  const passed = act(turned.state, seat, { type: 'pass' });
  return { state: passed.state, events: [...turned.events, ...passed.events] };
}

const inPlay = (state: GameState) => state.cards.filter((c) => c.aside === null).length;

describe('R10 advanced variant', () => {
  it('R10.1 after carrying out its card the seat sets it in front of itself, out of play, face unchanged', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['whip'] },
      card: 'swing',
      options: { variant: 'advanced' },
    });
    const turned = act(p.state, 'red', { type: 'turnCard', card: 0 }).state;
    // Not before the action is carried out.
    expect(turned.cards[0]?.aside).toBeNull();
    const { state, events } = act(turned, 'red', { type: 'swing', piece: p.id('red', 'whip') });
    expect(state.cards[0]).toEqual({ ...turned.cards[0], aside: 'red' });
    expect(state.aside).toEqual({ red: 0, blue: null });
    const aside = theEvent(events, 'cardSetAside');
    expect(aside).toMatchObject({ seat: 'red', card: 0 });
    expect(describeEvent(aside, 'blue')).toBe('Red set card 1 aside.');
    expect(viewFor(state, 'blue').cards[0]).toMatchObject({ up: 'swing', aside: 'red' });
  });

  it('R10.2 from the second turn on, the card from the previous turn comes back, face unchanged: 10, 9, then 8 cards', () => {
    let state = advanced();
    expect(inPlay(state)).toBe(10);
    state = turn(state, 'red', 0).state;
    expect(inPlay(state)).toBe(9);
    state = turn(state, 'blue', 1).state;
    expect(inPlay(state)).toBe(8);
    const upBefore = state.cards[0]?.up;
    const red2 = turn(state, 'red', 2);
    expect(inPlay(red2.state)).toBe(8);
    expect(red2.state.cards[0]).toMatchObject({ aside: null, up: upBefore });
    expect(red2.state.cards[2]?.aside).toBe('red');
    expect(red2.state.aside).toEqual({ red: 2, blue: 1 });
    const back = theEvent(red2.events, 'cardReturned');
    expect(back).toMatchObject({ seat: 'red', card: 0 });
    expect(describeEvent(back, 'blue')).toBe('Card 1 is back in play.');
    const blue2 = turn(red2.state, 'blue', 3).state;
    expect(inPlay(blue2)).toBe(8);
    expect(blue2.cards[1]?.aside).toBeNull();
    expect(blue2.aside).toEqual({ red: 2, blue: 3 });
  });

  it('R10.3 cards set aside cannot be turned; R2.2 is then met by itself', () => {
    const afterRed = turn(advanced(), 'red', 5).state;
    const error = refused(afterRed, 'blue', { type: 'turnCard', card: 5 }, 'action/illegal');
    expect(error.message).toBe('Card 5 is set aside in front of red this turn (R10.3).');
    const afterBlue = turn(afterRed, 'blue', 6).state;
    // Red's own card 5 and blue's card 6 are both aside: red has eight cards to choose from.
    refused(afterBlue, 'red', { type: 'turnCard', card: 5 }, 'action/illegal');
    refused(afterBlue, 'red', { type: 'turnCard', card: 6 }, 'action/illegal');
    const cards = legalActions(afterBlue, 'red').map((a) => (a.type === 'turnCard' ? a.card : -1));
    expect(cards).toEqual([0, 1, 2, 3, 4, 7, 8, 9]);
  });

  it('R10.3 the standard variant never sets cards aside', () => {
    const p = position({ mover: 'red', card: 'sleeping' });
    const { state, events } = act(cardShows(p.state, 0, 'sleeping'), 'red', { type: 'turnCard', card: 0 });
    expect(state.cards.every((c) => c.aside === null)).toBe(true);
    expect(events.map((e) => e.type)).not.toContain('cardSetAside');
  });
});
