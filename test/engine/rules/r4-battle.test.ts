import { describe, expect, it } from 'vitest';
import {
  type Action,
  describeEvent,
  eventsFor,
  legalActions,
  PIECE_KINDS,
  type PieceKind,
  RANK,
  type Seat,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, cardShows, play, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };

/**
 * Red's `attacker` has boarded the blue ship and attacks blue's `defender` there (or, with `onRed`, blue's
 * `defender` has boarded the red ship and red attacks it at home). Returns the kinds that left play.
 */
function fight(attacker: PieceKind, defender: PieceKind, onRed = false) {
  const p = onRed
    ? position({ mover: 'red', red: { deck: [attacker] }, blue: { boarding: [defender] }, card: 'attack' })
    : position({ mover: 'red', red: { boarding: [attacker] }, blue: { deck: [defender] }, card: 'attack' });
  const a = p.id('red', attacker);
  const d = p.id('blue', defender);
  const { state, events } = play(
    p.state,
    ['red', TURN_CARD_0],
    ['red', { type: 'attack', attacker: a, target: d }],
  );
  const battle = theEvent(events, 'battle');
  const lost = (id: number): boolean => state.places[id] === 'out';
  if (!lost(a) && !lost(d)) throw new Error('a battle always has a loser (R4.2)');
  const loser = lost(a) && lost(d) ? 'both' : lost(a) ? 'attacker' : 'defender';
  return { p, a, d, state, events, battle, loser };
}

describe('R4 battle', () => {
  it('R4.1 both pieces are shown to both players and stay known for the rest of the game', () => {
    const { a, d, state, battle } = fight('whip', 'earring');
    expect(battle).toMatchObject({
      seat: 'red',
      ship: 'blue',
      attacker: a,
      attackerKind: 'whip',
      defender: d,
      defenderKind: 'earring',
      losers: [d],
      audience: 'all',
    });
    expect(describeEvent(battle, 'blue')).toBe(
      "Red's Walter Whip (5) attacked Blue's Eddy Earring (3) on the blue ship: Walter Whip wins.",
    );
    const blueSees = viewFor(state, 'blue').ships.blue.deck;
    expect(blueSees.find((piece) => piece.id === a)?.kind).toBe('whip');
    // Still known a turn later, to both.
    const later = act(cardShows(state, 1, 'sleeping'), 'blue', { type: 'turnCard', card: 1 }).state;
    expect(viewFor(later, 'blue').ships.blue.deck.find((piece) => piece.id === a)?.kind).toBe('whip');
    expect(viewFor(later, 'spectator').ships.blue.deck.find((piece) => piece.id === a)?.kind).toBe('whip');
  });

  it('R4.2 the higher rank wins and returns to its place; the loser leaves play', () => {
    const { p, a, state, events } = fight('captain', 'swashbuckler');
    expect(state.places[a]).toBe('blue');
    expect(state.decks.blue).toEqual([a]);
    expect(theEvent(events, 'pieceOut')).toMatchObject({
      kind: 'swashbuckler',
      cause: 'battle',
      owner: 'blue',
    });
    expect(fight('earring', 'whip').loser).toBe('attacker');
    expect(p.state.decks.blue).toEqual([p.id('blue', 'swashbuckler'), a]);
  });

  it('R4.2 equal ranks: both leave play', () => {
    const { battle, loser } = fight('incisor', 'incisor');
    expect(loser).toBe('both');
    expect(describeEvent(battle, 'red')).toBe(
      "Red's Ivan Incisor (4) attacked Blue's Ivan Incisor (4) on the blue ship: both leave play.",
    );
  });

  it('R4.2 every ranked pair but Aden against the Captain: the higher rank wins, on either ship', () => {
    const ranked = PIECE_KINDS.filter((k) => k !== 'bomb');
    for (const attacker of ranked) {
      for (const defender of ranked) {
        if ([attacker, defender].includes('adder') && [attacker, defender].includes('captain')) continue;
        const a = RANK[attacker] ?? 0;
        const d = RANK[defender] ?? 0;
        const expected = a > d ? 'defender' : a < d ? 'attacker' : 'both';
        expect(fight(attacker, defender).loser, `${attacker} attacks ${defender}`).toBe(expected);
        expect(fight(attacker, defender, true).loser, `${attacker} attacks ${defender} at home`).toBe(
          expected,
        );
      }
    }
  });

  it('R4.3 Aden Adder beats the Captain, whoever attacks', () => {
    expect(fight('adder', 'captain').loser).toBe('defender');
    expect(fight('captain', 'adder').loser).toBe('attacker');
    expect(fight('captain', 'adder', true).loser).toBe('attacker');
    const { battle } = fight('captain', 'adder');
    expect(describeEvent(battle, 'blue')).toBe(
      "Red's Captain Rodrick Redbeard (7) attacked Blue's Aden Adder (1) on the blue ship: Aden Adder wins.",
    );
  });

  it('R4.3 against anything else Aden loses; two Adens tie', () => {
    expect(fight('adder', 'bombcatcher').loser).toBe('attacker');
    expect(fight('earring', 'adder').loser).toBe('defender');
    expect(fight('adder', 'adder').loser).toBe('both');
  });

  it('R4.4 any attacker of the Bomb loses, the Captain too', () => {
    for (const attacker of PIECE_KINDS.filter((k) => k !== 'bomb' && k !== 'bombcatcher')) {
      expect(fight(attacker, 'bomb').loser, attacker).toBe('attacker');
    }
  });

  it('R4.4 Boris Bomb-catcher removes the Bomb', () => {
    const { state, events, d, battle } = fight('bombcatcher', 'bomb');
    expect(state.places[d]).toBe('out');
    expect(theEvent(events, 'pieceOut')).toMatchObject({ kind: 'bomb', cause: 'battle' });
    expect(describeEvent(battle, 'red')).toMatch(
      /Boris Bomb-catcher \(2\) attacked .* Bomb on the blue ship: Boris Bomb-catcher wins\.$/,
    );
  });

  it('R4.4 the Bomb cannot attack', () => {
    const p = position({
      mover: 'blue',
      blue: { deck: ['bomb'] },
      red: { boarding: ['adder'] },
      card: 'attack',
    });
    const { state } = act(p.state, 'blue', TURN_CARD_0);
    // Blue is asked (so red does not learn that the piece is the Bomb, R11.3), and may only decline.
    expect(state.pending).toEqual({ ask: 'attack', seat: 'blue' });
    expect(legalActions(state, 'blue')).toEqual([{ type: 'pass' }]);
    refused(
      state,
      'blue',
      { type: 'attack', attacker: p.id('blue', 'bomb'), target: p.id('red', 'adder') },
      'action/illegal',
    );
  });

  it('R4.5 pieces out of play are public: both players see which pieces have left play', () => {
    const { state, events, d } = fight('whip', 'earring');
    for (const viewer of ['red', 'blue', 'spectator'] as const) {
      expect(viewFor(state, viewer).out).toEqual([{ id: d, owner: 'blue', kind: 'earring', boarded: false }]);
      const out = eventsFor(events, viewer).filter((e) => e.type === 'pieceOut');
      expect(out).toHaveLength(1);
    }
    const seat: Seat = 'red';
    expect(describeEvent(theEvent(events, 'pieceOut'), seat)).toBe(
      "Blue's Eddy Earring (3) lost the battle and is out of play.",
    );
  });
});
