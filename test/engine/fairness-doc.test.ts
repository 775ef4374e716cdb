/**
 * docs/fairness.md cannot drift from the code: its test vectors are read from the page and checked against
 * the engine and against a second implementation written from the page alone with Node's own crypto
 * (OpenSSL's HMAC-SHA256 and ChaCha20), as an independent verifier would write it.
 */
import { createCipheriv, createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  commitmentOf,
  computerContribution,
  createGame,
  DEFAULT_CARD_SET,
  type GameState,
  gameKey,
  keyedDraws,
  kindsKey,
  PIECE_SET,
} from '../../src/engine/index.ts';

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

// --- the independent verifier, from the page's "The derivation" only ---
const DOMAIN = 'pirates-stratego/2/';
const hmac = (key: Buffer, message: Buffer) => createHmac('sha256', key).update(message).digest();
const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const seedKey = Buffer.from(SEED, 'utf8');
const theirKindsKey = hmac(seedKey, Buffer.from(`${DOMAIN}kinds`));
function theirGameKey(red: string, blue: string): Buffer {
  const r = Buffer.from(red, 'utf8');
  const b = Buffer.from(blue, 'utf8');
  return hmac(
    seedKey,
    Buffer.concat([Buffer.from(`${DOMAIN}game`), Buffer.from([0]), u16be(r.length), r, u16be(b.length), b]),
  );
}
/**
 * A stream from block `block` on. OpenSSL's chacha20 takes a 16-byte IV: the 32-bit block counter
 * (little-endian), then the 12-byte nonce (all zeros here).
 */
function stream(key: Buffer, block = 0) {
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(block, 0);
  const cipher = createCipheriv('chacha20', key, iv);
  let buffer = Buffer.alloc(0);
  const word = (): number => {
    if (buffer.length < 4) buffer = Buffer.concat([buffer, cipher.update(Buffer.alloc(64))]);
    const w = buffer.readUInt32LE(0);
    buffer = buffer.subarray(4);
    return w;
  };
  const int = (n: number): number => {
    for (;;) {
      const w = word();
      if (w < 2 ** 32 - (2 ** 32 % n)) return w % n;
    }
  };
  const float = () => ((word() >>> 5) * 2 ** 26 + (word() >>> 6)) / 2 ** 53;
  return { word, int, float };
}
/** The draws of a purpose: the cards and who starts from block 0, plank or shot number `ordinal` from its block. */
const purposeStream = (key: Buffer, purpose: string, ordinal: number) =>
  stream(hmac(key, Buffer.from(`${DOMAIN}${purpose}`)), ordinal);
function shuffle<T>(items: T[], int: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
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
    const computer = hmac(seedKey, Buffer.from(`${DOMAIN}computer/red`)).toString('hex');
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
      ...shuffle(PIECE_SET.slice(), kindsStream.int),
      ...shuffle(PIECE_SET.slice(), kindsStream.int),
    ];
    const cardsStream = purposeStream(theirGameKey(RED, BLUE), 'cards', 0);
    const order = shuffle(
      DEFAULT_CARD_SET.map((_, i) => i),
      cardsStream.int,
    );
    const theirCards = order.map((i) => {
      const sides = DEFAULT_CARD_SET[i] ?? ['sleeping', 'sleeping'];
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
