import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  newGame,
  type PlayerView,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { packUpdateView, packView, unpackView, WireViews } from '../../src/protocol/index.ts';

/** Every view of both seats and the spectator along one random game, wired and back. */
function viewsOfGame(seed: string): PlayerView[] {
  const created = newGame({ seed, shots: 'quick', turnLimit: 60 });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const random = randomFromSeed(seed);
  const views: PlayerView[] = [];
  while (state.phase !== 'over') {
    for (const viewer of [...SEATS, 'spectator'] as const) views.push(viewFor(state, viewer));
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const choices = viewFor(state, seat).legalActions;
    const result = applyAction(state, seat, choices[random.int(choices.length)] as Action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return views;
}

describe('wire views', () => {
  it('give back the engine view, setup list included, for every view of random games', () => {
    for (const seed of ['w1', 'w2', 'w3']) {
      for (const view of viewsOfGame(seed)) {
        const wired = JSON.parse(JSON.stringify(packView(view)));
        expect(unpackView(wired)).toEqual(view);
      }
    }
  });

  it('fold the 720 setups into their space: a setup view shrinks from about 50 KB to about 3 KB', () => {
    const created = newGame({ seed: 'fold', shots: 'quick' });
    if (!created.ok) throw new Error(created.error.message);
    const view = viewFor(created.value, 'blue');
    expect(view.legalActions).toHaveLength(720);
    const wired = packView(view);
    expect(wired.legalActions).toEqual([]);
    expect(wired.setupSpace?.flagOrders).toHaveLength(6);
    expect(wired.setupSpace?.pieces).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(wired.setupSpace?.size).toBe(3);
    expect(JSON.stringify(wired).length).toBeLessThan(4000);
    expect(JSON.stringify(view).length).toBeGreaterThan(40_000);
    // Twice the same (the second time from the cache).
    expect(packView(viewFor(created.value, 'blue'))).toEqual(wired);
  });

  it('leave a list that is not a whole setup space expanded', () => {
    const created = newGame({ seed: 'part', shots: 'quick' });
    if (!created.ok) throw new Error(created.error.message);
    const view = viewFor(created.value, 'red');
    const part: PlayerView = { ...view, legalActions: view.legalActions.slice(0, 100) };
    expect(packView(part)).toEqual(part);
    const reordered: PlayerView = { ...view, legalActions: view.legalActions.slice().reverse() };
    expect(unpackView(JSON.parse(JSON.stringify(packView(reordered))))).toEqual(reordered);
  });

  it('leave the rules out of an update, and put back those of the last state, for every view of a game', () => {
    for (const viewer of [...SEATS, 'spectator'] as const) {
      const views = viewsOfGame('w4').filter((_, i) => i % 3 === [...SEATS, 'spectator'].indexOf(viewer));
      const reader = new WireViews();
      const [first, ...rest] = views;
      if (first === undefined) throw new Error('no views');
      expect(reader.whole(JSON.parse(JSON.stringify(packView(first))))).toEqual(first);
      for (const view of rest) {
        const sent = JSON.stringify(packUpdateView(view));
        expect(JSON.parse(sent)).not.toHaveProperty('rules');
        expect(sent.length).toBeLessThan(JSON.stringify(packView(view)).length - 500);
        // The same view, its keys in the engine's order too (some readers compare views as JSON).
        expect(JSON.stringify(reader.update(JSON.parse(sent)))).toBe(JSON.stringify(view));
      }
    }
  });

  it('read no update before a state, and read the rules an update of an earlier release carries', () => {
    const [view] = viewsOfGame('w5');
    if (view === undefined) throw new Error('no views');
    expect(new WireViews().update(packUpdateView(view))).toBeNull();
    expect(new WireViews().update(packView(view))).toEqual(view);
  });
});
