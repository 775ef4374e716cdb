import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  actionKey,
  applyAction,
  describeEvent,
  type GameState,
  legalActions,
  type Seat,
} from '../../../src/engine/index.ts';
import { act, cardShows, play, playRandomly, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };

/** Empty decks and shots that never hit: almost every card ends the turn at once. */
function quietTable(mover: Seat = 'red'): GameState {
  return position({ mover, options: { quickOdds: { sail: 0, skull: 0 } } }).state;
}

/** Turns `card` and declines whatever the face offers, so the turn passes. */
function turnAndFinish(state: GameState, seat: Seat, card: number): GameState {
  let now = act(state, seat, { type: 'turnCard', card }).state;
  if (now.pending.ask !== 'turnCard') now = act(now, seat, { type: 'pass' }).state;
  return now;
}

describe('R2 a turn', () => {
  it('R2.1 the mover turns exactly one card; the face now up is the action and stays up', () => {
    const p = position({ mover: 'red', red: { deck: ['whip'] }, card: 'swing' });
    const before = p.state.cards[0];
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    const turned = theEvent(events, 'cardTurned');
    expect(turned).toMatchObject({ seat: 'red', card: 0, face: 'swing', audience: 'all' });
    expect(describeEvent(turned, 'blue')).toBe('Red turned card 1: Swing onto the other ship.');
    expect(state.cards[0]).toEqual({ ...before, up: before?.up === 0 ? 1 : 0, known: true });
    expect(state.pending).toEqual({ ask: 'swing', seat: 'red' });
    // One card only: the next decision is the swing, not another card.
    refused(state, 'red', { type: 'turnCard', card: 1 }, 'action/wrong-decision');
    const done = act(state, 'red', { type: 'swing', piece: p.id('red', 'whip') }).state;
    expect(done.cards[0]?.up).toBe(state.cards[0]?.up);
  });

  it('R2.1 an Attack! turn is described with its exclamation mark', () => {
    const { events } = act(position({ mover: 'blue', card: 'attack' }).state, 'blue', TURN_CARD_0);
    expect(describeEvent(theEvent(events, 'cardTurned'), 'red')).toBe('Blue turned card 1: Attack!');
  });

  it('R2.2 the first turn of the game may turn any card', () => {
    expect(legalActions(quietTable(), 'red')).toHaveLength(10);
  });

  it('R2.2 the mover may not turn the card the opponent turned just before, but may the turn after', () => {
    const afterRed = turnAndFinish(quietTable(), 'red', 4);
    expect(afterRed.lastTurned).toBe(4);
    const error = refused(afterRed, 'blue', { type: 'turnCard', card: 4 }, 'action/illegal');
    expect(error.message).toBe('Card 4 was turned in the turn just before; turn another card (R2.2).');
    expect(legalActions(afterRed, 'blue').map((a) => (a.type === 'turnCard' ? a.card : -1))).not.toContain(4);
    const afterBlue = turnAndFinish(afterRed, 'blue', 7);
    refused(afterBlue, 'red', { type: 'turnCard', card: 7 }, 'action/illegal');
    // Red may turn its own card of last turn again: only the opponent's card is barred.
    expect(theEvent(act(afterBlue, 'red', { type: 'turnCard', card: 4 }).events, 'cardTurned').card).toBe(4);
  });

  it('R2.3 once the action is carried out the turn passes to the other seat', () => {
    const p = position({ mover: 'red', red: { deck: ['whip'] }, card: 'sleeping' });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(state.mover).toBe('blue');
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
    expect(state.turn).toBe(p.state.turn + 1);
    expect(state.lastTurned).toBe(0);
    expect(state.current).toBeNull();
    const ended = theEvent(events, 'turnEnded');
    expect(ended).toMatchObject({ seat: 'red', turn: 1 });
    expect(describeEvent(ended, 'blue')).toBe("Red's turn ends.");
    refused(state, 'red', { type: 'turnCard', card: 1 }, 'action/not-your-turn');
  });

  it('R2.4 an action that can have no effect does nothing; the turn counts and the log says why', () => {
    const cases = [
      { face: 'attack', reason: 'no pirate can attack' },
      { face: 'swing', reason: 'no pirate can swing' },
      { face: 'plank', reason: 'no pirate stands on a deck' },
    ] as const;
    for (const { face, reason } of cases) {
      const p = position({ mover: 'red', blue: { deck: ['captain'] }, card: face });
      const { state, events } = act(p.state, 'red', TURN_CARD_0);
      const nothing = theEvent(events, 'nothingHappened');
      expect(nothing).toMatchObject({ seat: 'red', face, reason });
      expect(describeEvent(nothing, 'blue')).toBe(`Nothing happens: ${reason}.`);
      expect(state.mover).toBe('blue');
      expect(state.turn).toBe(1);
      expect(state.places).toEqual(p.state.places);
    }
  });

  it('R2.4 New pirate with no extras left does nothing', () => {
    const all = ['captain', 'swashbuckler', 'whip', 'incisor', 'incisor', 'earring', 'earring'] as const;
    const p = position({ mover: 'red', red: { deck: [...all, 'bombcatcher', 'adder'], out: ['bomb'] } });
    const { state, events } = act(cardShows(p.state, 0, 'newPirate'), 'red', TURN_CARD_0);
    expect(theEvent(events, 'nothingHappened').reason).toBe('no extras are left');
    expect(state.mover).toBe('blue');
  });

  it('R2.5 New pirate, Swing and Attack! may be declined; the turn still passes', () => {
    const p = position({ mover: 'red', red: { deck: ['whip'] }, blue: { boarding: ['adder'] } });
    for (const face of ['newPirate', 'swing', 'attack'] as const) {
      const turned = act(cardShows(p.state, 0, face), 'red', TURN_CARD_0).state;
      expect(legalActions(turned, 'red')).toContainEqual({ type: 'pass' });
      const { state, events } = act(turned, 'red', { type: 'pass' });
      const declined = theEvent(events, 'declined');
      expect(declined).toMatchObject({ seat: 'red', face });
      expect(describeEvent(declined, 'blue')).toMatch(/^Red chose not to act on .+[.!]$/);
      expect(state.mover).toBe('blue');
      expect(state.places).toEqual(p.state.places);
    }
  });

  it('R2.5 a flag attempt may be declined', () => {
    const p = position({ mover: 'red', red: { boarding: ['whip'] }, card: 'attack' });
    const attempt = play(
      p.state,
      ['red', TURN_CARD_0],
      ['red', { type: 'raid', piece: p.id('red', 'whip') }],
    );
    const { state } = act(attempt.state, 'red', { type: 'pass' });
    expect(state.mover).toBe('blue');
    expect(state.flagShown.blue).toEqual([false, false, false]);
  });

  it('R2.5 turning a card, the plank and the hatch choices and shots may not be declined', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['whip', 'captain'] },
      blue: { deck: ['adder', 'bomb'] },
    });
    refused(p.state, 'red', { type: 'pass' }, 'action/wrong-decision');
    const plank = act(cardShows(p.state, 0, 'plank'), 'red', TURN_CARD_0).state;
    expect(plank.pending).toEqual({ ask: 'plank', seat: 'blue' });
    refused(plank, 'blue', { type: 'pass' }, 'action/wrong-decision');
    const hatch = act(cardShows(p.state, 0, 'shootSkull'), 'red', TURN_CARD_0).state;
    expect(hatch.pending).toEqual({ ask: 'hatch', seat: 'red' });
    refused(hatch, 'red', { type: 'pass' }, 'action/wrong-decision');
    const aimed = position({
      mover: 'red',
      blue: { deck: ['adder'] },
      card: 'shootSail',
      options: { shots: 'aimed' },
    });
    const shoot = act(aimed.state, 'red', TURN_CARD_0).state;
    expect(shoot.pending).toMatchObject({ ask: 'shoot', seat: 'red', target: 'sail' });
    refused(shoot, 'red', { type: 'pass' }, 'action/wrong-decision');
    const hit = position({
      mover: 'red',
      blue: { deck: ['adder', 'bomb'] },
      card: 'shootSail',
      options: { quickOdds: { sail: 1, skull: 0 } },
    });
    const lose = act(hit.state, 'red', TURN_CARD_0).state;
    expect(lose.pending).toEqual({ ask: 'losePiece', seat: 'blue' });
    refused(lose, 'blue', { type: 'pass' }, 'action/wrong-decision');
  });

  it('R2.1 malformed actions and unknown seats are refused with a sentence, the state untouched', () => {
    const state = quietTable();
    for (const seat of ['green', undefined, null, 0, 'RED']) refused(state, seat, TURN_CARD_0, 'action/seat');
    for (const action of [
      null,
      undefined,
      'turnCard',
      [],
      {},
      { type: 'fly' },
      { type: 'turnCard' },
      { type: 'turnCard', card: 10 },
      { type: 'turnCard', card: -1 },
      { type: 'turnCard', card: 1.5 },
      { type: 'turnCard', card: '1' },
      { type: 'swing', piece: 20 },
      { type: 'attack', attacker: 1 },
      { type: 'turnFlag', slot: 3 },
      { type: 'setup', flags: 'monkey', deck: [0, 1, 2] },
    ]) {
      refused(state, 'red', action, 'action/malformed');
    }
  });

  it('R2.3 an action is accepted exactly when it is one of the legal actions of the seat', () => {
    const universe: Action[] = [{ type: 'pass' }, { type: 'shoot' }];
    for (let i = 0; i < 20; i++) {
      if (i < 10) universe.push({ type: 'turnCard', card: i });
      if (i < 3) universe.push({ type: 'turnFlag', slot: i });
      for (const type of ['newPirate', 'swing', 'raid', 'plank', 'hatch', 'losePiece'] as const) {
        universe.push({ type, piece: i });
      }
      for (let j = 0; j < 20; j++) universe.push({ type: 'attack', attacker: i, target: j });
    }
    let checked = 0;
    const wrong: string[] = [];
    for (let game = 0; game < 4; game++) {
      const variant = game % 2 === 0 ? 'standard' : 'advanced';
      playRandomly(
        { seed: `legal ${game}`, shots: 'quick', variant },
        `legal ${game}`,
        (_b, _s, _a, state) => {
          if (state.phase !== 'play' || state.turn % 5 !== 0) return;
          for (const seat of ['red', 'blue'] as const) {
            const legal = new Set(legalActions(state, seat).map(actionKey));
            for (const action of universe) {
              const result = applyAction(state, seat, action);
              const internal = !result.ok && result.error.code === 'engine/internal';
              if (result.ok !== legal.has(actionKey(action)) || internal) {
                wrong.push(`${seat} ${actionKey(action)} when ${state.pending.ask}: ${result.ok}`);
              }
            }
            checked++;
          }
        },
      );
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('R2.3 no input makes the engine throw, fail inside or change the state it was given', () => {
    const states = [
      quietTable(),
      position({ mover: 'blue', red: { deck: ['bomb'] }, blue: { boarding: ['adder'] } }).state,
    ];
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('turnCard', 'swing', 'attack', 'shoot', 'setup', 'turnFlag', 'pass', 'resign'),
        card: fc.anything(),
        piece: fc.anything(),
        attacker: fc.integer({ min: -1, max: 21 }),
        target: fc.integer({ min: -1, max: 21 }),
        aim: fc.anything(),
        flags: fc.anything(),
        deck: fc.array(fc.integer({ min: -1, max: 21 })),
        slot: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.anything(), junk, (state, seat, action) => {
        const before = structuredClone(state);
        const result = applyAction(state, seat, action);
        expect(result.ok || result.error.code !== 'engine/internal').toBe(true);
        expect(state).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });
});
