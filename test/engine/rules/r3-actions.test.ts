import { describe, expect, it } from 'vitest';
import {
  type Action,
  describeEvent,
  describePending,
  legalActions,
  type QuickOdds,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, eventsOf, play, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };
const HIT: QuickOdds = { sail: 1, skull: 1 };
const MISS: QuickOdds = { sail: 0, skull: 0 };

const pieces = (actions: readonly Action[]) =>
  actions.map((a) => ('piece' in a ? a.piece : -1)).sort((a, b) => a - b);

describe('R3.1 shoot through the hole in the sail', () => {
  const table = (odds: QuickOdds) =>
    position({
      mover: 'red',
      red: { deck: ['captain'] },
      blue: { deck: ['bomb', 'earring'], boarding: ['whip'] },
      card: 'shootSail',
      options: { quickOdds: odds },
    });

  it('R3.1 on a hit the enemy chooses one of its own pieces on either deck, the Bomb included, extras not', () => {
    const p = table(HIT);
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(theEvent(events, 'shot')).toMatchObject({ seat: 'red', target: 'sail', hit: true, aim: null });
    expect(state.pending).toEqual({ ask: 'losePiece', seat: 'blue' });
    const expected = [p.id('blue', 'bomb'), p.id('blue', 'earring'), p.id('blue', 'whip')];
    expect(pieces(legalActions(state, 'blue'))).toEqual(expected.sort((a, b) => a - b));
    expect(legalActions(state, 'red')).toEqual([]);
    const { state: after, events: outEvents } = act(state, 'blue', {
      type: 'losePiece',
      piece: p.id('blue', 'whip'),
    });
    expect(theEvent(outEvents, 'pieceOut')).toMatchObject({
      piece: p.id('blue', 'whip'),
      kind: 'whip',
      cause: 'sail',
    });
    expect(describeEvent(theEvent(outEvents, 'pieceOut'), 'red')).toBe(
      "Blue's Walter Whip (5) was given up after the sail hit and is out of play.",
    );
    expect(after.places[p.id('blue', 'whip')]).toBe('out');
    expect(after.mover).toBe('blue');
  });

  it('R3.1 only the hit seat chooses, and only its own pieces on a deck', () => {
    const p = table(HIT);
    const { state } = act(p.state, 'red', TURN_CARD_0);
    refused(state, 'red', { type: 'losePiece', piece: p.id('blue', 'bomb') }, 'action/not-your-turn');
    refused(state, 'blue', { type: 'losePiece', piece: p.id('red', 'captain') }, 'action/illegal');
    refused(state, 'blue', { type: 'losePiece', piece: p.id('blue', 'adder') }, 'action/illegal');
    refused(state, 'blue', { type: 'losePiece', piece: 20 }, 'action/malformed');
  });

  it('R3.1 a single piece to give up goes at once', () => {
    const p = position({
      mover: 'blue',
      red: { deck: ['adder'] },
      card: 'shootSail',
      options: { quickOdds: HIT },
    });
    const { state } = act(p.state, 'blue', TURN_CARD_0);
    expect(state.places[p.id('red', 'adder')]).toBe('out');
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'red' });
  });

  it('R3.1 a miss costs nothing', () => {
    const p = table(MISS);
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(describeEvent(theEvent(events, 'shot'), 'blue')).toBe(
      'Red fired at the hole in the sail: a miss.',
    );
    expect(state.places).toEqual(p.state.places);
    expect(state.mover).toBe('blue');
  });

  it('R3.1 with no enemy piece on either deck a hit gives a flag attempt instead', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['captain'] },
      card: 'shootSail',
      options: { quickOdds: HIT },
    });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(theEvent(events, 'flagAttempt')).toMatchObject({ seat: 'red', raider: null });
    expect(state.pending).toEqual({ ask: 'turnFlag', seat: 'red', raider: null });
  });
});

describe('R3.2 shoot at the skull', () => {
  const table = (odds: QuickOdds, random?: string) =>
    position({
      mover: 'red',
      red: { deck: ['whip'] },
      blue: { deck: ['captain', 'bomb'], boarding: ['earring'] },
      card: 'shootSkull',
      options: { quickOdds: odds },
      ...(random === undefined ? {} : { random }),
    });

  it('R3.2 the shooter chooses an enemy piece on either deck for the hatch; a hit takes it out of play', () => {
    const p = table(HIT);
    const turned = act(p.state, 'red', TURN_CARD_0);
    expect(turned.state.pending).toEqual({ ask: 'hatch', seat: 'red' });
    const enemy = [p.id('blue', 'captain'), p.id('blue', 'bomb'), p.id('blue', 'earring')];
    expect(pieces(legalActions(turned.state, 'red'))).toEqual(enemy.sort((a, b) => a - b));
    const earring = p.id('blue', 'earring');
    const { state, events } = act(turned.state, 'red', { type: 'hatch', piece: earring });
    expect(describeEvent(theEvent(events, 'onHatch'), 'blue')).toBe(
      'Red put a blue pirate on the hatch above the skull.',
    );
    expect(theEvent(events, 'shot')).toMatchObject({ target: 'skull', hit: true });
    expect(theEvent(events, 'pieceOut')).toMatchObject({ piece: earring, cause: 'skull' });
    expect(state.places[earring]).toBe('out');
    expect(state.decks.red).toEqual([p.id('red', 'whip')]);
  });

  it('R3.2 a miss returns the piece to its place, still unknown', () => {
    const p = table(MISS);
    const captain = p.id('blue', 'captain');
    const { state, events } = play(p.state, ['red', TURN_CARD_0], ['red', { type: 'hatch', piece: captain }]);
    expect(theEvent(events, 'pieceReturned')).toMatchObject({ piece: captain, from: 'hatch' });
    expect(state.decks).toEqual(p.state.decks);
    expect(state.shown[captain]).toBe(false);
  });

  it('R3.2 the shooter may only put an enemy piece on a deck on the hatch', () => {
    const { state } = act(table(HIT).state, 'red', TURN_CARD_0);
    const p = table(HIT);
    refused(state, 'red', { type: 'hatch', piece: p.id('red', 'whip') }, 'action/illegal');
    refused(state, 'red', { type: 'hatch', piece: p.id('blue', 'adder') }, 'action/illegal');
    refused(state, 'blue', { type: 'hatch', piece: p.id('blue', 'captain') }, 'action/not-your-turn');
  });

  it('R3.2 a single enemy piece goes on the hatch at once', () => {
    const p = position({
      mover: 'red',
      blue: { boarding: ['adder'] },
      card: 'shootSkull',
      options: { quickOdds: HIT },
    });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(theEvent(events, 'onHatch').piece).toBe(p.id('blue', 'adder'));
    expect(state.places[p.id('blue', 'adder')]).toBe('out');
  });

  it('R3.2 with no enemy piece on either deck the shooter fires at the empty hatch: a hit gives a flag attempt', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['whip'] },
      card: 'shootSkull',
      options: { quickOdds: HIT },
    });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(eventsOf(events, 'onHatch')).toEqual([]);
    expect(state.pending).toEqual({ ask: 'turnFlag', seat: 'red', raider: null });
    const miss = position({ mover: 'red', card: 'shootSkull', options: { quickOdds: MISS } });
    expect(act(miss.state, 'red', TURN_CARD_0).state.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });
});

describe('R3.3 new pirate', () => {
  it('R3.3 the seat puts one of its extras on its own deck', () => {
    const p = position({ mover: 'blue', blue: { deck: ['whip'] }, card: 'newPirate' });
    const turned = act(p.state, 'blue', TURN_CARD_0).state;
    expect(turned.pending).toEqual({ ask: 'newPirate', seat: 'blue' });
    expect(legalActions(turned, 'blue')).toHaveLength(9 + 1);
    const captain = p.id('blue', 'captain');
    const { state, events } = act(turned, 'blue', { type: 'newPirate', piece: captain });
    expect(state.decks.blue).toEqual([p.id('blue', 'whip'), captain]);
    expect(describeEvent(theEvent(events, 'newPirate'), 'red')).toBe('Blue brought a new pirate on deck.');
    refused(turned, 'blue', { type: 'newPirate', piece: p.id('blue', 'whip') }, 'action/illegal');
    refused(turned, 'blue', { type: 'newPirate', piece: p.id('red', 'whip') }, 'action/illegal');
  });

  it('R3.3 there is no deck limit', () => {
    const many = [
      'captain',
      'swashbuckler',
      'whip',
      'incisor',
      'incisor',
      'earring',
      'earring',
      'adder',
      'bomb',
    ] as const;
    const p = position({ mover: 'red', red: { deck: [...many] }, card: 'newPirate' });
    const { state } = play(
      p.state,
      ['red', TURN_CARD_0],
      ['red', { type: 'newPirate', piece: p.id('red', 'bombcatcher') }],
    );
    expect(state.decks.red).toHaveLength(10);
  });
});

describe('R3.4 swing onto the other ship', () => {
  const table = () =>
    position({
      mover: 'red',
      red: { deck: ['bomb', 'whip'], boarding: ['earring'] },
      blue: { deck: ['captain'] },
      card: 'swing',
    });

  it('R3.4 a piece swings from the own deck to the enemy deck, or from the enemy deck home', () => {
    const p = table();
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    expect(pieces(legalActions(turned, 'red'))).toEqual(
      [p.id('red', 'whip'), p.id('red', 'earring'), -1].sort((a, b) => a - b),
    );
    const whip = p.id('red', 'whip');
    const over = act(turned, 'red', { type: 'swing', piece: whip });
    expect(over.state.decks.blue).toEqual([p.id('blue', 'captain'), p.id('red', 'earring'), whip]);
    expect(over.state.boarded[whip]).toBe(true);
    expect(describeEvent(theEvent(over.events, 'swung'), 'blue')).toBe(
      'Red swung a pirate onto the blue ship.',
    );
    const earring = p.id('red', 'earring');
    const home = act(turned, 'red', { type: 'swing', piece: earring });
    expect(home.state.decks.red).toEqual([p.id('red', 'bomb'), whip, earring]);
    expect(describeEvent(theEvent(home.events, 'swung'), 'blue')).toBe(
      'Red swung a pirate back onto its own ship.',
    );
  });

  it('R3.4 the Bomb never goes to the enemy deck, and enemy pieces do not swing', () => {
    const p = table();
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    const error = refused(turned, 'red', { type: 'swing', piece: p.id('red', 'bomb') }, 'action/illegal');
    expect(error.message).toContain('not the Bomb');
    refused(turned, 'red', { type: 'swing', piece: p.id('blue', 'captain') }, 'action/illegal');
    refused(turned, 'red', { type: 'swing', piece: p.id('red', 'adder') }, 'action/illegal');
  });
});

describe('R3.5 sleeping pirates', () => {
  it('R3.5 nothing happens', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['whip'] },
      blue: { boarding: ['adder'] },
      card: 'sleeping',
    });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(theEvent(events, 'nothingHappened').reason).toBe('the pirates are asleep');
    expect(state.places).toEqual(p.state.places);
    expect(state.chance).toEqual(p.state.chance);
    expect(state.mover).toBe('blue');
  });
});

describe('R3.6 the plank', () => {
  const table = (random = 'plank') =>
    position({
      mover: 'red',
      red: { deck: ['captain', 'whip'], boarding: ['earring'] },
      blue: { deck: ['adder'] },
      card: 'plank',
      random,
    });

  it("R3.6 the opponent chooses one of the turning seat's pieces on either deck", () => {
    const p = table();
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    expect(turned.pending).toEqual({ ask: 'plank', seat: 'blue' });
    expect(describePending(turned)).toBe("Blue must choose one of Red's pirates for the plank.");
    expect(pieces(legalActions(turned, 'blue'))).toEqual(
      [p.id('red', 'captain'), p.id('red', 'whip'), p.id('red', 'earring')].sort((a, b) => a - b),
    );
    refused(turned, 'red', { type: 'plank', piece: p.id('red', 'whip') }, 'action/not-your-turn');
    refused(turned, 'blue', { type: 'plank', piece: p.id('blue', 'adder') }, 'action/illegal');
    refused(turned, 'blue', { type: 'plank', piece: p.id('red', 'adder') }, 'action/illegal');
  });

  it('R3.6 a coin decides: the shark takes the pirate out of play, the cheerful pirate returns it to its place', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50 && seen.size < 2; i++) {
      const p = table(`plank ${i}`);
      const whip = p.id('red', 'whip');
      const { state, events } = play(p.state, ['red', TURN_CARD_0], ['blue', { type: 'plank', piece: whip }]);
      expect(describeEvent(theEvent(events, 'onPlank'), 'red')).toBe('Blue put a red pirate on the plank.');
      const coin = theEvent(events, 'coinTossed');
      expect(coin.for).toBe('plank');
      seen.add(coin.side);
      if (coin.side === 'shark') {
        expect(theEvent(events, 'pieceOut')).toMatchObject({ piece: whip, cause: 'plank' });
        expect(state.places[whip]).toBe('out');
        expect(describeEvent(coin, 'red')).toBe('The coin shows the shark: the pirate goes overboard.');
      } else {
        expect(theEvent(events, 'pieceReturned')).toMatchObject({ piece: whip, from: 'plank' });
        expect(state.decks).toEqual(p.state.decks);
        expect(state.shown[whip]).toBe(false);
        expect(describeEvent(coin, 'red')).toBe('The coin shows the cheerful pirate: the pirate is saved.');
      }
      expect(state.mover).toBe('blue');
    }
    expect(seen).toEqual(new Set(['shark', 'pirate']));
  });

  it('R3.6 a single piece goes on the plank at once', () => {
    const p = position({ mover: 'blue', blue: { boarding: ['whip'] }, card: 'plank' });
    const { state, events } = act(p.state, 'blue', TURN_CARD_0);
    expect(theEvent(events, 'onPlank')).toMatchObject({ chooser: 'red', piece: p.id('blue', 'whip') });
    expect(eventsOf(events, 'coinTossed')).toHaveLength(1);
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'red' });
  });
});

describe('R3.7 attack', () => {
  const table = () =>
    position({
      mover: 'red',
      red: { deck: ['whip', 'bomb'], boarding: ['captain'] },
      blue: { deck: ['earring'], boarding: ['incisor'] },
      card: 'attack',
    });

  it('R3.7 a piece attacks an enemy piece on the same deck, on either ship; the Bomb never attacks', () => {
    const p = table();
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    expect(turned.pending).toEqual({ ask: 'attack', seat: 'red' });
    const attacks = legalActions(turned, 'red').map((a) =>
      a.type === 'attack' ? `${a.attacker}>${a.target}` : a.type,
    );
    expect(attacks.sort()).toEqual(
      [
        `${p.id('red', 'whip')}>${p.id('blue', 'incisor')}`,
        `${p.id('red', 'captain')}>${p.id('blue', 'earring')}`,
        'pass',
      ].sort(),
    );
    const error = refused(
      turned,
      'red',
      { type: 'attack', attacker: p.id('red', 'bomb'), target: p.id('blue', 'incisor') },
      'action/illegal',
    );
    expect(error.message).toContain('not the Bomb');
    // Not across ships, not an own piece, not with an enemy piece.
    refused(
      turned,
      'red',
      { type: 'attack', attacker: p.id('red', 'whip'), target: p.id('blue', 'earring') },
      'action/illegal',
    );
    refused(
      turned,
      'red',
      { type: 'attack', attacker: p.id('red', 'whip'), target: p.id('red', 'bomb') },
      'action/illegal',
    );
    refused(
      turned,
      'red',
      { type: 'attack', attacker: p.id('blue', 'incisor'), target: p.id('red', 'whip') },
      'action/illegal',
    );
    refused(
      turned,
      'blue',
      { type: 'attack', attacker: p.id('blue', 'incisor'), target: p.id('red', 'whip') },
      'action/not-your-turn',
    );
  });

  it('R3.7 one card gives one battle, never a battle and then a flag attempt', () => {
    const p = table();
    const { state, events } = play(
      p.state,
      ['red', TURN_CARD_0],
      ['red', { type: 'attack', attacker: p.id('red', 'captain'), target: p.id('blue', 'earring') }],
    );
    // The blue deck is now undefended, but the card is spent.
    expect(state.decks.blue).toEqual([p.id('red', 'captain')]);
    expect(eventsOf(events, 'flagAttempt')).toEqual([]);
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });

  it('R3.7 with the enemy deck undefended the seat may attempt the flag instead, with a piece there', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['whip'], boarding: ['captain', 'adder'] },
      blue: { boarding: ['incisor'] },
      card: 'attack',
    });
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    const choices = legalActions(turned, 'red');
    expect(choices).toContainEqual({ type: 'raid', piece: p.id('red', 'captain') });
    expect(choices).toContainEqual({ type: 'raid', piece: p.id('red', 'adder') });
    expect(choices).toContainEqual({
      type: 'attack',
      attacker: p.id('red', 'whip'),
      target: p.id('blue', 'incisor'),
    });
    refused(turned, 'red', { type: 'raid', piece: p.id('red', 'whip') }, 'action/illegal');
    const { state, events } = act(turned, 'red', { type: 'raid', piece: p.id('red', 'adder') });
    expect(describeEvent(theEvent(events, 'flagAttempt'), 'blue')).toBe(
      "Red may turn one of the enemy's flag cards.",
    );
    expect(state.pending).toEqual({ ask: 'turnFlag', seat: 'red', raider: p.id('red', 'adder') });
    // The attempt is the card's one use: after the Monkey the turn passes.
    const after = act(state, 'red', { type: 'turnFlag', slot: 0 }).state;
    expect(after.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
    expect(viewFor(after, 'blue').ships.blue.flagSlots).toEqual(['monkey', 'flag', 'barrel']);
  });
});
