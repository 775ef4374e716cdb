/**
 * The learned belief's network (docs/ai.md, "The learned belief"): a small MLP read with plain typed-array
 * code, so Node, the server's bot workers and the page's Web Worker run the same arithmetic on the same file.
 * One shared head per enemy piece: a few whole-game sections of the information state (docs/learn.md,
 * "Tensors") projected once per decision, plus that piece's own rows, through two ReLU layers to eight
 * logits added to the log of the uniform prior under the hard constraints, so a kind the piece cannot be
 * gets probability 0 exactly. Not the whole information state: with it the network learned each training
 * game by heart (decisions of one game share its kinds) and did worse on held-out games (docs/ai.md).
 */
import { PIECE_KINDS } from '../engine/index.ts';

/** The model file's format tag; a file with another is refused. */
export const BELIEF_MODEL_FORMAT = 'pirates-belief/1';

/** Where an enemy piece's rows sit in the information state (docs/learn.md: rows 10-19 are the enemy's). */
const PIECES = 105;
const PIECE_ROW = 27;
const HISTORY = 937;
const HISTORY_ROW = 11;
/** Columns of a piece row: kind unknown, and the derived kind belief (the uniform prior, 8 numbers). */
const KIND_UNKNOWN = 14;
const PRIOR = 19;
export const KINDS = PIECE_KINDS.length;
/**
 * Per piece: its observation row and its history row. Not its slot: the deal shuffles the kinds over the
 * ids, so a slot says nothing of a kind, and with it the network only learned training games by heart.
 */
export const PIECE_FEATURES = PIECE_ROW + HISTORY_ROW;

/**
 * The whole-game numbers every piece's head sees, as [offset, size] in the information state: `turn`,
 * `pending`, `counts` (places and the kinds unaccounted for), `facesTurned`, `shots`, `choices`.
 */
export const GLOBAL_SECTIONS: readonly (readonly [number, number])[] = [
  [36, 10],
  [46, 18],
  [895, 18],
  [1259, 14],
  [1273, 8],
  [1281, 4],
];
export const GLOBAL_FEATURES = GLOBAL_SECTIONS.reduce((sum, [, n]) => sum + n, 0);

/** The whole-game numbers of an information state, gathered into `out`. */
export function globalFeatures(infoState: Float32Array, out: Float32Array | Float64Array): void {
  let at = 0;
  for (const [offset, size] of GLOBAL_SECTIONS)
    for (let i = 0; i < size; i++) out[at++] = infoState[offset + i] ?? 0;
}

/** The sizes a model is built with; `weights` holds exactly `parameterCount(sizes)` numbers. */
export interface NetworkSizes {
  /** The information state's length (INFORMATION_STATE_SIZE), which the network reads. */
  readonly input: number;
  readonly hidden: number;
}

/** The file as written by `pirates train belief` (JSON). */
export interface BeliefModelFile {
  readonly format: typeof BELIEF_MODEL_FORMAT;
  readonly sizes: NetworkSizes & {
    readonly globalFeatures: number;
    readonly pieceFeatures: number;
    readonly kinds: number;
  };
  readonly kinds: readonly string[];
  /** Every parameter as little-endian float32, base64, in the order of `layout`. */
  readonly weights: string;
  /** How it was trained and how well it did on held-out games (for people; the code reads none of it). */
  readonly training?: unknown;
}

/** A model ready to infer: the parameters in one Float32Array, views by layer. */
export interface BeliefNetwork {
  readonly sizes: NetworkSizes;
  readonly parameters: Float32Array;
  readonly wg: Float32Array;
  readonly wp: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: Float32Array;
  readonly w3: Float32Array;
  readonly b3: Float32Array;
}

/** The layers in file order with their lengths. */
export function layout(sizes: NetworkSizes): readonly (readonly [string, number])[] {
  const h = sizes.hidden;
  return [
    ['wg', GLOBAL_FEATURES * h],
    ['wp', PIECE_FEATURES * h],
    ['b1', h],
    ['w2', h * h],
    ['b2', h],
    ['w3', h * KINDS],
    ['b3', KINDS],
  ];
}

export function parameterCount(sizes: NetworkSizes): number {
  return layout(sizes).reduce((sum, [, n]) => sum + n, 0);
}

/** Views of each layer on one parameter array (training uses Float64Array, inference Float32Array). */
export function layerViews<A extends Float32Array | Float64Array>(
  sizes: NetworkSizes,
  parameters: A,
): Record<'wg' | 'wp' | 'b1' | 'w2' | 'b2' | 'w3' | 'b3', A> {
  const views: Record<string, A> = {};
  let at = 0;
  for (const [name, n] of layout(sizes)) {
    views[name] = parameters.subarray(at, at + n) as A;
    at += n;
  }
  return views as Record<'wg' | 'wp' | 'b1' | 'w2' | 'b2' | 'w3' | 'b3', A>;
}

export type ModelResult =
  | { readonly ok: true; readonly value: BeliefNetwork }
  | { readonly ok: false; readonly error: { readonly code: 'model/invalid'; readonly message: string } };

/** Reads a model file's parsed JSON; a file of another format or size is a value, not a throw. */
export function loadBeliefNetwork(file: unknown): ModelResult {
  const bad = (message: string): ModelResult => ({ ok: false, error: { code: 'model/invalid', message } });
  if (typeof file !== 'object' || file === null) return bad('The belief model is not a JSON object.');
  const f = file as Partial<BeliefModelFile>;
  if (f.format !== BELIEF_MODEL_FORMAT)
    return bad(`The belief model's format is '${String(f.format)}', not '${BELIEF_MODEL_FORMAT}'.`);
  const sizes = f.sizes;
  if (
    sizes === undefined ||
    !Number.isInteger(sizes.input) ||
    !Number.isInteger(sizes.hidden) ||
    sizes.globalFeatures !== GLOBAL_FEATURES ||
    sizes.pieceFeatures !== PIECE_FEATURES ||
    sizes.kinds !== KINDS
  )
    return bad('The belief model names sizes this code does not read.');
  if (typeof f.weights !== 'string') return bad('The belief model has no weights.');
  const parameters = decodeFloats(f.weights);
  const want = parameterCount(sizes);
  if (parameters === null || parameters.length !== want)
    return bad(`The belief model's weights are not ${want} float32 numbers in base64.`);
  const s = { input: sizes.input, hidden: sizes.hidden };
  return { ok: true, value: { sizes: s, parameters, ...layerViews(s, parameters) } };
}

/** Scratch arrays reused between calls (inference allocates only its answer). */
interface Scratch {
  global: Float32Array;
  zg: Float32Array;
  z1: Float32Array;
  z2: Float32Array;
  piece: Float32Array;
}
const scratches = new WeakMap<BeliefNetwork, Scratch>();

/**
 * Per enemy slot 0-9 (piece id minus the enemy's first id), eight probabilities in PIECE_KINDS order:
 * `out[slot * 8 + kind]`. A shown piece's row is all 0 (its kind is in the view). `infoState` is
 * `informationStateTensor(view, history)`; the hard constraints come from its derived prior columns, so
 * every kind the prior rules out is 0 and each hidden piece's eight numbers sum to 1.
 */
export function kindProbabilities(
  network: BeliefNetwork,
  infoState: Float32Array,
  out: Float32Array = new Float32Array(10 * KINDS),
): Float32Array {
  const { hidden: h, input } = network.sizes;
  if (infoState.length !== input)
    throw new RangeError(`The belief network reads ${input} numbers, not ${infoState.length}.`);
  let scratch = scratches.get(network);
  if (scratch === undefined) {
    scratch = {
      global: new Float32Array(GLOBAL_FEATURES),
      zg: new Float32Array(h),
      z1: new Float32Array(h),
      z2: new Float32Array(h),
      piece: new Float32Array(PIECE_FEATURES),
    };
    scratches.set(network, scratch);
  }
  const { global, zg, z1, z2, piece } = scratch;
  const { wg, wp, b1, w2, b2, w3, b3 } = network;
  globalFeatures(infoState, global);
  zg.fill(0);
  for (let i = 0; i < GLOBAL_FEATURES; i++) {
    const x = global[i] ?? 0;
    if (x === 0) continue;
    const row = i * h;
    for (let j = 0; j < h; j++) zg[j] = (zg[j] ?? 0) + x * (wg[row + j] ?? 0);
  }
  out.fill(0);
  for (let slot = 0; slot < 10; slot++) {
    const o = PIECES + (10 + slot) * PIECE_ROW;
    if (infoState[o + KIND_UNKNOWN] !== 1) continue;
    pieceFeatures(infoState, slot, piece);
    for (let j = 0; j < h; j++) z1[j] = (zg[j] ?? 0) + (b1[j] ?? 0);
    for (let f = 0; f < PIECE_FEATURES; f++) {
      const x = piece[f] ?? 0;
      if (x === 0) continue;
      const row = f * h;
      for (let j = 0; j < h; j++) z1[j] = (z1[j] ?? 0) + x * (wp[row + j] ?? 0);
    }
    for (let j = 0; j < h; j++) z2[j] = b2[j] ?? 0;
    for (let a = 0; a < h; a++) {
      const x = z1[a] ?? 0;
      if (x <= 0) continue;
      const row = a * h;
      for (let j = 0; j < h; j++) z2[j] = (z2[j] ?? 0) + x * (w2[row + j] ?? 0);
    }
    let max = Number.NEGATIVE_INFINITY;
    const base = slot * KINDS;
    for (let k = 0; k < KINDS; k++) {
      const prior = infoState[o + PRIOR + k] ?? 0;
      if (!(prior > 0)) {
        out[base + k] = Number.NEGATIVE_INFINITY;
        continue;
      }
      let logit = (b3[k] ?? 0) + Math.log(prior);
      for (let a = 0; a < h; a++) {
        const x = z2[a] ?? 0;
        if (x > 0) logit += x * (w3[a * KINDS + k] ?? 0);
      }
      out[base + k] = logit;
      if (logit > max) max = logit;
    }
    let sum = 0;
    for (let k = 0; k < KINDS; k++) {
      const logit = out[base + k] ?? Number.NEGATIVE_INFINITY;
      const e = logit === Number.NEGATIVE_INFINITY ? 0 : Math.exp(logit - max);
      out[base + k] = e;
      sum += e;
    }
    for (let k = 0; k < KINDS; k++) out[base + k] = (out[base + k] ?? 0) / sum;
  }
  return out;
}

/** Is enemy slot `slot` hidden in this information state? */
export function slotHidden(infoState: Float32Array, slot: number): boolean {
  return infoState[PIECES + (10 + slot) * PIECE_ROW + KIND_UNKNOWN] === 1;
}

/** The uniform prior under the hard constraints for enemy slot `slot`, kind `kind` (the tensor's derived column). */
export function priorOf(infoState: Float32Array, slot: number, kind: number): number {
  return infoState[PIECES + (10 + slot) * PIECE_ROW + PRIOR + kind] ?? 0;
}

/** One enemy piece's own features: its observation row and its history row. */
export function pieceFeatures(infoState: Float32Array, slot: number, out: Float32Array | Float64Array): void {
  const o = PIECES + (10 + slot) * PIECE_ROW;
  const hRow = HISTORY + (10 + slot) * HISTORY_ROW;
  for (let c = 0; c < PIECE_ROW; c++) out[c] = infoState[o + c] ?? 0;
  for (let c = 0; c < HISTORY_ROW; c++) out[PIECE_ROW + c] = infoState[hRow + c] ?? 0;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i;

/** Float32 numbers as little-endian bytes in base64 (no Buffer or atob: the same code in every runtime). */
export function encodeFloats(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(values.length * 4);
  const data = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) data.setFloat32(i * 4, values[i] ?? 0, true);
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    text += ALPHABET[a >> 2];
    text += ALPHABET[((a & 3) << 4) | (b >> 4)];
    text += i + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)] : '=';
    text += i + 2 < bytes.length ? ALPHABET[c & 63] : '=';
  }
  return text;
}

/** The inverse of `encodeFloats`; null for text that is not base64 of whole float32 numbers. */
export function decodeFloats(text: string): Float32Array | null {
  const clean = text.replace(/=+$/, '');
  const byteLength = Math.floor((clean.length * 6) / 8);
  if (byteLength % 4 !== 0) return null;
  const bytes = new Uint8Array(byteLength);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = CODES[clean.charCodeAt(i)] ?? -1;
    if (code < 0) return null;
    value = ((value << 6) | code) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (at < byteLength) bytes[at++] = (value >> bits) & 255;
    }
  }
  const data = new DataView(bytes.buffer);
  const floats = new Float32Array(byteLength / 4);
  for (let i = 0; i < floats.length; i++) floats[i] = data.getFloat32(i * 4, true);
  return floats;
}
