import { describe, expect, it } from 'vitest';
import {
  type Action,
  describeEvent,
  type FlagCard,
  type GameState,
  legalActions,
  type QuickOdds,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, cardShows, eventsOf, play, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };
const HIT: QuickOdds = { sail: 1, skull: 1 };

const raids = (state: GameState) => legalActions(state, 'red').filter((a) => a.type === 'raid');

/** Red's Walter Whip stands on the undefended blue ship; red has turned Attack! and raids with it. */
function raid(flags: readonly FlagCard[] = ['monkey', 'flag', 'barrel']) {
  const p = position({ mover: 'red', red: { boarding: ['whip'] }, blue: { flags }, card: 'attack' });
  const whip = p.id('red', 'whip');
  const { state } = play(p.state, ['red', TURN_CARD_0], ['red', { type: 'raid', piece: whip }]);
  return { p, whip, state };
}

/** Blue has no piece on a deck; red hits the sail and may turn a flag card. */
function shotAttempt(flags: readonly FlagCard[] = ['monkey', 'flag', 'barrel']) {
  const p = position({
    mover: 'red',
    red: { deck: ['whip'] },
    blue: { flags },
    card: 'shootSail',
    options: { quickOdds: HIT },
  });
  return { p, state: act(p.state, 'red', TURN_CARD_0).state };
}

describe('R5 when a flag may be attempted', () => {
  it('R5.1 by boarding: Attack!, a piece on the enemy deck, and no enemy piece of its own there', () => {
    const p = position({
      mover: 'red',
      red: { deck: ['captain'], boarding: ['whip'] },
      blue: { boarding: ['earring'] },
      card: 'attack',
    });
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    // Blue's boarder on the red ship does not defend the blue ship.
    expect(raids(turned)).toEqual([{ type: 'raid', piece: p.id('red', 'whip') }]);
  });

  it('R5.1 the Bomb on its own deck is a defender', () => {
    const p = position({
      mover: 'red',
      red: { boarding: ['whip'] },
      blue: { deck: ['bomb'] },
      card: 'attack',
    });
    const turned = act(p.state, 'red', TURN_CARD_0).state;
    expect(raids(turned)).toEqual([]);
    const error = refused(turned, 'red', { type: 'raid', piece: p.id('red', 'whip') }, 'action/illegal');
    expect(error.message).toContain('R5.1');
    expect(legalActions(turned, 'red')).toContainEqual({
      type: 'attack',
      attacker: p.id('red', 'whip'),
      target: p.id('blue', 'bomb'),
    });
  });

  it('R5.1 no attempt without a piece on the enemy deck, nor with another card', () => {
    const home = position({ mover: 'red', red: { deck: ['whip'] }, card: 'attack' });
    const { state, events } = act(home.state, 'red', TURN_CARD_0);
    expect(theEvent(events, 'nothingHappened').reason).toBe('no pirate can attack');
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
    const swing = position({ mover: 'red', red: { boarding: ['whip'] }, card: 'swing' });
    const swung = act(swing.state, 'red', TURN_CARD_0).state;
    expect(legalActions(swung, 'red').map((a) => a.type)).toEqual(['swing', 'pass']);
  });

  it('R5.2 by cannon: a sail or skull hit while the enemy has no piece on either deck', () => {
    for (const face of ['shootSail', 'shootSkull'] as const) {
      const p = position({ mover: 'blue', card: face, options: { quickOdds: HIT } });
      const { state, events } = act(p.state, 'blue', TURN_CARD_0);
      expect(theEvent(events, 'flagAttempt')).toMatchObject({ seat: 'blue', raider: null });
      expect(state.pending).toEqual({ ask: 'turnFlag', seat: 'blue', raider: null });
    }
  });

  it('R5.2 the enemy is judged before the shot: hitting its last piece gives no attempt', () => {
    const p = position({
      mover: 'red',
      blue: { boarding: ['adder'] },
      card: 'shootSail',
      options: { quickOdds: HIT },
    });
    const { state, events } = act(p.state, 'red', TURN_CARD_0);
    expect(state.places[p.id('blue', 'adder')]).toBe('out');
    expect(eventsOf(events, 'flagAttempt')).toEqual([]);
    expect(state.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });
});

describe('R6 a flag attempt', () => {
  it('R6.1 the attempting seat turns any one of the three enemy flag cards', () => {
    const { state } = raid();
    expect(legalActions(state, 'red')).toEqual([
      { type: 'turnFlag', slot: 0 },
      { type: 'turnFlag', slot: 1 },
      { type: 'turnFlag', slot: 2 },
      { type: 'pass' },
    ]);
    refused(state, 'red', { type: 'turnFlag', slot: 3 }, 'action/malformed');
    refused(state, 'blue', { type: 'turnFlag', slot: 1 }, 'action/not-your-turn');
    refused(state, 'red', { type: 'turnCard', card: 1 }, 'action/wrong-decision');
  });

  it('R6.2 the Monkey is shown to both and goes back to its slot; nothing else happens', () => {
    const { p, whip, state } = raid(['flag', 'monkey', 'barrel']);
    const { state: after, events } = act(state, 'red', { type: 'turnFlag', slot: 1 });
    const turned = theEvent(events, 'flagCardTurned');
    expect(turned).toMatchObject({ seat: 'red', owner: 'blue', slot: 1, card: 'monkey', audience: 'all' });
    expect(describeEvent(turned, 'blue')).toBe("Red turned Blue's flag card 2: the Monkey.");
    expect(after.flagSlots.blue).toEqual(['flag', 'monkey', 'barrel']);
    expect(after.places).toEqual(p.state.places);
    expect(after.places[whip]).toBe('blue');
    expect(after.phase).toBe('play');
    expect(after.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });

  it('R6.3 the Powder Barrel blows up the piece that attacked for it', () => {
    const { whip, state } = raid(['barrel', 'monkey', 'flag']);
    const { state: after, events } = act(state, 'red', { type: 'turnFlag', slot: 0 });
    const out = theEvent(events, 'pieceOut');
    expect(out).toMatchObject({ piece: whip, kind: 'whip', cause: 'barrel' });
    expect(describeEvent(out, 'blue')).toBe(
      "Red's Walter Whip (5) was blown up by the Powder Barrel and is out of play.",
    );
    expect(after.places[whip]).toBe('out');
    expect(after.flagSlots.blue).toEqual(['barrel', 'monkey', 'flag']);
    expect(after.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });

  it('R6.3 after a shot the Powder Barrel does nothing', () => {
    const { p, state } = shotAttempt(['barrel', 'monkey', 'flag']);
    const { state: after, events } = act(state, 'red', { type: 'turnFlag', slot: 0 });
    expect(eventsOf(events, 'pieceOut')).toEqual([]);
    expect(after.places).toEqual(p.state.places);
    expect(after.pending).toEqual({ ask: 'turnCard', seat: 'blue' });
  });

  it('R6.4 the Flag wins the game, by boarding or by the cannon', () => {
    const boarding = act(raid(['monkey', 'barrel', 'flag']).state, 'red', { type: 'turnFlag', slot: 2 });
    const cannon = act(shotAttempt(['monkey', 'barrel', 'flag']).state, 'red', { type: 'turnFlag', slot: 2 });
    for (const { state, events } of [boarding, cannon]) {
      expect(state.phase).toBe('over');
      expect(state.outcome).toEqual({ winner: 'red', reason: 'flag', message: "Red captured Blue's flag." });
      expect(state.pending).toEqual({ ask: 'none' });
      const over = theEvent(events, 'gameOver');
      expect(over).toMatchObject({ winner: 'red', reason: 'flag' });
      expect(describeEvent(over, 'blue')).toBe('Red captured the flag and wins!');
      expect(eventsOf(events, 'turnEnded')).toEqual([]);
    }
  });

  it('R6.5 flag cards shown once stay known to both, in the same slot', () => {
    const { whip, state } = raid(['barrel', 'monkey', 'flag']);
    const once = act(state, 'red', { type: 'turnFlag', slot: 1 }).state;
    for (const viewer of ['red', 'spectator'] as const) {
      expect(viewFor(once, viewer).ships.blue.flagSlots).toEqual([null, 'monkey', null]);
    }
    expect(viewFor(once, 'blue').ships.blue.flagSlots).toEqual(['barrel', 'monkey', 'flag']);
    // Blue sleeps; red attacks for the flag again and finds the Barrel: both now known, still in place.
    const again = cardShows(cardShows(once, 2, 'sleeping'), 3, 'attack');
    const { state: later } = play(
      again,
      ['blue', { type: 'turnCard', card: 2 }],
      ['red', { type: 'turnCard', card: 3 }],
      ['red', { type: 'raid', piece: whip }],
      ['red', { type: 'turnFlag', slot: 0 }],
    );
    expect(viewFor(later, 'red').ships.blue.flagSlots).toEqual(['barrel', 'monkey', null]);
    expect(later.flagShown.blue).toEqual([true, true, false]);
  });
});
