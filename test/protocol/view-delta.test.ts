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
  createGame,
  type GameEvent,
  type GameState,
  newGame,
  randomFromSeed,
  SEATS,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import {
  applyViewPatch,
  diffViews,
  EVENT_KEYS,
  PACKED_EVENT_TYPES,
  PATH_KEYS,
  packEvent,
  packLeanView,
  packUpdateView,
  packView,
  type UpdateWireView,
  unpackEvent,
  viewDigest,
  WireViews,
} from '../../src/protocol/index.ts';
import { digestOfServer, MadeView } from '../../src/server/socket/update-views.ts';
import { randomGame } from '../engine/random-play.ts';

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

  it('rebuild any JSON value from any other, in both versions', () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    for (const version of [1, 2] as const)
      fc.assert(
        fc.property(json, json, (before, after) => {
          const patch = JSON.parse(JSON.stringify(diffViews(before, after, version)));
          expect(JSON.stringify(applyViewPatch(before, patch, version))).toBe(JSON.stringify(after));
        }),
        {
          numRuns: 500,
          // Keys no path can name, which fast-check found once: the empty key (its path was its parent's), a
          // slash, a prototype's name, and in version 2 a key spelled as another key's letter.
          examples: [
            [{ '': {} }, { '': null }],
            [{ a: { '': 1 } }, { a: { '': 2 } }],
            [{ 'a/b': 1 }, { 'a/b': 2 }],
            [JSON.parse('{"constructor":{"x":1}}'), JSON.parse('{"constructor":{"x":2}}')],
            [
              { C: 1, cards: 2 },
              { C: 3, cards: 2 },
            ],
          ],
        },
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

describe('deltas 2', () => {
  const seeds = fc.string({ minLength: 1, maxLength: 10 });
  const variants = fc.constantFrom('standard' as const, 'advanced' as const);
  const shots = fc.constantFrom('quick' as const, 'aimed' as const);
  const entropy = fc.constantFrom('seed' as const, 'seats' as const);

  it("rebuild every viewer's view after every action of random games, setup to the end, as the server makes the updates", () => {
    let updates = 0;
    let packed = 0;
    let removals = 0;
    fc.assert(
      fc.property(seeds, variants, shots, entropy, seeds, (seed, variant, shot, source, play) => {
        const { states } = randomGame({ seed, variant, shots: shot, entropy: source, turnLimit: 100 }, play);
        for (const viewer of [...SEATS, 'spectator'] as const) {
          // The page's reader, after the state the socket was sent first (a setup view: whole, folded).
          const reader = new WireViews();
          const first = states[0] as GameState;
          reader.whole(JSON.parse(JSON.stringify(packView(viewFor(first, viewer)))), 0, 2);
          let made = new MadeView(0, packUpdateView(viewFor(first, viewer)), null);
          for (let v = 1; v < states.length; v++) {
            const state = states[v] as GameState;
            const next = new MadeView(v, packUpdateView(viewFor(state, viewer)), made);
            made.supersede();
            made = next;
            const patch = made.patch(2);
            if (patch === null) throw new Error('no patch from the view before');
            // Through JSON, as on the wire.
            const sent = JSON.parse(JSON.stringify({ patch, digest: made.digest(2) }));
            removals += patch.filter((op) => op.length === 1).length;
            const rebuilt = reader.update(sent, v);
            expect(rebuilt).toEqual(viewFor(state, viewer));
            // The same text too: keys in the engine's order.
            expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(viewFor(state, viewer)));
            updates++;
          }
        }
        // The events of each action, packed and read back, are the events.
        for (let v = 1; v < states.length; v++) {
          const before = states[v - 1] as GameState;
          const entry = (states[v] as GameState).log[v - 1];
          if (entry === undefined) continue;
          const result = applyAction(before, entry.seat, entry.action);
          if (!result.ok) throw new Error(result.error.message);
          for (const event of result.events) {
            const travelled = JSON.parse(JSON.stringify(packEvent(event)));
            if (Array.isArray(travelled)) packed++;
            expect(unpackEvent(travelled)).toEqual(event);
            expect(JSON.stringify(unpackEvent(travelled))).toBe(JSON.stringify(event));
          }
        }
      }),
      { numRuns: 40 },
    );
    expect(updates).toBeGreaterThan(5_000);
    expect(packed).toBeGreaterThan(1_000);
    expect(removals).toBeGreaterThan(50);
  });

  it('rebuild any JSON value from any other whose keys are not letters of a path', () => {
    const lettered = (value: unknown): boolean =>
      typeof value === 'object' &&
      value !== null &&
      (Object.keys(value).some((key) => Object.hasOwn(PATH_KEYS, key)) ||
        Object.values(value).some(lettered));
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    const lists = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 8 });
    fc.assert(
      fc.property(fc.oneof(json, lists), fc.oneof(json, lists), (before, after) => {
        fc.pre(!lettered(before) && !lettered(after));
        const patch = JSON.parse(JSON.stringify(diffViews(before, after, 2)));
        expect(JSON.stringify(applyViewPatch(before, patch, 2))).toBe(JSON.stringify(after));
      }),
      { numRuns: 1000 },
    );
  });

  it('name every event type by a number, and give every letter of a path a key no view writes as its own', () => {
    expect([...PACKED_EVENT_TYPES].sort()).toEqual(Object.keys(EVENT_KEYS).sort());
    expect(new Set(PACKED_EVENT_TYPES).size).toBe(PACKED_EVENT_TYPES.length);
    for (const [letter, key] of Object.entries(PATH_KEYS)) {
      expect(letter).toMatch(/^[A-Z]$/);
      expect(key).toMatch(/^[a-z][A-Za-z]*$/);
    }
    expect(new Set(Object.values(PATH_KEYS)).size).toBe(Object.keys(PATH_KEYS).length);
  });

  it('refuse a packed event of an unknown number or length, and pass any other event as it is', () => {
    expect(unpackEvent([999, 'red'])).toBeNull();
    expect(unpackEvent(['cardTurned', 'red', 9, 'swing', 'attack'])).toBeNull();
    expect(unpackEvent([PACKED_EVENT_TYPES.indexOf('turnEnded'), 'red'])).toBeNull();
    expect(unpackEvent('turnEnded')).toBeNull();
    const own = { type: 'setupChosen', seat: 'red', flags: [], deck: [], audience: 'red' } as const;
    expect(packEvent(own as unknown as GameEvent)).toBe(own);
    const away = { type: 'resigned', seat: 'red', away: true, audience: 'all' } as const;
    expect(packEvent(away)).toBe(away);
    expect(unpackEvent(away)).toBe(away);
  });

  it('digest in 72 bits of base64url, the same in JavaScript and by Node', () => {
    const view = packLeanView(packUpdateView(viewFor(createGame({ seed: 'd6' }), 'red')));
    const text = JSON.stringify(view);
    expect(viewDigest(view, 2)).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(viewDigest(view, 2)).toBe(
      createHash('sha256').update(text).digest().subarray(0, 9).toString('base64url'),
    );
    expect(digestOfServer(text, 2)).toBe(viewDigest(view, 2));
  });

  it('read a path of letters only in format 2, and never through a prototype', () => {
    const base = { turn: 3, cards: [{ up: 'attack', down: null }], out: [1, 2, 3] };
    expect(applyViewPatch(base, [['C/0/U', 'swing'], ['T', 4], ['O/1']], 2)).toEqual({
      turn: 4,
      cards: [{ up: 'swing', down: null }],
      out: [1, 3],
    });
    expect(applyViewPatch(base, [['C/0/U', 'swing']], 1)).toBeNull();
    expect(applyViewPatch(base, [['constructor/prototype/x', 1]], 2)).toBeNull();
    expect(applyViewPatch(base, [['toString', 1]], 2)).toEqual({ ...base, toString: 1 });
  });
});
