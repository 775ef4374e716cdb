/**
 * Game chance that nobody can read, foresee or steer (docs/fairness.md is the exact specification).
 * Every chance draw comes from a ChaCha20 keystream (RFC 8439, @noble/ciphers) whose key is derived with
 * HMAC-SHA256 (@noble/hashes) from the server's secret seed and both seats' contributions, one stream per
 * purpose and index, so what one stream shows (a shot's wobble, a coin) says nothing about any other (the
 * deal of kinds to ids, the hidden card faces, later coins). The rules never see bytes: they ask
 * `chance.draws(purpose, index)` for a `Draws`, which a bot's imagined world answers from its own fast
 * generator instead, and which games stored before this scheme answer from their old xoroshiro128+ stream.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { type Random, type RandomState, randomFrom, seedToState } from './random.ts';
import type { BySeat, Seat } from './vocabulary.ts';

/** Uniform draws for one purpose: all the rules need. */
export interface Draws {
  /** Uniform in [0, 1), 53 bits. */
  float(): number;
  /** Uniform whole number in [0, n). */
  int(n: number): number;
}

/** What a stream is for: the card layout and faces, who starts, a plank's coin, a shot (wobble or quick odds). */
export const CHANCE_PURPOSES = ['cards', 'start', 'plank', 'shot'] as const;
export type ChancePurpose = (typeof CHANCE_PURPOSES)[number];

/** Where a table's chance comes from while one decision is resolved. */
export interface Chance {
  /** The draws for `purpose`; `index` tells apart draws of one purpose (the turn number, 0 for a game's once-only draws). */
  draws(purpose: ChancePurpose, index: number): Draws;
  /** An independent copy for a search that branches. */
  fork(): Chance;
}

/** The generators a game's chance can come from: ChaCha20 (every new game), xoroshiro128+ (games from before). */
export const GENERATORS = ['chacha20', 'xoroshiro128plus'] as const;
export type Generator = (typeof GENERATORS)[number];

/**
 * The chance part of a game state (secret: the state never leaves the server or the local worker).
 * - chacha20: `contributions` as given by each seat (hex), null until given; `key` is the game key (hex),
 *   derived once both are in, null before. Games whose chance comes from the seed alone have '' for both.
 * - xoroshiro128plus: games stored before keyed chance; `words` is the one stream's position.
 */
export type ChanceState =
  | {
      readonly generator: 'chacha20';
      /** e.g. `{ red: '9f2c…', blue: null }` while waiting for blue. */
      readonly contributions: BySeat<string | null>;
      /** e.g. '5be1…' (64 hex digits), or null before both seats contributed. */
      readonly key: string | null;
    }
  | { readonly generator: 'xoroshiro128plus'; readonly words: RandomState };

/** Every label starts with this, so no other protocol's HMAC input can collide with ours. */
export const CHANCE_DOMAIN = 'pirates-stratego/2/';

/** A seat's contribution: 32 to 128 hex digits (128 to 512 bits of its own entropy). */
export const CONTRIBUTION_PATTERN = /^[0-9a-f]{32,128}$/;

export function isContribution(value: unknown): value is string {
  return typeof value === 'string' && CONTRIBUTION_PATTERN.test(value);
}

function label(text: string): Uint8Array {
  return utf8ToBytes(CHANCE_DOMAIN + text);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function u16be(n: number): Uint8Array {
  return Uint8Array.of((n >>> 8) & 0xff, n & 0xff);
}

/** The key of the deal of kinds to piece ids: from the seed alone (it only hides labels, DESIGN "Hidden"). */
export function kindsKey(seed: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(seed), label('kinds'));
}

/**
 * The game key: the seed keyed with both contributions (each length-prefixed, so no two pairs give one
 * input). Neither the server (committed to the seed before any contribution) nor a seat (never told the
 * seed before the end) can choose or foresee what it gives.
 */
export function gameKey(seed: string, contributions: BySeat<string>): string {
  const red = utf8ToBytes(contributions.red);
  const blue = utf8ToBytes(contributions.blue);
  const input = concat(label('game'), Uint8Array.of(0), u16be(red.length), red, u16be(blue.length), blue);
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), input));
}

/**
 * What the server contributes for a seat the computer holds: derived from the seed, so the published
 * commitment (sha256 of the seed) fixes it before any person contributes, and a verifier can check it.
 */
export function computerContribution(seed: string, seat: Seat): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), label(`computer/${seat}`)));
}

type PurposeKeys = Readonly<Record<ChancePurpose, Uint8Array>>;

/**
 * Each game's purpose keys, by game key. A memo, so a running game derives them once, not at every draw:
 * looked up by the state's own key string, whose hash V8 keeps, and the oldest game dropped past the bound.
 */
const purposeKeysByGame = new Map<string, PurposeKeys>();
const GAMES_KEPT = 4096;

function purposeKeysOf(key: string): PurposeKeys {
  const known = purposeKeysByGame.get(key);
  if (known !== undefined) return known;
  const secret = hexToBytes(key);
  const derive = (purpose: ChancePurpose) => hmac(sha256, secret, label(purpose));
  const keys = {
    cards: derive('cards'),
    start: derive('start'),
    plank: derive('plank'),
    shot: derive('shot'),
  };
  if (purposeKeysByGame.size >= GAMES_KEPT) {
    const oldest = purposeKeysByGame.keys().next();
    if (oldest.done !== true) purposeKeysByGame.delete(oldest.value);
  }
  purposeKeysByGame.set(key, keys);
  return keys;
}

/** One purpose's key from the game key (hex): HMAC(gameKey, domain + purpose). */
export function purposeKey(key: string, purpose: ChancePurpose): Uint8Array {
  return purposeKeysOf(key)[purpose];
}

const BLOCK = 64;
const ZEROS = new Uint8Array(BLOCK);
const TWO_32 = 4294967296;

/**
 * Draws read from one ChaCha20 keystream: key `key`, nonce = the index as 4 bytes big-endian then 8 zero
 * bytes, block counter from 0. Words are read as 32-bit little-endian; `int` rejects the top values that
 * would bias it, `float` takes 27 + 26 bits of two words (docs/fairness.md "Drawing numbers").
 */
export class KeystreamDraws implements Draws {
  readonly #key: Uint8Array;
  readonly #nonce: Uint8Array;
  readonly #block = new Uint8Array(BLOCK);
  #counter = 0;
  #at = BLOCK;

  constructor(key: Uint8Array, index: number) {
    this.#key = key;
    this.#nonce = new Uint8Array(12);
    this.#nonce[0] = (index >>> 24) & 0xff;
    this.#nonce[1] = (index >>> 16) & 0xff;
    this.#nonce[2] = (index >>> 8) & 0xff;
    this.#nonce[3] = index & 0xff;
  }

  /** The next 32-bit word of the keystream, as an unsigned number. */
  word(): number {
    if (this.#at === BLOCK) {
      chacha20(this.#key, this.#nonce, ZEROS, this.#block, this.#counter++);
      this.#at = 0;
    }
    const b = this.#block;
    const i = this.#at;
    this.#at += 4;
    return ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;
  }

  int(n: number): number {
    // Reject the last 2^32 mod n values, so every result is exactly as likely.
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const word = this.word();
      if (word < limit) return word % n;
    }
  }

  float(): number {
    const high = this.word() >>> 5;
    const low = this.word() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }
}

/** The keystream of `purpose` number `index` under game key `key` (hex). */
export function keyedDraws(key: string, purpose: ChancePurpose, index: number): KeystreamDraws {
  return new KeystreamDraws(purposeKey(key, purpose), index);
}

/** The chance of a game whose key is known: a fresh stream for every purpose and index. */
class KeyedChance implements Chance {
  readonly #key: string;
  constructor(key: string) {
    this.#key = key;
  }
  draws(purpose: ChancePurpose, index: number): Draws {
    return keyedDraws(this.#key, purpose, index);
  }
  fork(): Chance {
    return this;
  }
}

/** Before both seats contributed, no draw can be made: the rules ask for none then, so this is a bug. */
const NO_KEY_YET: Chance = {
  draws(purpose) {
    throw new Error(`chance: a ${purpose} draw before both seats contributed`);
  },
  fork() {
    return NO_KEY_YET;
  },
};

/** Games from before keyed chance: one xoroshiro128+ stream for everything, in the order drawn. */
export class LegacyChance implements Chance {
  readonly random: Random;
  constructor(words: RandomState) {
    this.random = randomFrom(words);
  }
  draws(): Draws {
    return this.random;
  }
  fork(): Chance {
    return new LegacyChance(this.random.state());
  }
}

/** A bot's imagined world: its own fast generator answers every draw (it must not know the real dice). */
class OwnChance implements Chance {
  readonly #random: Random;
  constructor(random: Random) {
    this.#random = random;
  }
  draws(): Draws {
    return this.#random;
  }
  fork(): Chance {
    return new OwnChance(randomFrom(this.#random.state()));
  }
}

export function chanceFrom(random: Random): Chance {
  return new OwnChance(random);
}

/** The live chance of a stored chance state. */
export function chanceOf(state: ChanceState): Chance {
  switch (state.generator) {
    case 'chacha20':
      return state.key === null ? NO_KEY_YET : new KeyedChance(state.key);
    case 'xoroshiro128plus':
      return new LegacyChance(state.words);
  }
}

/** The chance state after a table drew from `chance`: only an old game's one stream moves. */
export function settledChance(state: ChanceState, chance: Chance): ChanceState {
  return chance instanceof LegacyChance
    ? { generator: 'xoroshiro128plus', words: chance.random.state() }
    : state;
}

/** The chance state a new game starts with. */
export function initialChance(generator: Generator, seed: string, awaitSeats: boolean): ChanceState {
  switch (generator) {
    case 'chacha20':
      return awaitSeats
        ? { generator, contributions: { red: null, blue: null }, key: null }
        : { generator, contributions: { red: '', blue: '' }, key: gameKey(seed, { red: '', blue: '' }) };
    case 'xoroshiro128plus':
      return { generator, words: seedToState(seed) };
  }
}

/** The chance state after `seat` contributed; once both have, the game key is derived. */
export type KeyedChanceState = Extract<ChanceState, { generator: 'chacha20' }>;

export function withContribution(
  state: KeyedChanceState,
  seed: string,
  seat: Seat,
  contribution: string,
): KeyedChanceState {
  const contributions = { ...state.contributions, [seat]: contribution };
  const { red, blue } = contributions;
  const key = red !== null && blue !== null ? gameKey(seed, { red, blue }) : null;
  return { generator: 'chacha20', contributions, key };
}
