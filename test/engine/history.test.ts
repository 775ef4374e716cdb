/**
 * Looking back at a game (src/engine/history.ts): the position after any earlier action is the one the game
 * passed through, and a seat's history is exactly the events it was told, action by action, never the other
 * seat's private ones.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  eventsFor,
  type GameEvent,
  historyFor,
  stateAfter,
  viewFor,
} from '../../src/engine/index.ts';
import { randomGame } from './random-play.ts';

describe('a game looked back at', () => {
  const played = randomGame(
    { seed: 'history', entropy: 'seats', shots: 'quick', turnLimit: 30 },
    'play',
    120,
  );
  const final = played.final;

  it('stateAfter(v) is the position the game stood in after v actions, as each seat saw it', () => {
    for (const v of [0, 1, 2, 5, Math.floor(final.log.length / 2), final.log.length]) {
      const then = played.states[v];
      if (then === undefined) throw new Error(`no state ${v}`);
      const again = stateAfter(final, v);
      expect(again.log.length).toBe(v);
      expect(viewFor(again, 'red')).toEqual(viewFor(then, 'red'));
      expect(viewFor(again, 'blue')).toEqual(viewFor(then, 'blue'));
    }
  });

  it('refuses a moment that has not happened (a caller bug)', () => {
    expect(() => stateAfter(final, final.log.length + 1)).toThrow(RangeError);
    expect(() => stateAfter(final, -1)).toThrow(RangeError);
  });

  it("a seat's history is what it was told, by action, and none of the other seat's secrets", () => {
    const told: { v: number; events: GameEvent[] }[] = [];
    for (const [index, entry] of final.log.entries()) {
      const before = played.states[index];
      if (before === undefined) throw new Error(`no state ${index}`);
      const result = applyAction(before, entry.seat, entry.action);
      if (!result.ok) throw new Error(result.error.message);
      const seen = eventsFor(result.events, 'red');
      if (seen.length > 0) told.push({ v: index + 1, events: seen });
    }
    const history = historyFor(final, 'red');
    expect(history).toEqual(told);
    const all = history.flatMap((step) => step.events);
    expect(all.some((e) => e.audience === 'blue')).toBe(false);
    expect(all.some((e) => e.audience === 'red')).toBe(true);
  });
});
