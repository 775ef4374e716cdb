/**
 * Game chance that nobody can read, foresee or steer (docs/fairness.md is the exact specification).
 * Every chance draw comes from a ChaCha20 keystream (RFC 8439, @noble/ciphers) whose key is derived with
 * HMAC-SHA256 (@noble/hashes) from the server's secret seed and both seats' contributions, one stream per
 * purpose and index, so what one stream shows (a shot's wobble, a coin) says nothing about any other (the
 * deal of kinds to ids, the hidden card faces, later coins). The rules never see bytes: they ask
 * `chance.draws(purpose, index)` for a `Draws`, which a bot's imagined world answers from its own fast
 * generator instead, and which games stored before this scheme answer from their old xoroshiro128+ stream.
 */
import { _HMAC } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { keystreamInto, WORDS_PER_BLOCK } from './keystream.ts';
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
  /**
   * The draws for the next outcome of `purpose` (the cards and who starts are drawn once a game), good until
   * the next call: the rules read each before asking for the next.
   */
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
 * HMAC-SHA256 under one key for several messages, and then under another, in the same instances. A game
 * derives two keys from its seed and four from its game key. noble's keyed instance (`new _HMAC`) hashes the
 * key's pads once, and each message runs on a copy of it made into one reused instance (`_cloneInto`), which
 * is what `hmac()` would compute, without two more compressions and five allocations per message; its digest
 * wipes the copy's state. Keying again takes the SHA-256 instances noble's HMAC asks for (`create`) from this
 * one's own three, reset to the initial state (`_cloneInto` from a fresh one): a fresh instance costs V8 a
 * buffer moved out of its heap for its view, twice a key, and the keying is noble's all the same.
 */
class KeyedHmac {
  /** The key this instance holds now (whatever identifies it to the caller), or null before the first. */
  keyedFor: string | null = null;
  #keyed: Sha256Hmac | null = null;
  readonly #hashes = [sha256.create(), sha256.create(), sha256.create()] as const;
  #taken = 0;
  /** What `new _HMAC` hashes with: SHA-256, its instances this one's own (a long key takes three). */
  readonly #hasher: typeof sha256 = Object.assign((message: Uint8Array) => sha256(message), {
    create: () => this.#take(),
    outputLen: sha256.outputLen,
    blockLen: sha256.blockLen,
  }) as typeof sha256;

  #take(): ReturnType<typeof sha256.create> {
    const hash = this.#hashes[this.#taken++];
    if (hash === undefined) throw new Error('chance: HMAC asked for a fourth SHA-256 instance');
    return FRESH_SHA256._cloneInto(hash);
  }

  /** Keys this instance with `key`, known to the caller as `name`. */
  rekey(key: Uint8Array, name: string): void {
    this.#taken = 0;
    this.#keyed = new _HMAC(this.#hasher, key);
    this.keyedFor = name;
  }

  of(message: Uint8Array): Uint8Array {
    if (this.#keyed === null) throw new Error('chance: an HMAC before its key');
    const copy = this.#keyed._cloneInto(scratchHmac);
    scratchHmac = copy;
    copy.update(message).digestInto(DIGEST);
    return DIGEST.slice();
  }
}

/** SHA-256's initial state, copied into an instance to use it afresh (never updated itself). */
const FRESH_SHA256 = sha256.create();

/** The one instance messages are hashed in (JavaScript runs one derivation at a time). */
let scratchHmac: Sha256Hmac | undefined;
/**
 * The digest is written here and copied out: hashing into an array reads its `buffer`, which for a fresh
 * small array makes V8 move it out of its heap, once per digest; this one has its buffer already.
 */
const DIGEST = new Uint8Array(new ArrayBuffer(32));
type Sha256Hmac = _HMAC<ReturnType<typeof sha256.create>>;

/**
 * The seed's keyed HMAC, keyed for the last seed: creating a game derives the kinds and game keys from it,
 * and a computer seat's contribution follows from it too.
 */
const seedKeyed = new KeyedHmac();

function seedHmac(seed: string): KeyedHmac {
  if (seedKeyed.keyedFor !== seed) seedKeyed.rekey(utf8ToBytes(seed), seed);
  return seedKeyed;
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
  const bytes = seedHmac(seed).of(input);
  const hex = bytesToHex(bytes);
  lastGameKey = { hex, bytes };
  return hex;
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

const TWO_32 = 4294967296;

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

/** A whole keystream read from block 0 on, a block at a time, as far as needed: the deal of kinds, the cards. */
export class KeystreamDraws extends WordDraws {
  readonly #key: Uint8Array;
  readonly #words = new Uint32Array(WORDS_PER_BLOCK);
  #block = 0;
  #at = WORDS_PER_BLOCK;

  constructor(key: Uint8Array) {
    super();
    this.#key = key;
  }

  word(): number {
    if (this.#at === WORDS_PER_BLOCK) {
      keystreamInto(this.#key, this.#block++, 1, this.#words, 0);
      this.#at = 0;
    }
    return this.#words[this.#at++] ?? 0;
  }
}

/**
 * One block's 16 words: one plank coin (1 word), one shot (2 words quick, 6 aimed), who starts (1 word).
 * None can need more (int(2) never rejects, floats never do), so running out is a bug. Each draw computes
 * its own block (keystream.ts: noble's block function costs a block, no more, so nothing is made ahead or
 * kept), into words small enough for V8 to keep in its heap; a game's chance loads each draw into the
 * same one (`KeyedChance`), as the rules read a draw before they ask for the next.
 */
class BlockDraws extends WordDraws {
  readonly #words = new Uint32Array(WORDS_PER_BLOCK);
  #at = WORDS_PER_BLOCK;

  /** Block `k` of the keystream of `key`, read from its first word. */
  load(key: Uint8Array, k: number): this {
    keystreamInto(key, k, 1, this.#words, 0);
    this.#at = 0;
    return this;
  }

  word(): number {
    if (this.#at === WORDS_PER_BLOCK) throw new Error('chance: a draw used up its 16 words');
    return this.#words[this.#at++] ?? 0;
  }
}

/** A game's purpose keys, each derived when first drawn from (a game played with a bot's chance derives only the cards'). */
class GameStreams {
  /** The game key (hex). */
  readonly key: string;
  cards: Uint8Array | null = null;
  start: Uint8Array | null = null;
  plank: Uint8Array | null = null;
  shot: Uint8Array | null = null;
  constructor(key: string) {
    this.key = key;
  }
}

/**
 * Each game's purpose keys, by game key: a memo, so a running game derives its keys once, however many
 * tables its actions make. Looked up by the state's own key string (V8 keeps its hash) in two generations:
 * once the newer holds GAMES_KEPT / 2 games, it becomes the older and the older is dropped whole (a game
 * found in the older moves to the newer), so at least the GAMES_KEPT / 2 games used last are kept. The
 * last game looked up is kept in front: a game is played a draw after another.
 * Few are kept: a key kept across many games outlives V8's young generation, and copying and promoting
 * them cost self-play (a game created and played out after another) a third of its games a second at 2,048
 * kept; a game's draw that misses derives its key again (two or four SHA-256 compressions, a few µs).
 */
const GAMES_KEPT = 64;
let newerStreams = new Map<string, GameStreams>();
let olderStreams = new Map<string, GameStreams>();
let lastStreams: GameStreams | null = null;

function streamsOf(key: string): GameStreams {
  if (lastStreams !== null && lastStreams.key === key) return lastStreams;
  let streams = newerStreams.get(key);
  if (streams === undefined) {
    streams = olderStreams.get(key) ?? new GameStreams(key);
    if (newerStreams.size >= GAMES_KEPT / 2) {
      olderStreams = newerStreams;
      newerStreams = new Map();
    }
    newerStreams.set(key, streams);
  }
  lastStreams = streams;
  return streams;
}

/**
 * The game keys' HMAC, keyed for the last game that derived a purpose key: a game derives its cards' key as
 * it is created and the others as it first draws them, so one instance keyed at a time serves a game
 * played from its start, and any other is keyed again (two compressions) before it derives.
 */
const gameKeyed = new KeyedHmac();

/** The bytes of the last game key derived here (hex and bytes), so keying its HMAC reads no hex. */
let lastGameKey: { readonly hex: string; readonly bytes: Uint8Array } | null = null;

function gameHmac(key: string): KeyedHmac {
  if (gameKeyed.keyedFor !== key) {
    gameKeyed.rekey(lastGameKey?.hex === key ? lastGameKey.bytes : hexToBytes(key), key);
  }
  return gameKeyed;
}

/** One purpose's key from the game key (hex): HMAC(gameKey, domain + purpose). */
export function purposeKey(key: string, purpose: ChancePurpose): Uint8Array {
  const streams = streamsOf(key);
  // A switch, not a lookup keyed by the purpose: it runs at every draw of a playout.
  switch (purpose) {
    case 'cards':
      streams.cards ??= gameHmac(key).of(LABELS.cards);
      return streams.cards;
    case 'start':
      streams.start ??= gameHmac(key).of(LABELS.start);
      return streams.start;
    case 'plank':
      streams.plank ??= gameHmac(key).of(LABELS.plank);
      return streams.plank;
    case 'shot':
      streams.shot ??= gameHmac(key).of(LABELS.shot);
      return streams.shot;
  }
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
      return new BlockDraws().load(purposeKey(key, 'start'), 0);
    case 'plank':
    case 'shot':
      return new BlockDraws().load(purposeKey(key, purpose), ordinal);
  }
}

/** The chance of a game whose key is known; it counts the planks and shots it draws. */
class KeyedChance implements Chance {
  readonly #key: string;
  #plank: number;
  #shot: number;
  /** Every plank, shot and start coin of this table is loaded into it in turn (made at the first). */
  #block: BlockDraws | null = null;
  constructor(key: string, drawn: Readonly<Record<CountedPurpose, number>>) {
    this.#key = key;
    this.#plank = drawn.plank;
    this.#shot = drawn.shot;
  }
  draws(purpose: ChancePurpose): Draws {
    switch (purpose) {
      case 'cards':
        return keyedDraws(this.#key, purpose);
      case 'start':
        return this.#reused().load(purposeKey(this.#key, purpose), 0);
      case 'plank':
        return this.#reused().load(purposeKey(this.#key, purpose), this.#plank++);
      case 'shot':
        return this.#reused().load(purposeKey(this.#key, purpose), this.#shot++);
    }
  }
  #reused(): BlockDraws {
    this.#block ??= new BlockDraws();
    return this.#block;
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
