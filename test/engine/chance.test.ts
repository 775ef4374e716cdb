/**
 * Fair chance (issue 14, docs/fairness.md): the attack that rebuilt the opponent's hidden pirates from public
 * shot events succeeds against the old generator and finds nothing against keyed chance; one stream per
 * purpose; contributions that steer nothing and show nowhere; flights published at a player's precision.
 */
import { createCipheriv } from 'node:crypto';
import { chacha20 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { KeystreamDraws } from '../../src/engine/chance.ts';
import {
  type Action,
  aimFor,
  applyAction,
  type CHANCE_PURPOSES,
  computerContribution,
  createGame,
  eventsFor,
  fireShot,
  type GameEvent,
  type GameOptions,
  type GameState,
  gameKey,
  keyedDraws,
  kindsKey,
  legalActions,
  publishedShot,
  randomFrom,
  randomFromSeed,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { keystreamInto, USES_BLOCK_FUNCTION } from '../../src/engine/keystream.ts';
import { attack } from './chance-attack.ts';
import { computerContributionOf, gameKeyOf, kindsKeyOf, purposeStream } from './independent-verifier.ts';
import { randomContribution } from './positions.ts';

interface Played {
  readonly final: GameState;
  /** What red was sent, with the flights as published (rounded). */
  readonly published: GameEvent[];
  /** What red would have been sent had flights kept every digit, as the engine did before. */
  readonly exact: GameEvent[];
}

/** Random play with aimed shots; each shot's exact flight is fired again from the stream it drew from. */
function playAimed(options: GameOptions, seed: string): Played {
  const random = randomFromSeed(seed);
  let state = createGame({ shots: 'aimed', turnLimit: 300, ...options });
  const published: GameEvent[] = [];
  const exact: GameEvent[] = [];
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) throw new Error('nobody to act');
    const choices = legalActions(state, seat);
    let action: Action | undefined =
      state.pending.ask === 'contribute' ? randomContribution(random) : choices[random.int(choices.length)];
    if (action?.type === 'shoot' && state.pending.ask === 'shoot') {
      action = { type: 'shoot', aim: aimFor(state.pending.target, 0.5, random.float, state.rules.cannon) };
    }
    const before = state;
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    const unrounded = result.events.map((event) => {
      if (event.type !== 'shot' || event.aim === null) return event;
      const { chance } = before;
      const draws =
        chance.generator === 'xoroshiro128plus'
          ? randomFrom(chance.words)
          : keyedDraws(chance.key ?? '', 'shot', chance.drawn.shot);
      return {
        ...event,
        flight: fireShot(event.aim, event.target, () => draws.float(), before.rules.cannon),
      };
    });
    published.push(...eventsFor(result.events, 'red'));
    exact.push(...eventsFor(unrounded, 'red'));
    state = result.state;
  }
  return { final: state, published, exact };
}

const GAMES = 12;

describe('issue 14: rebuilding the opponent from public shots', () => {
  it('works against the old generator with the old, full-precision flights: every hidden kind of the opponent', () => {
    let broken = 0;
    for (let g = 0; g < GAMES; g++) {
      const { final, exact } = playAimed({ seed: `old ${g}`, chance: 'xoroshiro128plus' }, `play ${g}`);
      const found = attack(exact, viewFor(final, 'red').rules, 'blue');
      if (found.kinds === null) continue;
      // A solution is never a wrong one: it is the real stream, and deals the real kinds.
      expect(found.kinds).toEqual(final.kinds.slice(10));
      broken++;
    }
    // Games with about 15 aimed shots or more are broken; short games leave too few equations.
    expect(broken).toBeGreaterThanOrEqual(GAMES / 2);
  });

  it('finds nothing against keyed chance, even given every digit of every flight', () => {
    for (let g = 0; g < GAMES; g++) {
      const { final, exact, published } = playAimed({ seed: `new ${g}`, entropy: 'seats' }, `play ${g}`);
      const rules = viewFor(final, 'red').rules;
      for (const events of [exact, published]) {
        const found = attack(events, rules, 'blue');
        if (found.shots >= 15) expect(found.equations).toBeGreaterThan(128);
        expect(found.words).toBeNull();
      }
    }
  });

  it('rounded flights alone starve the solver, even on the old generator; old games publish no flight at all', () => {
    let enough = 0;
    for (let g = 0; g < GAMES; g++) {
      const { final, exact, published } = playAimed(
        { seed: `old ${g}`, chance: 'xoroshiro128plus' },
        `play ${g}`,
      );
      const rounded = exact.map((e) =>
        e.type === 'shot' && e.flight !== null ? { ...e, flight: publishedShot(e.flight) } : e,
      );
      const found = attack(rounded, viewFor(final, 'red').rules, 'blue');
      if (found.shots >= 15) enough++;
      expect(found.kinds).toBeNull();
      expect(published.filter((e) => e.type === 'shot' && e.flight !== null)).toEqual([]);
    }
    expect(enough).toBeGreaterThan(0);
  });
});

describe('docs/fairness.md: one stream per purpose, keyed by the seed and both contributions', () => {
  const seeded = (seed: string) => createGame({ seed, entropy: 'seats' });
  const contribute = (state: GameState, seat: 'red' | 'blue', entropy: string): GameState => {
    const result = applyAction(state, seat, { type: 'contribute', entropy });
    if (!result.ok) throw new Error(result.error.message);
    return result.state;
  };
  const RED = 'aa'.repeat(32);
  const BLUE = 'bb'.repeat(32);

  it('the deal of kinds to ids comes from the seed alone; the cards wait for both contributions', () => {
    const waiting = seeded('s1');
    expect(waiting.pending).toEqual({ ask: 'contribute' });
    expect(waiting.cards).toEqual([]);
    expect(toAct(waiting)).toEqual(['red', 'blue']);
    expect(legalActions(waiting, 'red')).toEqual([]);
    const half = contribute(waiting, 'red', RED);
    expect(half.cards).toEqual([]);
    expect(toAct(half)).toEqual(['blue']);
    const dealt = contribute(half, 'blue', BLUE);
    expect(dealt.pending).toEqual({ ask: 'setup' });
    expect(dealt.cards).toHaveLength(10);
    expect(dealt.kinds).toEqual(waiting.kinds);
  });

  it('neither seat alone fixes the deal: changing either contribution changes the layout', () => {
    const layout = (red: string, blue: string) =>
      JSON.stringify(contribute(contribute(seeded('s2'), 'red', red), 'blue', blue).cards);
    const base = layout(RED, BLUE);
    expect(layout('ab'.repeat(32), BLUE)).not.toBe(base);
    expect(layout(RED, 'ba'.repeat(32))).not.toBe(base);
    // The order in which the two arrive changes nothing.
    const blueFirst = contribute(contribute(seeded('s2'), 'blue', BLUE), 'red', RED);
    expect(JSON.stringify(blueFirst.cards)).toBe(base);
  });

  it("no view or event holds a contribution, and a seat's view changes with the other's only in the dealt cards", () => {
    const base = contribute(seeded('s3'), 'red', RED);
    const views = ['cd'.repeat(32), 'dc'.repeat(32)].map((blue) => {
      const result = applyAction(base, 'blue', { type: 'contribute', entropy: blue });
      if (!result.ok) throw new Error(result.error.message);
      for (const viewer of ['red', 'blue', 'spectator'] as const) {
        const told = JSON.stringify([viewFor(result.state, viewer), eventsFor(result.events, viewer)]);
        expect(told).not.toContain(blue);
        expect(told).not.toContain(RED);
      }
      return viewFor(result.state, 'red');
    });
    const [one, two] = views;
    expect({ ...one, cards: [] }).toEqual({ ...two, cards: [] });
    expect(one?.cards).not.toEqual(two?.cards);
  });

  it('a contribution is refused with a sentence when malformed, twice, or out of its phase', () => {
    const state = seeded('s4');
    const refuse = (s: GameState, seat: 'red' | 'blue', entropy: unknown) => {
      const result = applyAction(s, seat, { type: 'contribute', entropy });
      expect(result.ok).toBe(false);
      return result.ok ? null : result.error;
    };
    expect(refuse(state, 'red', 'XYZ')?.message).toContain('32 to 128 lowercase hex digits');
    expect(refuse(state, 'red', 'ab')?.code).toBe('action/illegal');
    expect(refuse(state, 'red', 42)?.code).toBe('action/malformed');
    const given = contribute(state, 'red', RED);
    expect(refuse(given, 'red', RED)?.code).toBe('action/not-your-turn');
    const dealt = contribute(given, 'blue', BLUE);
    expect(refuse(dealt, 'blue', BLUE)?.message).toContain('Expected setup, not contribute');
    expect(refuse(createGame({ seed: 'no seats' }), 'red', RED)?.code).toBe('action/wrong-decision');
  });

  it('each purpose has its own stream and each plank or shot its own block; the key mixes seed and contributions', () => {
    const key = gameKey('seed', { red: RED, blue: BLUE });
    const first = (purpose: (typeof CHANCE_PURPOSES)[number], ordinal: number) => {
      const draws = keyedDraws(key, purpose, ordinal);
      return JSON.stringify([draws.word(), draws.word(), draws.word(), draws.word()]);
    };
    const streams = [
      first('cards', 0),
      first('start', 0),
      ...[0, 1, 15, 16, 17].flatMap((ordinal) => [first('plank', ordinal), first('shot', ordinal)]),
    ];
    expect(new Set(streams).size).toBe(streams.length);
    // The same block, whatever window of the memo it came from.
    expect(first('shot', 16)).toBe(first('shot', 16));
    expect(gameKey('seed', { red: BLUE, blue: RED })).not.toBe(key);
    expect(gameKey('Seed', { red: RED, blue: BLUE })).not.toBe(key);
    // Length prefixes: moving a character from one contribution to the other changes the key.
    expect(gameKey('seed', { red: 'ab', blue: 'c' })).not.toBe(gameKey('seed', { red: 'a', blue: 'bc' }));
    expect(computerContribution('seed', 'red')).not.toBe(computerContribution('seed', 'blue'));
  });

  it('draws are uniform: whole numbers by rejection (no modulo bias), floats from 53 bits', () => {
    const draws = new KeystreamDraws(kindsKey('uniform'));
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const n = draws.int(3);
      counts[n] = (counts[n] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const u = draws.float();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
    }
    expect(Math.abs(sum / 10_000 - 0.5)).toBeLessThan(0.02);
  });

  it('views and events keep their shape: a keyed game tells a seat the same kinds of things as an old one', () => {
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.length === 0
          ? []
          : [shape(value[0])]
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
            )
          : typeof value;
    const old = playAimed({ seed: 'shape', chance: 'xoroshiro128plus' }, 'shape');
    const keyed = playAimed({ seed: 'shape', entropy: 'seats' }, 'shape');
    const oldShot = old.exact.find((e) => e.type === 'shot' && e.flight !== null);
    const dealt = contribute(contribute(seeded('shape'), 'red', RED), 'blue', BLUE);
    const legacy = createGame({ seed: 'shape', chance: 'xoroshiro128plus' });
    for (const viewer of ['red', 'blue', 'spectator'] as const) {
      expect(shape(viewFor(dealt, viewer))).toEqual(shape(viewFor(legacy, viewer)));
    }
    const shot = (events: GameEvent[]) => events.find((e) => e.type === 'shot' && e.flight !== null);
    expect(shape(shot(keyed.published))).toEqual(shape(oldShot));
  });
});

describe('docs/fairness.md: the derivation, made cheaply, is the specified one', () => {
  // The engine keeps a seed's keyed HMAC, hashes every message in one reused instance and cuts keystreams
  // from shared buffers (chance.ts): none of that may change a key or a word, whatever the order of use.
  it('keys and streams of many games, derived interleaved and read back later, are the independent ones', () => {
    const seeds = Array.from({ length: 120 }, (_, i) => `interleaved ${i}`);
    const red = '0123456789abcdef0123456789abcdef';
    const blue = 'fedcba9876543210fedcba9876543210';
    const keys = seeds.map((seed, i) => {
      const key = gameKey(seed, i % 2 === 0 ? { red: '', blue: '' } : { red, blue });
      expect(Buffer.from(kindsKey(seed)).toString('hex')).toBe(kindsKeyOf(seed).toString('hex'));
      expect(computerContribution(seed, i % 2 === 0 ? 'red' : 'blue')).toBe(
        computerContributionOf(seed, i % 2 === 0 ? 'red' : 'blue'),
      );
      expect(key).toBe(gameKeyOf(seed, i % 2 === 0 ? '' : red, i % 2 === 0 ? '' : blue).toString('hex'));
      // Each game draws its first shots and planks now, so later games' streams share buffers with these.
      for (const purpose of ['shot', 'plank', 'start', 'cards'] as const) keyedDraws(key, purpose, 0).int(7);
      return key;
    });
    // Read back every game, first to last, at blocks across windows: each word is the independent stream's.
    keys.forEach((key, i) => {
      const secret = Buffer.from(key, 'hex');
      for (const [purpose, ordinal] of [
        ['cards', 0],
        ['start', 0],
        ['plank', i % 20],
        ['shot', 15],
        ['shot', 16],
        ['shot', 40 + (i % 7)],
      ] as const) {
        const mine = keyedDraws(key, purpose, ordinal);
        const theirs = purposeStream(secret, purpose, ordinal);
        const words = purpose === 'cards' ? 40 : 16;
        for (let w = 0; w < words; w++) expect(mine.word()).toBe(theirs.word());
      }
    });
  });
});

describe("docs/fairness.md: the keystream from noble's block function is the specified one", () => {
  // keystream.ts runs @noble/ciphers' ChaCha block function on words it lays out itself (RFC 8439 §2.3):
  // its words must be noble's own chacha20 and Node's, at any block, for any key.
  it("every word of blocks 0 to 3, 7, 1,000 and 2^32 - 2 of random keys is chacha20's, read little-endian", () => {
    const random = randomFromSeed('keystream words');
    for (let trial = 0; trial < 40; trial++) {
      const key = Uint8Array.from({ length: 32 }, () => random.int(256));
      for (const first of [0, 7, 1000, 2 ** 32 - 2]) {
        const count = first === 0 ? 4 : 1;
        const words = new Uint32Array(count * 16 + 3);
        keystreamInto(key, first, count, words, 3);
        const bytes = chacha20(key, new Uint8Array(12), new Uint8Array(count * 64), undefined, first);
        const iv = Buffer.alloc(16);
        iv.writeUInt32LE(first, 0);
        const node = createCipheriv('chacha20', key, iv).update(Buffer.alloc(count * 64));
        for (let w = 0; w < count * 16; w++) {
          expect(words[3 + w]).toBe(Buffer.from(bytes).readUInt32LE(w * 4));
          expect(words[3 + w]).toBe(node.readUInt32LE(w * 4));
        }
      }
    }
    expect(USES_BLOCK_FUNCTION).toBe(true);
  });

  it('seeds longer than a SHA-256 block and games keyed in turn give the independent keys', () => {
    // Each seed and game key is keyed in the same reused instances: a long seed is hashed first (a third one).
    const seeds = Array.from({ length: 30 }, (_, i) => `${'long seed '.repeat(i % 3 === 0 ? 20 : 1)}${i}`);
    const keys = seeds.map((seed) => gameKey(seed, { red: '', blue: '' }));
    seeds.forEach((seed, i) => {
      expect(Buffer.from(kindsKey(seed)).toString('hex')).toBe(kindsKeyOf(seed).toString('hex'));
      const key = keys[(i * 7) % keys.length] ?? '';
      for (const purpose of ['start', 'cards', 'shot', 'plank'] as const) {
        const mine = keyedDraws(key, purpose, i);
        const theirs = purposeStream(
          Buffer.from(key, 'hex'),
          purpose,
          purpose === 'cards' || purpose === 'start' ? 0 : i,
        );
        for (let w = 0; w < 16; w++) expect(mine.word()).toBe(theirs.word());
      }
    });
    expect(keys.map((key, i) => key === gameKeyOf(seeds[i] ?? '', '', '').toString('hex'))).not.toContain(
      false,
    );
  });
});
