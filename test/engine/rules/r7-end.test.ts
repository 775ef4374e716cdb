import { describe, expect, it } from 'vitest';
import {
  type Action,
  createGame,
  describeEvent,
  legalActions,
  newGame,
  outcome,
  PIECE_SET,
  toAct,
} from '../../../src/engine/index.ts';
import { act, cardShows, play, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };

describe('R7 end of the game', () => {
  it('R7.1 running out of pieces does not end the game: the cannon can still win', () => {
    const p = position({
      mover: 'blue',
      red: { out: [...PIECE_SET] },
      blue: { deck: ['whip'] },
      card: 'sleeping',
      options: { quickOdds: { sail: 1, skull: 1 } },
    });
    const blueSlept = act(p.state, 'blue', TURN_CARD_0).state;
    expect(blueSlept.phase).toBe('play');
    expect(toAct(blueSlept)).toEqual(['red']);
    // Blue sleeps with the Whip on deck; with no piece on a deck red cannot be hurt, and shoots.
    const hitBlueWhip = play(cardShows(blueSlept, 1, 'shootSail'), [
      'red',
      { type: 'turnCard', card: 1 },
    ]).state;
    expect(hitBlueWhip.places[p.id('blue', 'whip')]).toBe('out');
    const won = play(
      cardShows(cardShows(hitBlueWhip, 2, 'sleeping'), 3, 'shootSkull'),
      ['blue', { type: 'turnCard', card: 2 }],
      ['red', { type: 'turnCard', card: 3 }],
      ['red', { type: 'turnFlag', slot: 1 }],
    ).state;
    expect(outcome(won)).toMatchObject({ winner: 'red', reason: 'flag' });
  });

  it('R7.1 the game ends when a flag is captured: nothing more is accepted, from either seat', () => {
    const p = position({ mover: 'red', red: { boarding: ['whip'] }, card: 'attack' });
    const { state } = play(
      p.state,
      ['red', TURN_CARD_0],
      ['red', { type: 'raid', piece: p.id('red', 'whip') }],
      ['red', { type: 'turnFlag', slot: 1 }],
    );
    expect(state.phase).toBe('over');
    expect(toAct(state)).toEqual([]);
    expect(legalActions(state, 'red')).toEqual([]);
    expect(legalActions(state, 'blue')).toEqual([]);
    for (const seat of ['red', 'blue'] as const) {
      const error = refused(state, seat, { type: 'turnCard', card: 2 }, 'game/over');
      expect(error.message).toBe('The game is over; no more actions.');
      refused(state, seat, { type: 'resign' }, 'game/over');
    }
  });

  it('R7.2 a seat may resign at any time, even when the other seat is deciding', () => {
    const p = position({ mover: 'red', red: { deck: ['whip', 'captain'] }, card: 'plank' });
    const plank = act(p.state, 'red', TURN_CARD_0).state;
    expect(toAct(plank)).toEqual(['blue']);
    const { state, events } = act(plank, 'red', { type: 'resign' });
    expect(state.outcome).toEqual({
      winner: 'blue',
      reason: 'resigned',
      message: 'Red resigned; Blue wins.',
    });
    expect(describeEvent(theEvent(events, 'resigned'), 'blue')).toBe('Red resigned.');
    expect(describeEvent(theEvent(events, 'gameOver'), 'blue')).toBe('Blue wins.');
    expect(state.log.at(-1)).toEqual({ seat: 'red', action: { type: 'resign' } });
    const setup = act(createGame({ seed: 'resign in setup' }), 'blue', { type: 'resign' }).state;
    expect(setup.outcome?.winner).toBe('red');
  });

  it('R7.2 decision: a resignation recorded for an absence says so (the other seat claimed the win)', () => {
    const p = position({ mover: 'red', red: { deck: ['whip', 'captain'] }, card: 'plank' });
    const { state, events } = act(p.state, 'red', { type: 'resign', away: true });
    expect(state.outcome).toEqual({
      winner: 'blue',
      reason: 'resigned',
      how: 'away',
      message: 'Red was away too long; Blue claimed the win.',
    });
    expect(describeEvent(theEvent(events, 'resigned'), 'blue')).toBe(
      'Red was away too long: Blue claimed the win.',
    );
    expect(state.log.at(-1)).toEqual({ seat: 'red', action: { type: 'resign', away: true } });
    refused(p.state, 'red', { type: 'resign', away: 'yes' } as unknown as Action, 'action/malformed');
  });

  it('R7.2 decision: a resignation recorded for a clock that ran out says so, and replays', () => {
    const p = position({ mover: 'red', red: { deck: ['whip', 'captain'] }, card: 'plank' });
    const { state, events } = act(p.state, 'red', { type: 'resign', time: true });
    expect(state.outcome).toEqual({
      winner: 'blue',
      reason: 'resigned',
      how: 'time',
      message: 'Red ran out of time; Blue wins.',
    });
    expect(describeEvent(theEvent(events, 'resigned'), 'blue')).toBe('Red ran out of time.');
    expect(state.log.at(-1)).toEqual({ seat: 'red', action: { type: 'resign', time: true } });
    refused(p.state, 'red', { type: 'resign', time: 1 } as unknown as Action, 'action/malformed');
    refused(
      p.state,
      'red',
      { type: 'resign', time: true, away: true } as unknown as Action,
      'action/malformed',
    );
  });

  it('R7.2 the turn limit is off by default; reaching it is a draw', () => {
    expect(createGame({ seed: 'x' }).rules.turnLimit).toBeNull();
    const p = position({ mover: 'red', options: { turnLimit: 2 } });
    const one = act(cardShows(p.state, 0, 'sleeping'), 'red', TURN_CARD_0).state;
    expect(one.phase).toBe('play');
    const { state, events } = act(cardShows(one, 1, 'sleeping'), 'blue', { type: 'turnCard', card: 1 });
    expect(state.turn).toBe(2);
    expect(state.outcome).toEqual({
      winner: null,
      reason: 'turnLimit',
      message: 'The turn limit of 2 turns was reached: the game is a draw.',
    });
    expect(describeEvent(theEvent(events, 'gameOver'), 'red')).toBe('The game is a draw.');
    refused(state, 'red', { type: 'turnCard', card: 3 }, 'game/over');
  });

  it('R7.2 a turn limit is a whole number above 0', () => {
    for (const turnLimit of [0, -1, 1.5, '10', Number.NaN]) {
      const result = newGame({ seed: 'x', turnLimit });
      expect(result.ok ? 'accepted' : result.error.code).toBe('options/turn-limit');
    }
  });
});
