/**
 * The ChaCha20 keystream (RFC 8439, a nonce of zeros) as 32-bit words, written into a caller's array: the
 * words the chance streams read (docs/fairness.md). The blocks are computed by @noble/ciphers' own ChaCha
 * block function, which noble exports for its tests (`__TESTS.chachaCore`): its `chacha20` copies the key and
 * makes a block buffer at every call, two small arrays V8 must then move out of its heap (about a microsecond
 * each, several calls a game, and the collector tracking each), where the block function writes numbers
 * into an array given to it. Should noble stop exporting it, `chacha20` itself makes the same words.
 */
import { __TESTS, chacha20 } from '@noble/ciphers/chacha.js';

export const WORDS_PER_BLOCK = 16;

/** RFC 8439 §2.3: the state's first four words, "expand 32-byte k". */
const SIGMA = Uint32Array.of(0x61707865, 0x3320646e, 0x79622d32, 0x6b206574);
/** RFC 8439 §2.3: the state's last three words, the nonce (12 zero bytes here). */
const ZERO_NONCE_WORDS = new Uint32Array(3);
const NO_NONCE = new Uint8Array(12);

type BlockFunction = (
  sigma: Uint32Array,
  key: Uint32Array,
  nonce: Uint32Array,
  out: Uint32Array,
  counter: number,
  rounds?: number,
) => void;

const blockFunction: BlockFunction | null =
  typeof __TESTS?.chachaCore === 'function' ? (__TESTS.chachaCore as BlockFunction) : null;

/** The key as the state's eight words (each 4 bytes little-endian), and one block's words: reused. */
const KEY_WORDS = new Uint32Array(8);
const BLOCK = new Uint32Array(WORDS_PER_BLOCK);

/**
 * Writes `count` blocks of the keystream of `key` (32 bytes), from block `first` on, into `out` at `at`:
 * each word is 4 keystream bytes read little-endian. The block function works on numbers, so the words are
 * the specification's on any platform.
 */
export function keystreamInto(
  key: Uint8Array,
  first: number,
  count: number,
  out: Uint32Array,
  at: number,
): void {
  if (blockFunction === null) {
    wordsInto(chacha20(key, NO_NONCE, new Uint8Array(count * 64), undefined, first), out, at);
    return;
  }
  for (let i = 0; i < 8; i++) {
    const b = i * 4;
    KEY_WORDS[i] =
      (key[b] ?? 0) | ((key[b + 1] ?? 0) << 8) | ((key[b + 2] ?? 0) << 16) | ((key[b + 3] ?? 0) << 24);
  }
  for (let block = 0; block < count; block++) {
    blockFunction(SIGMA, KEY_WORDS, ZERO_NONCE_WORDS, BLOCK, first + block);
    out.set(BLOCK, at + block * WORDS_PER_BLOCK);
  }
}

/** Keystream bytes as little-endian words. */
function wordsInto(bytes: Uint8Array, out: Uint32Array, at: number): void {
  for (let i = 0; i < bytes.length / 4; i++) {
    const b = i * 4;
    out[at + i] =
      ((bytes[b] ?? 0) |
        ((bytes[b + 1] ?? 0) << 8) |
        ((bytes[b + 2] ?? 0) << 16) |
        ((bytes[b + 3] ?? 0) << 24)) >>>
      0;
  }
}

/** Whether the words come from noble's block function (false: from its `chacha20`, the same words). */
export const USES_BLOCK_FUNCTION = blockFunction !== null;
