import { describe, expect, it } from 'vitest';
import {
  CARD_COUNT,
  createGame,
  DEFAULT_CARD_SET,
  describeEvent,
  eventsFor,
  type GameState,
  legalActions,
  PIECE_NAMES,
  PIECE_SET,
  RANK,
  type Seat,
  toAct,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, eventsOf, play, position, refused, theEvent } from '../positions.ts';

const MONKEY_FLAG_BARREL = ['monkey', 'flag', 'barrel'] as const;

/** A fresh game in setup, quick shots. */
function newGame(seed = 'setup', firstSeat?: Seat): GameState {
  return createGame({ seed, shots: 'quick', ...(firstSeat ? { firstSeat } : {}) });
}

/** Both seats set up: red puts pieces 0, 1, 2 on deck, blue 10, 11, 12. */
function setUp(state: GameState): { state: GameState; events: ReturnType<typeof act>['events'] } {
  return play(
    state,
    ['red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1, 2] }],
    ['blue', { type: 'setup', flags: ['flag', 'barrel', 'monkey'], deck: [10, 11, 12] }],
  );
}

describe('R1 pieces and setup', () => {
  it('R1.1 each seat owns the ten pieces of the rulebook: ids 0-9 red, 10-19 blue', () => {
    const state = newGame();
    const sorted = PIECE_SET.slice().sort();
    expect(state.kinds.slice(0, 10).sort()).toEqual(sorted);
    expect(state.kinds.slice(10).sort()).toEqual(sorted);
    expect(PIECE_SET.filter((k) => k === 'incisor')).toHaveLength(2);
    expect(PIECE_SET.filter((k) => k === 'earring')).toHaveLength(2);
    expect(RANK).toEqual({
      captain: 7,
      swashbuckler: 6,
      whip: 5,
      incisor: 4,
      earring: 3,
      bombcatcher: 2,
      adder: 1,
      bomb: null,
    });
    expect(PIECE_NAMES.captain).toBe('Captain Rodrick Redbeard');
    expect(PIECE_NAMES.bombcatcher).toBe('Boris Bomb-catcher');
  });

  it('R1.1 an id says nothing about a kind: the kinds are shuffled per game', () => {
    const orders = new Set(['a', 'b', 'c', 'd'].map((seed) => newGame(seed).kinds.join()));
    expect(orders.size).toBeGreaterThan(1);
    expect(newGame('a').kinds).toEqual(newGame('a').kinds);
  });

  it('R1.2 the flag order chosen at setup stays for the whole game', () => {
    const { state } = setUp(newGame());
    expect(state.flagSlots.red).toEqual(['monkey', 'flag', 'barrel']);
    expect(state.flagSlots.blue).toEqual(['flag', 'barrel', 'monkey']);
    // A Monkey found in an attempt goes back to the same slot; nothing is reshuffled.
    const p = position({
      mover: 'red',
      red: { boarding: ['whip'] },
      blue: { flags: ['monkey', 'barrel', 'flag'] },
      card: 'attack',
    });
    const after = play(
      p.state,
      ['red', { type: 'turnCard', card: 0 }],
      ['red', { type: 'raid', piece: p.id('red', 'whip') }],
      ['red', { type: 'turnFlag', slot: 0 }],
    );
    expect(after.state.flagSlots.blue).toEqual(['monkey', 'barrel', 'flag']);
  });

  it('R1.2 the three slots hold the Monkey, the Flag and the Powder Barrel, each once', () => {
    const state = newGame();
    const error = refused(
      state,
      'red',
      { type: 'setup', flags: ['flag', 'flag', 'monkey'], deck: [0, 1, 2] },
      'action/illegal',
    );
    expect(error.message).toContain('each once');
    refused(state, 'red', { type: 'setup', flags: ['flag', 'monkey'], deck: [0, 1, 2] }, 'action/malformed');
    refused(
      state,
      'red',
      { type: 'setup', flags: ['flag', 'monkey', 'gold'], deck: [0, 1, 2] },
      'action/malformed',
    );
  });

  it('R1.3 three pieces go on the own deck, the other seven are extras', () => {
    const { state } = setUp(newGame());
    expect(state.decks).toEqual({ red: [0, 1, 2], blue: [10, 11, 12] });
    expect(state.places.filter((p) => p === 'extras')).toHaveLength(14);
    expect(state.places.slice(3, 10).every((p) => p === 'extras')).toBe(true);
  });

  it('R1.3 the Bomb may be one of the three', () => {
    const state = newGame();
    const bomb = state.kinds.indexOf('bomb');
    const others = [0, 1, 2, 3].filter((id) => id !== bomb).slice(0, 2);
    const { state: after } = act(state, 'red', {
      type: 'setup',
      flags: MONKEY_FLAG_BARREL,
      deck: [bomb, ...others],
    });
    expect(after.places[bomb]).toBe('red');
  });

  it('R1.3 the deck is three different pieces of the own seat', () => {
    const state = newGame();
    refused(state, 'red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1] }, 'action/malformed');
    refused(state, 'red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1, 1] }, 'action/illegal');
    const error = refused(
      state,
      'red',
      { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1, 12] },
      'action/illegal',
    );
    expect(error.message).toBe('Your pieces are ids 0 to 9.');
    refused(state, 'blue', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 11, 12] }, 'action/illegal');
  });

  it('R1.3 the opponent sees how many pieces stand where, never their kinds', () => {
    const { state } = setUp(newGame());
    const blueSees = viewFor(state, 'blue').ships.red;
    expect(blueSees.deck.map((p) => p.id)).toEqual([0, 1, 2]);
    expect(blueSees.extras).toHaveLength(7);
    expect([...blueSees.deck, ...blueSees.extras].every((p) => p.kind === null)).toBe(true);
    const redSees = viewFor(state, 'red').ships.red;
    expect(redSees.deck.map((p) => p.kind)).toEqual(state.kinds.slice(0, 3));
  });

  it('R1.4 setup is simultaneous: either seat may set up first, and play starts when both have', () => {
    for (const first of ['red', 'blue'] as const) {
      const state = newGame('simultaneous', 'red');
      expect(toAct(state)).toEqual(['red', 'blue']);
      const second: Seat = first === 'red' ? 'blue' : 'red';
      const deckOf = (seat: Seat) => (seat === 'red' ? [0, 1, 2] : [10, 11, 12]);
      const one = act(state, first, { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: deckOf(first) });
      expect(one.state.phase).toBe('setup');
      expect(toAct(one.state)).toEqual([second]);
      expect(legalActions(one.state, first)).toEqual([]);
      const two = act(one.state, second, { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: deckOf(second) });
      expect(two.state.phase).toBe('play');
      expect(theEvent(two.events, 'started').first).toBe('red');
    }
  });

  it('R1.4 a setup is secret: only its own seat hears the flag order and the deck', () => {
    const { events } = act(newGame(), 'red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1, 2] });
    expect(theEvent(events, 'setupChosen').audience).toBe('red');
    expect(eventsOf(eventsFor(events, 'blue'), 'setupChosen')).toEqual([]);
    expect(eventsFor(events, 'blue').map((e) => describeEvent(e, 'blue'))).toEqual(['Red is ready.']);
    const chosen = theEvent(events, 'setupChosen');
    expect(describeEvent(chosen, 'red')).toBe(
      'You hid the flag cards (the Monkey, the Flag, the Powder Barrel, from the first slot to the last) and put three pirates on deck.',
    );
  });

  it('R1.4 a seat sets up once, and nothing but setups is taken before play', () => {
    const once = act(newGame(), 'red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [0, 1, 2] }).state;
    refused(
      once,
      'red',
      { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [3, 4, 5] },
      'action/not-your-turn',
    );
    refused(once, 'blue', { type: 'turnCard', card: 0 }, 'action/wrong-decision');
    refused(once, 'green', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [3, 4, 5] }, 'action/seat');
  });

  it('R1.5 the ten action cards lie in two rows of five, shuffled, each with a random face up', () => {
    const key = (sides: readonly string[]) => sides.join('/');
    const ups = new Set<number>();
    const orders = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const state = newGame(seed);
      expect(state.cards).toHaveLength(CARD_COUNT);
      expect(state.cards.map((c) => key(c.sides)).sort()).toEqual(DEFAULT_CARD_SET.map(key).sort());
      expect(state.cards.every((c) => !c.known && c.aside === null)).toBe(true);
      for (const card of state.cards) ups.add(card.up);
      orders.add(state.cards.map((c) => key(c.sides)).join());
    }
    expect(ups).toEqual(new Set([0, 1]));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('R1.6 a coin toss decides who starts: the shark gives red the first turn, the cheerful pirate blue', () => {
    const starters = new Set<Seat>();
    for (let i = 0; i < 40 && starters.size < 2; i++) {
      const { state, events } = setUp(newGame(`coin ${i}`));
      const coin = theEvent(events, 'coinTossed');
      expect(coin.for).toBe('start');
      const first: Seat = coin.side === 'shark' ? 'red' : 'blue';
      expect(state.mover).toBe(first);
      expect(state.pending).toEqual({ ask: 'turnCard', seat: first });
      expect(theEvent(events, 'started').first).toBe(first);
      starters.add(first);
    }
    expect(starters).toEqual(new Set(['red', 'blue']));
  });

  it('R1.6 the firstSeat option fixes who starts, with no coin', () => {
    for (const first of ['red', 'blue'] as const) {
      const { state, events } = setUp(newGame('fixed', first));
      expect(state.mover).toBe(first);
      expect(eventsOf(events, 'coinTossed')).toEqual([]);
    }
  });

  it('R1.7 each deck keeps its pieces in a stable order: the setup order, winners back in their place', () => {
    const state = newGame('order', 'red');
    const { state: ready } = play(
      state,
      ['red', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [7, 2, 5] }],
      ['blue', { type: 'setup', flags: MONKEY_FLAG_BARREL, deck: [10, 11, 12] }],
    );
    expect(ready.decks.red).toEqual([7, 2, 5]);
    const p = position({
      mover: 'red',
      red: { deck: ['earring', 'captain', 'incisor'] },
      blue: { boarding: ['whip'] },
      card: 'attack',
    });
    const captain = p.id('red', 'captain');
    const { state: after } = play(
      p.state,
      ['red', { type: 'turnCard', card: 0 }],
      ['red', { type: 'attack', attacker: captain, target: p.id('blue', 'whip') }],
    );
    expect(after.decks.red).toEqual([p.id('red', 'earring'), captain, p.id('red', 'incisor')]);
  });
});
