import { describe, expect, it } from 'vitest';
import {
  type Action,
  AIM_RANGES,
  createGame,
  DEFAULT_QUICK_ODDS,
  describeEvent,
  fireShot,
  type GameState,
  keyedDraws,
  legalActions,
  newGame,
  perfectAim,
  publishedShot,
  resolveCannon,
  viewFor,
} from '../../../src/engine/index.ts';
import { act, play, position, refused, theEvent } from '../positions.ts';

const TURN_CARD_0: Action = { type: 'turnCard', card: 0 };

/** An aimed game where red has turned Shoot through the hole in the sail and must fire. */
function aimedSail(random = 'aimed'): GameState {
  const p = position({
    mover: 'red',
    red: { deck: ['whip'] },
    blue: { deck: ['captain', 'bomb'] },
    card: 'shootSail',
    random,
    options: { shots: 'aimed' },
  });
  return act(p.state, 'red', TURN_CARD_0).state;
}

describe('R8 the cannon in the game', () => {
  it('R8.1 the cannon may not stand in front of its own ship', () => {
    const state = aimedSail();
    const error = refused(
      state,
      'red',
      { type: 'shoot', aim: { x: 0, back: -1, yaw: 0, pitch: 20 } },
      'aim/in-front-of-ship',
    );
    expect(error.message).toBe(
      'The cannon cannot stand in front of its own ship: back is -1 cm, but it must be 0 or more.',
    );
  });

  it('R8.1 aims outside the ranges are refused with the range in the sentence', () => {
    const state = aimedSail();
    const error = refused(
      state,
      'red',
      { type: 'shoot', aim: { x: 0, back: 5, yaw: 0, pitch: AIM_RANGES.pitch.max + 1 } },
      'aim/out-of-range',
    );
    expect(error.message).toContain(`between ${AIM_RANGES.pitch.min} and ${AIM_RANGES.pitch.max} degrees`);
    refused(
      state,
      'red',
      { type: 'shoot', aim: { x: 1000, back: 5, yaw: 0, pitch: 20 } },
      'aim/out-of-range',
    );
    refused(state, 'red', { type: 'shoot', aim: { x: 0, back: 5, yaw: -90, pitch: 20 } }, 'aim/out-of-range');
    refused(
      state,
      'red',
      { type: 'shoot', aim: { x: 0, back: AIM_RANGES.back.max + 1, yaw: 0, pitch: 20 } },
      'aim/out-of-range',
    );
  });

  it('R8.2 malformed aims (NaN, infinities, missing fields, not an object) are refused and change nothing', () => {
    const state = aimedSail();
    for (const aim of [
      { x: Number.NaN, back: 5, yaw: 0, pitch: 20 },
      { x: 0, back: 5, yaw: Number.POSITIVE_INFINITY, pitch: 20 },
      { x: 0, back: 5, yaw: 0 },
      { x: '0', back: 5, yaw: 0, pitch: 20 },
      [0, 5, 0, 20],
      'straight ahead',
      null,
    ]) {
      refused(state, 'red', { type: 'shoot', aim }, 'aim/malformed');
    }
    const missing = refused(state, 'red', { type: 'shoot' }, 'aim/missing');
    expect(missing.message).toContain('{ x, back, yaw, pitch }');
  });

  it("R8.2 an aimed shot flies from its own block of the shots' stream: the shot event carries the aim and the flight", () => {
    const state = aimedSail();
    const aim = perfectAim('sail');
    const { events } = act(state, 'red', { type: 'shoot', aim });
    const shot = theEvent(events, 'shot');
    const { chance } = state;
    if (chance.generator !== 'chacha20' || chance.key === null) throw new Error('expected keyed chance');
    const draws = keyedDraws(chance.key, 'shot', chance.drawn.shot);
    const expected = fireShot(aim, 'sail', () => draws.float(), state.rules.cannon);
    expect(shot).toMatchObject({ seat: 'red', target: 'sail', aim, hit: expected.hit, audience: 'all' });
    expect(shot.flight).toEqual(publishedShot(expected));
    expect(JSON.parse(JSON.stringify(shot))).toEqual(shot);
    // The same state and aim give the same shot: replays agree.
    expect(act(state, 'red', { type: 'shoot', aim }).events).toEqual(events);
  });

  it('R8.2 the spring wobbles: a perfect aim hits and misses depending on the draws', () => {
    const seen = new Set<boolean>();
    for (let i = 0; i < 200 && seen.size < 2; i++) {
      const { events } = act(aimedSail(`wobble ${i}`), 'red', { type: 'shoot', aim: perfectAim('sail') });
      const shot = theEvent(events, 'shot');
      expect(shot.flight?.hit).toBe(shot.hit);
      seen.add(shot.hit);
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('R8.2 the legal shot offered is a legal aim, and the view carries the whole cannon', () => {
    const state = aimedSail();
    const [offer] = legalActions(state, 'red');
    expect(offer?.type).toBe('shoot');
    if (offer?.type !== 'shoot' || offer.aim === undefined) throw new Error('an aimed game offers an aim');
    expect(act(state, 'red', offer).state.pending.ask).not.toBe('shoot');
    expect(viewFor(state, 'blue').rules.cannon).toEqual(resolveCannon({}));
    expect(viewFor(state, 'blue').pending).toEqual({
      ask: 'shoot',
      seat: 'red',
      target: 'sail',
      hatch: null,
      open: false,
    });
  });

  it('R8.2 an aimed skull shot: the chosen piece waits on the hatch; a refused aim leaves it there', () => {
    const p = position({
      mover: 'blue',
      red: { deck: ['captain', 'bomb'] },
      card: 'shootSkull',
      options: { shots: 'aimed' },
    });
    const bomb = p.id('red', 'bomb');
    const { state } = play(p.state, ['blue', TURN_CARD_0], ['blue', { type: 'hatch', piece: bomb }]);
    expect(state.pending).toEqual({ ask: 'shoot', seat: 'blue', target: 'skull', hatch: bomb, open: false });
    expect(viewFor(state, 'red').pending).toEqual(state.pending);
    refused(
      state,
      'blue',
      { type: 'shoot', aim: { x: 0, back: -5, yaw: 0, pitch: 20 } },
      'aim/in-front-of-ship',
    );
    refused(state, 'red', { type: 'shoot', aim: perfectAim('skull') }, 'action/not-your-turn');
    const { state: after, events } = act(state, 'blue', { type: 'shoot', aim: perfectAim('skull') });
    const shot = theEvent(events, 'shot');
    expect(shot.flight?.target).toBe('skull');
    expect(after.places[bomb]).toBe(shot.hit ? 'out' : 'red');
    expect(describeEvent(shot, 'red')).toBe(`Blue fired at the skull: ${shot.hit ? 'a hit!' : 'a miss.'}`);
  });

  it('R8.3 quick shots take no aim and resolve with fixed odds, 40% sail and 35% skull by default', () => {
    expect(createGame({ seed: 'x' }).rules.shots).toBe('aimed');
    expect(createGame({ seed: 'x', shots: 'quick' }).rules.quickOdds).toEqual({ sail: 0.4, skull: 0.35 });
    expect(DEFAULT_QUICK_ODDS).toEqual({ sail: 0.4, skull: 0.35 });
    const rate = (card: 'shootSail' | 'shootSkull') => {
      let hits = 0;
      const n = 600;
      for (let i = 0; i < n; i++) {
        const p = position({ mover: 'red', blue: { deck: ['captain'] }, card, random: `odds ${i}` });
        if (theEvent(act(p.state, 'red', TURN_CARD_0).events, 'shot').hit) hits++;
      }
      return hits / n;
    };
    expect(rate('shootSail')).toBeCloseTo(0.4, 1);
    expect(rate('shootSkull')).toBeCloseTo(0.35, 1);
  });

  it('R8.3 quick odds are an option: 1 always hits, 0 never', () => {
    for (const [odds, hit] of [
      [1, true],
      [0, false],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const p = position({
          mover: 'red',
          blue: { deck: ['captain'] },
          card: 'shootSail',
          random: `forced ${i}`,
          options: { quickOdds: { sail: odds, skull: 0.5 } },
        });
        const shot = theEvent(act(p.state, 'red', TURN_CARD_0).events, 'shot');
        expect(shot).toMatchObject({ hit, aim: null, flight: null });
        expect(describeEvent(shot, 'blue')).toBe(
          `Red fired at the hole in the sail: ${hit ? 'a hit!' : 'a miss.'}`,
        );
      }
    }
    const bad = newGame({ seed: 'x', quickOdds: { sail: 1.5, skull: 0 } });
    expect(bad.ok ? 'accepted' : bad.error.code).toBe('options/quick-odds');
  });

  it('R8.3 a quick game refuses an aim', () => {
    const p = position({ mover: 'red', blue: { deck: ['captain', 'bomb'] }, card: 'shootSkull' });
    const hatch = act(p.state, 'red', TURN_CARD_0).state;
    expect(hatch.pending.ask).toBe('hatch');
    // Quick shots fire as soon as the piece is on the hatch; a shoot action is never asked for.
    refused(hatch, 'red', { type: 'shoot' }, 'action/wrong-decision');
    const waiting: GameState = {
      ...hatch,
      pending: { ask: 'shoot', seat: 'red', target: 'skull', hatch: null, open: true },
    };
    refused(waiting, 'red', { type: 'shoot', aim: { x: 0, back: 5, yaw: 0, pitch: 20 } }, 'aim/not-aimed');
  });
});
