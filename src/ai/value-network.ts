/**
 * The learned value (docs/ai.md, "The learned value"): red's chance of winning from a full position, as the
 * fitted linear evaluation (evaluation.ts) plus a small learned correction, read with plain typed-array code
 * so Node, the server's bot workers and the page's Web Worker run the same arithmetic on the same file.
 * The correction is g(red, blue) - g(blue, red): one network reads the position from each seat's side and
 * the difference is taken, so swapping the colours negates it exactly and the score stays fair to both
 * seats. Its last layer starts at 0, so the untrained model is today's evaluation.
 */
import { type GameState, PIECE_KINDS, type Seat } from '../engine/index.ts';
import { FEATURES, seatFigures, tempo, WEIGHTS } from './evaluation.ts';
import { decodeFloats } from './network.ts';

/** The model file's format tag; a file with another is refused. */
export const VALUE_MODEL_FORMAT = 'pirates-value/1';

const KINDS = PIECE_KINDS.length;
/** The evaluation's own figures of one seat (every feature but tempo). */
const FIGURES = FEATURES.length - 1;
/**
 * What the network reads of one seat: the evaluation's figures, then per kind how many of its pieces stand
 * on its own deck, on the enemy deck, among its extras. The kinds say what the figures only sum: the
 * Captain at home, Boris aboard, the Bomb still to come.
 */
export const SEAT_INPUTS = FIGURES + 3 * KINDS;

/** The sizes a model is built with; `weights` holds exactly `valueParameterCount(sizes)` numbers. */
export interface ValueSizes {
  readonly seatInputs: number;
  readonly hidden: number;
}

/** The file as written by `pirates train value` (JSON). */
export interface ValueModelFile {
  readonly format: typeof VALUE_MODEL_FORMAT;
  readonly sizes: ValueSizes;
  /** The linear evaluation's weights the correction is added to (FEATURES order). */
  readonly linear: readonly number[];
  /** Every parameter as little-endian float32, base64, in the order of `valueLayout`. */
  readonly weights: string;
  /** How it was trained and how well it did on held-out games (for people; the code reads none of it). */
  readonly training?: unknown;
}

type Layer = 'own' | 'other' | 'tempo' | 'b1' | 'w2' | 'b2' | 'w3';

/** The layers in file order with their lengths. */
export function valueLayout(sizes: ValueSizes): readonly (readonly [Layer, number])[] {
  const h = sizes.hidden;
  return [
    ['own', sizes.seatInputs * h],
    ['other', sizes.seatInputs * h],
    ['tempo', h],
    ['b1', h],
    ['w2', h * h],
    ['b2', h],
    ['w3', h],
  ];
}

export function valueParameterCount(sizes: ValueSizes): number {
  return valueLayout(sizes).reduce((sum, [, n]) => sum + n, 0);
}

/** Views of each layer on one parameter array (training uses Float64Array, inference Float32Array). */
export function valueLayers<A extends Float32Array | Float64Array>(
  sizes: ValueSizes,
  parameters: A,
): Record<Layer, A> {
  const views: Partial<Record<Layer, A>> = {};
  let at = 0;
  for (const [name, n] of valueLayout(sizes)) {
    views[name] = parameters.subarray(at, at + n) as A;
    at += n;
  }
  return views as Record<Layer, A>;
}

/** A model ready to infer, with its scratch (inference allocates nothing). */
export interface ValueNetwork extends Record<Layer, Float32Array> {
  readonly sizes: ValueSizes;
  readonly linear: Float64Array;
  readonly parameters: Float32Array;
  readonly scratch: {
    readonly red: Float64Array;
    readonly blue: Float64Array;
    readonly z1: Float64Array;
    /** The blue side's first layer while z1 holds red's (inference reads both sides in one pass). */
    readonly z1Blue: Float64Array;
    readonly z2: Float64Array;
  };
}

export type ValueModelResult =
  | { readonly ok: true; readonly value: ValueNetwork }
  | { readonly ok: false; readonly error: { readonly code: 'model/invalid'; readonly message: string } };

/** Reads a model file's parsed JSON; a file of another format or size is a value, not a throw. */
export function loadValueNetwork(file: unknown): ValueModelResult {
  const bad = (message: string): ValueModelResult => ({
    ok: false,
    error: { code: 'model/invalid', message },
  });
  if (typeof file !== 'object' || file === null) return bad('The value model is not a JSON object.');
  const f = file as Partial<ValueModelFile>;
  if (f.format !== VALUE_MODEL_FORMAT)
    return bad(`The value model's format is '${String(f.format)}', not '${VALUE_MODEL_FORMAT}'.`);
  const sizes = f.sizes;
  if (
    sizes === undefined ||
    sizes.seatInputs !== SEAT_INPUTS ||
    !Number.isInteger(sizes.hidden) ||
    sizes.hidden < 1 ||
    sizes.hidden > 1024
  )
    return bad('The value model names sizes this code does not read.');
  const linear = f.linear;
  if (
    !Array.isArray(linear) ||
    linear.length !== FEATURES.length ||
    !linear.every((w) => typeof w === 'number' && Number.isFinite(w))
  )
    return bad(`The value model's linear weights are not ${FEATURES.length} numbers.`);
  if (typeof f.weights !== 'string') return bad('The value model has no weights.');
  const parameters = decodeFloats(f.weights);
  const want = valueParameterCount(sizes);
  if (parameters === null || parameters.length !== want)
    return bad(`The value model's weights are not ${want} float32 numbers in base64.`);
  const s = { seatInputs: sizes.seatInputs, hidden: sizes.hidden };
  return {
    ok: true,
    value: {
      sizes: s,
      linear: Float64Array.from(linear),
      parameters,
      ...valueLayers(s, parameters),
      scratch: valueScratch(s),
    },
  };
}

/**
 * The same model with scratch of its own, for one more bot: the parameters are shared (inference only
 * reads them), the scratch is not (each bot writes its own).
 */
export function withOwnScratch(network: ValueNetwork): ValueNetwork {
  return { ...network, scratch: valueScratch(network.sizes) };
}

function valueScratch(sizes: ValueSizes): ValueNetwork['scratch'] {
  return {
    red: new Float64Array(SEAT_INPUTS),
    blue: new Float64Array(SEAT_INPUTS),
    z1: new Float64Array(sizes.hidden),
    z1Blue: new Float64Array(sizes.hidden),
    z2: new Float64Array(sizes.hidden),
  };
}

const FIGURE_SCRATCH = new Float64Array(FEATURES.length);

/** `seat`'s inputs: the evaluation's figures (FEATURES order without tempo), then its kinds by place. */
export function seatInputs(state: GameState, seat: Seat, into: Float64Array | Float32Array): void {
  seatFigures(state, seat, FIGURE_SCRATCH);
  for (let i = 1; i < FEATURES.length; i++) into[i - 1] = FIGURE_SCRATCH[i] ?? 0;
  for (let i = FIGURES; i < SEAT_INPUTS; i++) into[i] = 0;
  const first = seat === 'red' ? 0 : 10;
  for (let id = first; id < first + 10; id++) {
    const place = state.places[id];
    if (place === 'out') continue;
    const kind = KIND_INDEX[state.kinds[id] ?? 'bomb'] ?? 0;
    const where = place === 'extras' ? 2 : place === seat ? 0 : 1;
    const at = FIGURES + where * KINDS + kind;
    into[at] = (into[at] ?? 0) + 1;
  }
}

const KIND_INDEX: Readonly<Record<string, number>> = Object.fromEntries(PIECE_KINDS.map((k, i) => [k, i]));

/**
 * One side's reading g(own, other, tempo) through the network (own: the seat it reads for), writing the
 * second layer's activations into `z2` (the caller's, for training) and returning w3 · z2.
 */
export function sideValue<A extends Float32Array | Float64Array>(
  w: Record<Layer, A>,
  h: number,
  own: Float64Array | Float32Array,
  other: Float64Array | Float32Array,
  tempoSign: number,
  z1: Float64Array,
  z2: Float64Array,
): number {
  for (let j = 0; j < h; j++) z1[j] = (w.b1[j] ?? 0) + tempoSign * (w.tempo[j] ?? 0);
  for (let i = 0; i < SEAT_INPUTS; i++) {
    const a = own[i] ?? 0;
    if (a !== 0) {
      const row = i * h;
      for (let j = 0; j < h; j++) z1[j] = (z1[j] ?? 0) + a * (w.own[row + j] ?? 0);
    }
    const b = other[i] ?? 0;
    if (b !== 0) {
      const row = i * h;
      for (let j = 0; j < h; j++) z1[j] = (z1[j] ?? 0) + b * (w.other[row + j] ?? 0);
    }
  }
  for (let j = 0; j < h; j++) z2[j] = w.b2[j] ?? 0;
  for (let a = 0; a < h; a++) {
    const x = z1[a] ?? 0;
    if (x <= 0) {
      z1[a] = 0;
      continue;
    }
    const row = a * h;
    for (let j = 0; j < h; j++) z2[j] = (z2[j] ?? 0) + x * (w.w2[row + j] ?? 0);
  }
  let out = 0;
  for (let j = 0; j < h; j++) {
    const x = z2[j] ?? 0;
    if (x <= 0) z2[j] = 0;
    else out += x * (w.w3[j] ?? 0);
  }
  return out;
}

/** The linear evaluation's log-odds from the two seats' inputs (the figures are their first columns). */
export function linearLogit(
  linear: ArrayLike<number>,
  red: Float64Array | Float32Array,
  blue: Float64Array | Float32Array,
  tempoSign: number,
): number {
  let sum = (linear[0] ?? 0) * tempoSign;
  for (let i = 1; i < FEATURES.length; i++)
    sum += (linear[i] ?? 0) * ((red[i - 1] ?? 0) - (blue[i - 1] ?? 0));
  return sum;
}

/** Red's chance of winning from `state`: the linear evaluation's log-odds plus g(red, blue) - g(blue, red). */
export function valueChance(network: ValueNetwork, state: GameState): number {
  const { red, blue } = network.scratch;
  seatInputs(state, 'red', red);
  seatInputs(state, 'blue', blue);
  return 1 / (1 + Math.exp(-valueLogit(network, red, blue, tempo(state))));
}

/**
 * The log-odds from the two seats' inputs: `sideValue` for each seat, with both first layers filled in one
 * pass over the inputs (each input's rows are read once for the two sides). The search scores every leaf
 * with this, so it is written for speed; the sums are sideValue's up to the order of additions
 * (test/ai/learned-value.test.ts holds them within 1e-9).
 */
export function valueLogit(
  network: ValueNetwork,
  red: Float64Array | Float32Array,
  blue: Float64Array | Float32Array,
  tempoSign: number,
): number {
  const h = network.sizes.hidden;
  const { z1, z1Blue } = network.scratch;
  const { own, other, tempo: tempoRow, b1 } = network;
  for (let j = 0; j < h; j++) {
    const t = tempoSign * (tempoRow[j] as number);
    z1[j] = (b1[j] as number) + t;
    z1Blue[j] = (b1[j] as number) - t;
  }
  for (let i = 0; i < SEAT_INPUTS; i++) {
    const r = red[i] as number;
    const b = blue[i] as number;
    const row = i * h;
    if (r !== 0)
      for (let j = 0; j < h; j++) {
        z1[j] = (z1[j] as number) + r * (own[row + j] as number);
        z1Blue[j] = (z1Blue[j] as number) + r * (other[row + j] as number);
      }
    if (b !== 0)
      for (let j = 0; j < h; j++) {
        z1Blue[j] = (z1Blue[j] as number) + b * (own[row + j] as number);
        z1[j] = (z1[j] as number) + b * (other[row + j] as number);
      }
  }
  return (
    linearLogit(network.linear, red, blue, tempoSign) +
    upperLayers(network, z1) -
    upperLayers(network, z1Blue)
  );
}

/** w3 · relu(w2 · relu(z1) + b2): the rest of one side's reading once its first layer is summed. */
function upperLayers(network: ValueNetwork, z1: Float64Array): number {
  const h = network.sizes.hidden;
  const z2 = network.scratch.z2;
  const { w2, b2, w3 } = network;
  for (let j = 0; j < h; j++) z2[j] = b2[j] as number;
  for (let a = 0; a < h; a++) {
    const x = z1[a] as number;
    if (x <= 0) continue;
    const row = a * h;
    for (let j = 0; j < h; j++) z2[j] = (z2[j] as number) + x * (w2[row + j] as number);
  }
  let out = 0;
  for (let j = 0; j < h; j++) {
    const x = z2[j] as number;
    if (x > 0) out += x * (w3[j] as number);
  }
  return out;
}

/** Today's weights, the linear part a new model starts from. */
export const LINEAR_START: readonly number[] = WEIGHTS;
