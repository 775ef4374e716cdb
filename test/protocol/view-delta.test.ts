/**
 * Patches (view-delta.ts): the changes between two views rebuild the second from the first, text for text
 * (so the digest of a rebuilt view is the server's); a patch that does not fit is refused, not half applied.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  newGame,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import {
  applyViewPatch,
  diffViews,
  packUpdateView,
  packView,
  type UpdateWireView,
  viewDigest,
  WireViews,
} from '../../src/protocol/index.ts';

/** Each viewer's update views along one random game, in order. */
function streams(seed: string): Record<'red' | 'blue' | 'spectator', UpdateWireView[]> {
  const created = newGame({ seed, shots: 'quick', turnLimit: 80 });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const random = randomFromSeed(seed);
  const out = {
    red: [] as UpdateWireView[],
    blue: [] as UpdateWireView[],
    spectator: [] as UpdateWireView[],
  };
  for (;;) {
    for (const viewer of [...SEATS, 'spectator'] as const)
      out[viewer].push(packUpdateView(viewFor(state, viewer)));
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const choices = viewFor(state, seat).legalActions;
    const result = applyAction(state, seat, choices[random.int(choices.length)] as Action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return out;
}

describe('view patches', () => {
  it('rebuild every view of random games from the one before, the same text, and leave the base untouched', () => {
    let operations = 0;
    for (const seed of ['d1', 'd2', 'd3']) {
      for (const views of Object.values(streams(seed))) {
        for (let i = 1; i < views.length; i++) {
          const before = views[i - 1] as UpdateWireView;
          const after = views[i] as UpdateWireView;
          const beforeText = JSON.stringify(before);
          const patch = JSON.parse(JSON.stringify(diffViews(before, after)));
          operations += patch.length;
          const rebuilt = applyViewPatch(JSON.parse(beforeText), patch);
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(after));
          expect(viewDigest(rebuilt)).toBe(viewDigest(after));
          expect(JSON.stringify(before)).toBe(beforeText);
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
  });

  it('rebuild any JSON value from any other', () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    fc.assert(
      fc.property(json, json, (before, after) => {
        const rebuilt = applyViewPatch(before, JSON.parse(JSON.stringify(diffViews(before, after))));
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(after));
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a patch that does not fit its base, or reaches for a prototype, and change nothing', () => {
    const base = { turn: 3, cards: [{ up: 'attack' }], pending: { ask: 'none' } };
    const text = JSON.stringify(base);
    for (const patch of [
      'not a list',
      [['cards/5/up', 'swing']],
      [['cards/x/up', 'swing']],
      [['cards/01/up', 'swing']],
      [['missing/deep', 1]],
      [['missing']],
      [['turn/deeper', 1]],
      [['__proto__/polluted', true]],
      [['constructor/prototype/polluted', true]],
      [['turn', 1, 2]],
      [[7, 1]],
      [
        ['turn', 4],
        ['cards/9', 1],
      ],
    ]) {
      expect(applyViewPatch(base, patch), JSON.stringify(patch)).toBeNull();
      expect(JSON.stringify(base)).toBe(text);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(applyViewPatch(base, [['cards/-', { up: 'swing' }], ['pending'], ['turn', 4]])).toEqual({
      turn: 4,
      cards: [{ up: 'attack' }, { up: 'swing' }],
    });
  });

  it("digest the view's text as the server does with Node's sha256", () => {
    const [view] = streams('d4').red;
    const text = JSON.stringify(view);
    expect(viewDigest(view)).toBe(createHash('sha256').update(text).digest('hex').slice(0, 16));
    expect(viewDigest(view)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('read patched updates after a state, and refuse one for another version or with another digest', () => {
    const created = newGame({ seed: 'd5', shots: 'quick', turnLimit: 80 });
    if (!created.ok) throw new Error(created.error.message);
    const views = streams('d5').blue;
    const whole = packView(viewFor(created.value, 'blue'));
    const reader = new WireViews();
    reader.whole(JSON.parse(JSON.stringify(whole)), 0);
    for (let v = 1; v < 6; v++) {
      const after = views[v] as UpdateWireView;
      const patch = diffViews(views[v - 1], after);
      const read = reader.update({ patch, digest: viewDigest(after) }, v);
      expect(JSON.stringify(read)).toBe(JSON.stringify(viewFor(replay('d5', v), 'blue')));
    }
    // A gap (v 7 after 5) and a wrong digest are refused, and nothing is built on until the next state.
    const seventh = views[7] as UpdateWireView;
    expect(reader.update({ patch: diffViews(views[6], seventh), digest: viewDigest(seventh) }, 7)).toBeNull();
    reader.whole(JSON.parse(JSON.stringify({ ...packView(viewFor(replay('d5', 6), 'blue')) })), 6);
    expect(reader.update({ patch: diffViews(views[6], seventh), digest: '0000000000000000' }, 7)).toBeNull();
    expect(reader.update({ patch: diffViews(views[6], seventh), digest: viewDigest(seventh) }, 7)).toBeNull();
  });
});

/** The state of random game `seed` (as `streams` plays it) after `v` actions. */
function replay(seed: string, v: number) {
  const created = newGame({ seed, shots: 'quick', turnLimit: 80 });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const random = randomFromSeed(seed);
  for (let i = 0; i < v; i++) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const choices = viewFor(state, seat).legalActions;
    const result = applyAction(state, seat, choices[random.int(choices.length)] as Action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}
