/**
 * docs/fairness.md cannot drift from the code: its test vectors are read from the page and checked against
 * the engine and against a second implementation written from the page alone with Node's own crypto
 * (OpenSSL's HMAC-SHA256 and ChaCha20), as an independent verifier would write it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  checkGame,
  commitmentOf,
  computerContribution,
  createGame,
  DEFAULT_CANNON,
  DEFAULT_CARD_SET,
  DEFAULT_QUICK_ODDS,
  fireShot,
  type GameEvent,
  type GameState,
  gameKey,
  isContribution,
  keyedDraws,
  kindsKey,
  PIECE_SET,
  publishedShot,
  randomFromSeed,
  recordOf,
  SHOT_TARGETS,
} from '../../src/engine/index.ts';
import {
  computerContributionOf,
  DOC_CANNON,
  DOC_CARD_SET,
  DOC_PIECE_SET,
  DOC_QUICK_ODDS,
  flyFrom,
  gameKeyOf,
  kindsKeyOf,
  launchFrom,
  published,
  purposeStream,
  shuffle,
  stream,
} from './independent-verifier.ts';
import { randomGame } from './random-play.ts';

const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const block = /```vectors\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const vectors = new Map(
  block
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', ...rest] = line.trim().split(/\s+/);
      return [name, rest] as const;
    }),
);
const vector = (name: string): string[] => {
  const value = vectors.get(name);
  if (value === undefined) throw new Error(`docs/fairness.md has no vector '${name}'`);
  return value;
};
const SEED = 'docs test vector seed';
const RED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const BLUE = 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210';

// --- the independent verifier (./independent-verifier.ts), from the pages only ---
const theirKindsKey = kindsKeyOf(SEED);
const theirGameKey = (red: string, blue: string) => gameKeyOf(SEED, red, blue);
const words = (s: { word(): number }) =>
  Array.from({ length: 4 }, () => s.word().toString(16).padStart(8, '0'));

function dealtByEngine(): GameState {
  let state = createGame({ seed: SEED, entropy: 'seats' });
  for (const [seat, entropy] of [
    ['red', RED],
    ['blue', BLUE],
  ] as const) {
    const result = applyAction(state, seat, { type: 'contribute', entropy });
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

describe('docs/fairness.md: the derivation and its test vectors', () => {
  it('the keys and the computer contribution', () => {
    expect(vector('commitment')).toEqual([createHash('sha256').update(SEED).digest('hex')]);
    expect(vector('commitment')).toEqual([commitmentOf(SEED)]);
    expect(vector('kindsKey')).toEqual([theirKindsKey.toString('hex')]);
    expect(vector('kindsKey')).toEqual([Buffer.from(kindsKey(SEED)).toString('hex')]);
    expect(vector('gameKey')).toEqual([theirGameKey(RED, BLUE).toString('hex')]);
    expect(vector('gameKey')).toEqual([gameKey(SEED, { red: RED, blue: BLUE })]);
    expect(vector('seedOnlyKey')).toEqual([theirGameKey('', '').toString('hex')]);
    expect(vector('seedOnlyKey')).toEqual([gameKey(SEED, { red: '', blue: '' })]);
    const computer = computerContributionOf(SEED, 'red');
    expect(vector('computer/red')).toEqual([computer]);
    expect(vector('computer/red')).toEqual([computerContribution(SEED, 'red')]);
  });

  it('the first words of each stream, and a shot’s three floats', () => {
    const key = theirGameKey(RED, BLUE);
    const ours = gameKey(SEED, { red: RED, blue: BLUE });
    for (const [purpose, index] of [
      ['cards', 0],
      ['start', 0],
      ['plank', 7],
      ['shot', 7],
    ] as const) {
      expect(vector(`${purpose}/${index}`)).toEqual(words(purposeStream(key, purpose, index)));
      expect(vector(`${purpose}/${index}`)).toEqual(words(keyedDraws(ours, purpose, index)));
    }
    const theirs = purposeStream(key, 'shot', 7);
    const engine = keyedDraws(ours, 'shot', 7);
    const floats = vector('shotFloats/7').map(Number);
    expect([theirs.float(), theirs.float(), theirs.float()]).toEqual(floats);
    expect([engine.float(), engine.float(), engine.float()]).toEqual(floats);
  });

  it('the deal of kinds and the card layout', () => {
    const kindsStream = stream(theirKindsKey);
    const theirKinds = [
      ...shuffle(DOC_PIECE_SET.slice(), kindsStream.int),
      ...shuffle(DOC_PIECE_SET.slice(), kindsStream.int),
    ];
    const cardsStream = purposeStream(theirGameKey(RED, BLUE), 'cards', 0);
    const order = shuffle(
      DOC_CARD_SET.map((_, i) => i),
      cardsStream.int,
    );
    const theirCards = order.map((i) => {
      const sides = DOC_CARD_SET[i] ?? ['sleeping', 'sleeping'];
      const up = cardsStream.int(2);
      return `${sides[up]}/${sides[1 - up]}`;
    });
    expect(vector('kinds')).toEqual(theirKinds);
    expect(vector('cards')).toEqual(theirCards);
    const dealt = dealtByEngine();
    expect(vector('kinds')).toEqual(dealt.kinds);
    expect(vector('cards')).toEqual(
      dealt.cards.map((c) => `${c.sides[c.up]}/${c.sides[c.up === 0 ? 1 : 0]}`),
    );
  });
});

describe('docs/fairness.md and docs/cannon.md: enough for a second implementation', () => {
  it('the defaults a record leaves out are on the pages: kinds, card set (face ids), cannon, contributions', () => {
    expect(DOC_PIECE_SET).toEqual(PIECE_SET);
    expect(DOC_CARD_SET).toEqual(DEFAULT_CARD_SET);
    expect(DOC_CANNON).toEqual(DEFAULT_CANNON);
    expect(DOC_QUICK_ODDS).toEqual(DEFAULT_QUICK_ODDS);
    // The contributions the engine takes, as the page says: 32 to 128 lowercase hex digits.
    const [, low = '', high = ''] = /takes (\d+) to (\d+) lowercase hex digits/.exec(doc) ?? [];
    expect(isContribution('a'.repeat(Number(low)))).toBe(true);
    expect(isContribution('a'.repeat(Number(low) - 1))).toBe(false);
    expect(isContribution('a'.repeat(Number(high)))).toBe(true);
    expect(isContribution('a'.repeat(Number(high) + 1))).toBe(false);
    expect(isContribution('A'.repeat(Number(low)))).toBe(false);
  });

  it("a shot flown by the pages alone is the engine's: launch, what it struck, when and where, published", () => {
    const random = randomFromSeed('second implementation');
    const between = (low: number, high: number) => low + (high - low) * random.float();
    const struck = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const aim = { x: between(-35, 35), back: between(0, 20), yaw: between(-30, 30), pitch: between(0, 60) };
      // Near the targets half the time, so the hole and the skull are met too.
      if (i % 2 === 0) Object.assign(aim, { x: between(-3, 3), back: between(0, 5), yaw: between(-3, 3) });
      if (i % 4 === 0) aim.pitch = between(10, 32);
      const u = [random.float(), random.float(), random.float()] as const;
      const target = SHOT_TARGETS[i % 2] ?? 'sail';
      const draws = [...u];
      const engine = fireShot(aim, target, () => draws.shift() ?? 0.5);
      const theirs = flyFrom(launchFrom(aim, u, DOC_CANNON), DOC_CANNON);
      expect(theirs.struck).toBe(engine.struck);
      expect(theirs.time).toBeCloseTo(engine.time, 12);
      const shown = publishedShot(engine);
      expect(published(theirs)).toEqual({
        struck: shown.struck,
        launch: shown.launch,
        time: shown.time,
        end: shown.end,
      });
      struck.add(theirs.struck);
    }
    expect([...struck].sort()).toEqual(['cloth', 'hole', 'hull', 'skull', 'table']);
  });

  it('a real game checked from its record and public events alone: every coin and every shot', () => {
    const golden = JSON.parse(readFileSync(new URL('../fixtures/golden-game.json', import.meta.url), 'utf8'));
    const record = golden.record as {
      options: { seed: string };
      actions: { seat: 'red' | 'blue'; action: { type: string; entropy?: string } }[];
    };
    // The public events, as the verification bundle carries them (`pirates verify --bundle`).
    const events = (checkGame({ record }).shown?.spectator ?? []).flat() as GameEvent[];
    const given = (seat: string) =>
      record.actions.find((a) => a.seat === seat && a.action.type === 'contribute')?.action.entropy ?? '';
    const key = gameKeyOf(record.options.seed, given('red'), given('blue'));
    let planks = 0;
    let shots = 0;
    for (const event of events) {
      if (event.type === 'coinTossed') {
        const draws =
          event.for === 'start' ? purposeStream(key, 'start', 0) : purposeStream(key, 'plank', planks++);
        expect(draws.int(2) === 0 ? 'shark' : 'pirate').toBe(event.side);
      }
      if (event.type === 'shot') {
        const draws = purposeStream(key, 'shot', shots++);
        expect(event.aim).not.toBeNull();
        if (event.aim === null || event.flight === null) continue;
        const flight = flyFrom(
          launchFrom(event.aim, [draws.float(), draws.float(), draws.float()], DOC_CANNON),
          DOC_CANNON,
        );
        const hit = flight.struck === (event.target === 'sail' ? 'hole' : 'skull');
        expect(hit).toBe(event.hit);
        const { struck, launch, time, end } = event.flight;
        expect(published(flight)).toEqual({ struck, launch, time, end });
      }
    }
    expect(planks).toBe(8);
    expect(shots).toBe(20);
  });

  it('quick shots: one float of the shot block, against the odds', () => {
    const { final } = randomGame(
      { seed: 'quick doc', entropy: 'seats', shots: 'quick', turnLimit: 300 },
      'quick',
    );
    const record = recordOf(final);
    const events = (checkGame({ record }).shown?.spectator ?? []).flat() as GameEvent[];
    const given = (seat: string) =>
      record.actions.find((a) => a.seat === seat && a.action.type === 'contribute')?.action;
    const share = (seat: string) => {
      const action = given(seat);
      return action?.type === 'contribute' ? action.entropy : '';
    };
    const key = gameKeyOf(record.options.seed, share('red'), share('blue'));
    const odds = DOC_QUICK_ODDS;
    let shots = 0;
    for (const event of events) {
      if (event.type !== 'shot') continue;
      expect(event.flight).toBeNull();
      expect(purposeStream(key, 'shot', shots++).float() < odds[event.target]).toBe(event.hit);
    }
    expect(shots).toBeGreaterThan(5);
  });
});
