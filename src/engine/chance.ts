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
import { _HMAC } from '@noble/hashes/hmac.js';
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

/** The purposes drawn many times a game: each draw takes the next block of the purpose's stream. */
export type CountedPurpose = 'plank' | 'shot';

/** Where a table's chance comes from while one decision is resolved. */
export interface Chance {
  /** The draws for the next outcome of `purpose` (the cards and who starts are drawn once a game). */
  draws(purpose: ChancePurpose): Draws;
  /** An independent copy for a search that branches. */
  fork(): Chance;
  /** The chance state after this table's draws: the counts of planks and shots, or an old game's stream. */
  settle(state: ChanceState): ChanceState;
}

/** The generators a game's chance can come from: ChaCha20 (every new game), xoroshiro128+ (games from before). */
export const GENERATORS = ['chacha20', 'xoroshiro128plus'] as const;
export type Generator = (typeof GENERATORS)[number];

/**
 * The chance part of a game state (secret: the state never leaves the server or the local worker).
 * - chacha20: `contributions` as given by each seat (hex), null until given; `key` is the game key (hex),
 *   derived once both are in, null before; `drawn` counts the planks and shots drawn so far. Games whose
 *   chance comes from the seed alone have '' for both contributions.
 * - xoroshiro128plus: games stored before keyed chance; `words` is the one stream's position.
 */
export type ChanceState =
  | {
      readonly generator: 'chacha20';
      /** e.g. `{ red: '9f2c…', blue: null }` while waiting for blue. */
      readonly contributions: BySeat<string | null>;
      /** e.g. '5be1…' (64 hex digits), or null before both seats contributed. */
      readonly key: string | null;
      /** How many planks and shots have been drawn, e.g. `{ plank: 2, shot: 5 }`. */
      readonly drawn: Readonly<Record<CountedPurpose, number>>;
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

/** The labels every game derives with, encoded once (a game's deal would otherwise encode six). */
const LABELS = {
  kinds: label('kinds'),
  game: label('game'),
  cards: label('cards'),
  start: label('start'),
  plank: label('plank'),
  shot: label('shot'),
} as const;

/**
 * HMAC-SHA256 under one key for several messages. A game derives two keys from its seed and four from its
 * game key; noble's keyed instance (`hmac.create` is `new _HMAC`) hashes the key's pads once, and each message runs on a copy of it made
 * into one reused instance (`_cloneInto`), which is what `hmac()` would compute, without two more
 * compressions and five allocations per message. Its digest wipes the copy's state.
 */
class KeyedHmac {
  readonly #keyed: Sha256Hmac;
  constructor(key: Uint8Array) {
    this.#keyed = new _HMAC(sha256, key);
  }
  of(message: Uint8Array): Uint8Array {
    const copy = this.#keyed._cloneInto(scratchHmac);
    scratchHmac = copy;
    copy.update(message).digestInto(DIGEST);
    return DIGEST.slice();
  }
}

/** The one instance messages are hashed in (JavaScript runs one derivation at a time). */
let scratchHmac: Sha256Hmac | undefined;
/**
 * The digest is written here and copied out: hashing into an array reads its `buffer`, which for a fresh
 * small array makes V8 move it out of its heap, once per digest; this one has its buffer already.
 */
const DIGEST = new Uint8Array(new ArrayBuffer(32));
type Sha256Hmac = _HMAC<ReturnType<typeof sha256.create>>;

/**
 * The seed's keyed HMAC, kept for the last seed: creating a game derives the kinds and game keys from it,
 * and a computer seat's contribution follows from it too.
 */
let lastSeed: { readonly seed: string; readonly hmac: KeyedHmac } | null = null;

function seedHmac(seed: string): KeyedHmac {
  if (lastSeed?.seed === seed) return lastSeed.hmac;
  const keyed = new KeyedHmac(utf8ToBytes(seed));
  lastSeed = { seed, hmac: keyed };
  return keyed;
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
  return seedHmac(seed).of(LABELS.kinds);
}

/**
 * The game key: the seed keyed with both contributions (each length-prefixed, so no two pairs give one
 * input). Neither the server (committed to the seed before any contribution) nor a seat (never told the
 * seed before the end) can choose or foresee what it gives.
 */
export function gameKey(seed: string, contributions: BySeat<string>): string {
  const red = bytesOf(contributions.red);
  const blue = bytesOf(contributions.blue);
  const input = concat(LABELS.game, Uint8Array.of(0), u16be(red.length), red, u16be(blue.length), blue);
  return bytesToHex(seedHmac(seed).of(input));
}

/** A contribution's UTF-8 bytes; a game keyed by its seed alone has two empty ones, encoded for nothing. */
function bytesOf(contribution: string): Uint8Array {
  return contribution === '' ? NO_BYTES : utf8ToBytes(contribution);
}

const NO_BYTES = new Uint8Array(0);

/**
 * What the server contributes for a seat the computer holds: derived from the seed, so the published
 * commitment (sha256 of the seed) fixes it before any person contributes, and a verifier can check it.
 */
export function computerContribution(seed: string, seat: Seat): string {
  return bytesToHex(seedHmac(seed).of(label(`computer/${seat}`)));
}

const WORDS_PER_BLOCK = 16;
/** Blocks of a counted purpose made by one ChaCha20 call: a typical game draws fewer planks or shots. */
const WINDOW_BLOCKS = 16;
const NO_NONCE = new Uint8Array(12);
const TWO_32 = 4294967296;

/** The keystream bytes as 32-bit words, each 4 bytes little-endian (whatever the platform's byte order). */
function wordsOf(bytes: Uint8Array): Uint32Array {
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i++) {
    const at = i * 4;
    words[i] =
      ((bytes[at] ?? 0) |
        ((bytes[at + 1] ?? 0) << 8) |
        ((bytes[at + 2] ?? 0) << 16) |
        ((bytes[at + 3] ?? 0) << 24)) >>>
      0;
  }
  return words;
}

/** Whether this platform stores a Uint32Array's words little-endian (every browser and Node in use does). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Zero bytes for the cipher to encrypt, by block count: read only, so one of each size serves every call. */
const zeroBlocks: Uint8Array[] = [];

function zeros(count: number): Uint8Array {
  let input = zeroBlocks[count];
  if (input === undefined) {
    input = new Uint8Array(count * 64);
    zeroBlocks[count] = input;
  }
  return input;
}

/**
 * `count` blocks of the ChaCha20 keystream (RFC 8439, nonce of zeros) of `key`, from block `first` on.
 * On a little-endian platform the cipher writes straight into the words' own bytes, which are then the
 * little-endian words of the specification; elsewhere the bytes are read as words one by one.
 */
function keystream(key: Uint8Array, first: number, count: number): Uint32Array {
  if (!LITTLE_ENDIAN) return wordsOf(chacha20(key, NO_NONCE, zeros(count), undefined, first));
  const words = newWords(count * WORDS_PER_BLOCK);
  chacha20(
    key,
    NO_NONCE,
    zeros(count),
    new Uint8Array(words.buffer, words.byteOffset, words.byteLength),
    first,
  );
  return words;
}

/**
 * Keystream words are cut from a shared buffer: an array of its own per stream costs an allocation outside
 * V8's heap each time (several a game), which the collector must then track one by one. The streams never
 * leave this module (draws keep their words private), so sharing a buffer shows no game another's.
 */
const SLAB_BYTES = 64 * 1024;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabUsed = 0;

function newWords(length: number): Uint32Array {
  const bytes = length * 4;
  if (bytes > SLAB_BYTES) return new Uint32Array(length);
  if (slabUsed + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const words = new Uint32Array(slab, slabUsed, length);
  slabUsed += bytes;
  return words;
}

/** How numbers are drawn from words (docs/fairness.md "Drawing numbers"): by rejection, and 53-bit floats. */
export abstract class WordDraws implements Draws {
  /** The next 32-bit word of the keystream, as an unsigned number. */
  abstract word(): number;

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

/** A whole keystream read from block 0 on, as far as needed: the deal of kinds, the cards. */
export class KeystreamDraws extends WordDraws {
  readonly #key: Uint8Array;
  #words: Uint32Array = new Uint32Array(0);
  #block = 0;
  #at = 0;

  constructor(key: Uint8Array) {
    super();
    this.#key = key;
  }

  word(): number {
    if (this.#at === this.#words.length) {
      this.#words = keystream(this.#key, this.#block, 2);
      this.#block += 2;
      this.#at = 0;
    }
    return this.#words[this.#at++] ?? 0;
  }
}

/**
 * One block's 16 words: one plank coin (1 word), one shot (2 words quick, 6 aimed), who starts (1 word).
 * None can need more (int(2) never rejects, floats never do), so running out is a bug.
 */
class BlockDraws extends WordDraws {
  readonly #words: Uint32Array;
  readonly #end: number;
  #at: number;

  /** The block at word `start` of `words` (an offset, not a subarray: a view per draw costs more than the draw). */
  constructor(words: Uint32Array, start = 0) {
    super();
    this.#words = words;
    this.#at = start;
    this.#end = start + WORDS_PER_BLOCK;
  }

  word(): number {
    if (this.#at === this.#end) throw new Error('chance: a draw used up its 16 words');
    return this.#words[this.#at++] ?? 0;
  }
}

/**
 * A game's purpose keys, each derived when first drawn from (a game played with a bot's chance derives only
 * the cards'), and the windows of its counted streams made so far.
 */
interface GameStreams {
  readonly gameHmac: KeyedHmac;
  readonly keys: Partial<Record<ChancePurpose, Uint8Array>>;
  /** Each counted purpose's windows made so far, by window number (a replay from the start reuses them). */
  readonly windows: Readonly<Record<CountedPurpose, Uint32Array[]>>;
}

/**
 * Each game's streams, by game key: a memo, so a running game derives its keys once and makes its blocks a
 * window at a time rather than one ChaCha20 call per draw. Looked up by the state's own key string (V8
 * keeps its hash); the oldest game is dropped past the bound.
 */
const streamsByGame = new Map<string, GameStreams>();
const GAMES_KEPT = 2048;

function streamsOf(key: string): GameStreams {
  const known = streamsByGame.get(key);
  if (known !== undefined) return known;
  if (streamsByGame.size >= GAMES_KEPT) {
    const oldest = streamsByGame.keys().next();
    if (oldest.done !== true) streamsByGame.delete(oldest.value);
  }
  const streams: GameStreams = {
    gameHmac: new KeyedHmac(hexToBytes(key)),
    keys: {},
    windows: { plank: [], shot: [] },
  };
  streamsByGame.set(key, streams);
  return streams;
}

/** One purpose's key from the game key (hex): HMAC(gameKey, domain + purpose). */
export function purposeKey(key: string, purpose: ChancePurpose): Uint8Array {
  return keyOf(streamsOf(key), purpose);
}

function keyOf(streams: GameStreams, purpose: ChancePurpose): Uint8Array {
  const known = streams.keys[purpose];
  if (known !== undefined) return known;
  const derived = streams.gameHmac.of(LABELS[purpose]);
  streams.keys[purpose] = derived;
  return derived;
}

/** Block `k` of a counted purpose's stream, from the memo's window (made when first needed). */
function countedBlock(key: string, purpose: CountedPurpose, k: number): BlockDraws {
  const streams = streamsOf(key);
  const windows = streams.windows[purpose];
  const number = Math.floor(k / WINDOW_BLOCKS);
  let words = windows[number];
  if (words === undefined) {
    words = keystream(keyOf(streams, purpose), number * WINDOW_BLOCKS, WINDOW_BLOCKS);
    windows[number] = words;
  }
  return new BlockDraws(words, (k % WINDOW_BLOCKS) * WORDS_PER_BLOCK);
}

/**
 * The draws of `purpose` under game key `key` (hex): the cards read their stream from block 0; who starts
 * reads block 0 of its stream; plank or shot number `ordinal` (0 for a game's first) reads block `ordinal`.
 */
export function keyedDraws(key: string, purpose: ChancePurpose, ordinal = 0): WordDraws {
  switch (purpose) {
    case 'cards':
      return new KeystreamDraws(purposeKey(key, 'cards'));
    case 'start':
      return new BlockDraws(keystream(purposeKey(key, 'start'), 0, 1));
    case 'plank':
    case 'shot':
      return countedBlock(key, purpose, ordinal);
  }
}

/** The chance of a game whose key is known; it counts the planks and shots it draws. */
class KeyedChance implements Chance {
  readonly #key: string;
  #plank: number;
  #shot: number;
  constructor(key: string, drawn: Readonly<Record<CountedPurpose, number>>) {
    this.#key = key;
    this.#plank = drawn.plank;
    this.#shot = drawn.shot;
  }
  draws(purpose: ChancePurpose): Draws {
    if (purpose === 'plank') return keyedDraws(this.#key, purpose, this.#plank++);
    if (purpose === 'shot') return keyedDraws(this.#key, purpose, this.#shot++);
    return keyedDraws(this.#key, purpose);
  }
  fork(): Chance {
    return new KeyedChance(this.#key, { plank: this.#plank, shot: this.#shot });
  }
  settle(state: ChanceState): ChanceState {
    if (state.generator !== 'chacha20') return state;
    const { drawn } = state;
    if (drawn.plank === this.#plank && drawn.shot === this.#shot) return state;
    return { ...state, drawn: { plank: this.#plank, shot: this.#shot } };
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
  settle(state) {
    return state;
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
  settle(): ChanceState {
    return { generator: 'xoroshiro128plus', words: this.random.state() };
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
  settle(state: ChanceState): ChanceState {
    return state;
  }
}

export function chanceFrom(random: Random): Chance {
  return new OwnChance(random);
}

/** The live chance of a stored chance state. */
export function chanceOf(state: ChanceState): Chance {
  switch (state.generator) {
    case 'chacha20':
      return state.key === null ? NO_KEY_YET : new KeyedChance(state.key, state.drawn);
    case 'xoroshiro128plus':
      return new LegacyChance(state.words);
  }
}

const NONE_DRAWN = Object.freeze({ plank: 0, shot: 0 });

/** The chance state a new game starts with. */
export function initialChance(generator: Generator, seed: string, awaitSeats: boolean): ChanceState {
  switch (generator) {
    case 'chacha20':
      return awaitSeats
        ? { generator, contributions: { red: null, blue: null }, key: null, drawn: NONE_DRAWN }
        : {
            generator,
            contributions: { red: '', blue: '' },
            key: gameKey(seed, { red: '', blue: '' }),
            drawn: NONE_DRAWN,
          };
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
  return { generator: 'chacha20', contributions, key, drawn: state.drawn };
}
