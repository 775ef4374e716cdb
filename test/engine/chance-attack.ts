/**
 * The attack of issue 14, written out: a seat that keeps every public shot event of a game with aimed shots
 * turns each flight back into the spring's wobble draws, writes the bits those draws give away as linear
 * equations over the 128-bit state of the game's one xoroshiro128+ stream (its state transition is linear
 * over GF(2); the low bits of an output, with their carries, are too), solves them, and deals the game
 * again: every hidden kind of the opponent. It sees only what one seat is sent: the rules, and its events.
 *
 * Against games stored before keyed chance it works; against keyed chance (ChaCha20 streams, one per
 * purpose, flights published at a player's precision) the same solver finds nothing consistent.
 */
import {
  type GameEvent,
  PIECE_SET,
  type PieceKind,
  type PublicRules,
  randomFrom,
} from '../../src/engine/index.ts';
import { shuffleInPlace } from '../../src/engine/random.ts';

/** A linear form over the 128 state bits, with a constant: bit i of `mask` is state bit i. */
interface Form {
  mask: bigint;
  constant: 0 | 1;
}

/** One 32-bit word of the generator's state as 32 linear forms (bit 0 first). */
type Word = bigint[];

/** The symbolic generator: pure-rand's xoroshiro128plus over four 32-bit words, as forms, not numbers. */
class SymbolicXoroshiro {
  // pure-rand keeps (s01, s00, s11, s10): s00 and s10 are the low words the output adds.
  s01: Word;
  s00: Word;
  s11: Word;
  s10: Word;

  constructor() {
    const word = (w: number): Word => Array.from({ length: 32 }, (_, bit) => 1n << BigInt(w * 32 + bit));
    this.s01 = word(0);
    this.s00 = word(1);
    this.s11 = word(2);
    this.s10 = word(3);
  }

  /** The two words the next output adds (before the step), then steps as pure-rand does. */
  next(): { a: Word; b: Word } {
    const out = { a: this.s00, b: this.s10 };
    const a0 = xor(this.s10, this.s00);
    const a1 = xor(this.s11, this.s01);
    const s00 = this.s00;
    const s01 = this.s01;
    this.s00 = xor(xor(shl(s00, 24), shr(s01, 8)), xor(a0, shl(a0, 16)));
    this.s01 = xor(xor(shl(s01, 24), shr(s00, 8)), xor(a1, xor(shl(a1, 16), shr(a0, 16))));
    this.s10 = xor(shl(a1, 5), shr(a0, 27));
    this.s11 = xor(shl(a0, 5), shr(a1, 27));
    return out;
  }
}

function xor(x: Word, y: Word): Word {
  return x.map((m, i) => m ^ (y[i] ?? 0n));
}
function shl(x: Word, n: number): Word {
  return x.map((_, i) => (i >= n ? (x[i - n] ?? 0n) : 0n));
}
function shr(x: Word, n: number): Word {
  return x.map((_, i) => (i + n < 32 ? (x[i + n] ?? 0n) : 0n));
}

/**
 * The equations the low `known` bits of a sum `a + b` (mod 2^32) give: bit k is a_k ^ b_k ^ carry_k, and
 * the carry stays a known form while the sum bits allow it (a_k != b_k passes the carry on; a_k == b_k
 * makes it a_k). Once the carry's value is unknown the chain stops.
 */
function sumEquations(a: Word, b: Word, sum: number, known: number): Form[] {
  const equations: Form[] = [];
  let carry: Form = { mask: 0n, constant: 0 };
  for (let k = 0; k < known; k++) {
    const bit = ((sum >>> k) & 1) as 0 | 1;
    const ak = a[k] ?? 0n;
    const bk = b[k] ?? 0n;
    equations.push({ mask: ak ^ bk ^ carry.mask, constant: (bit ^ carry.constant) as 0 | 1 });
    if (carry.mask !== 0n) break;
    // carry is the constant c: a_k ^ b_k = bit ^ c is now known.
    carry = (bit ^ carry.constant) === 1 ? carry : { mask: ak, constant: 0 };
  }
  return equations;
}

/** Gaussian elimination over GF(2): the unique solution, or null (inconsistent or under-determined). */
export function solve(equations: readonly Form[], variables = 128): bigint | null {
  const rows: Form[] = [];
  for (const equation of equations) {
    let { mask, constant } = equation;
    for (const row of rows) {
      const pivot = row.mask & -row.mask;
      if ((mask & pivot) !== 0n) {
        mask ^= row.mask;
        constant = (constant ^ row.constant) as 0 | 1;
      }
    }
    if (mask === 0n) {
      if (constant !== 0) return null; // inconsistent: these draws were never xoroshiro128+'s
      continue;
    }
    const pivot = mask & -mask;
    for (const row of rows) {
      if ((row.mask & pivot) !== 0n) {
        row.mask ^= mask;
        row.constant = (row.constant ^ constant) as 0 | 1;
      }
    }
    rows.push({ mask, constant });
  }
  if (rows.length < variables) return null;
  let state = 0n;
  for (const row of rows) {
    // Fully reduced: each row is its pivot alone.
    if (row.constant === 1) state |= row.mask;
  }
  return state;
}

/** The wobble draws of one shot, from its published flight: speed, yaw and pitch, in the order drawn. */
export function wobbleDraws(
  event: Extract<GameEvent, { type: 'shot' }>,
  rules: PublicRules,
): number[] | null {
  const { flight, aim } = event;
  if (flight === null || aim === null) return null;
  const v = flight.launch.velocity;
  const { cannon } = rules;
  const speed = Math.hypot(v.x, v.y, v.z);
  const degrees = 180 / Math.PI;
  const yaw = Math.atan2(v.x, v.y) * degrees;
  const pitch = Math.asin(v.z / speed) * degrees;
  const speedNoise = (speed / cannon.springSpeed - 1) / cannon.speedWobble;
  const yawNoise = (yaw - aim.yaw) / cannon.angleWobble;
  const pitchNoise = (pitch - aim.pitch) / cannon.angleWobble;
  return [speedNoise, yawNoise, pitchNoise].map((noise) => (noise + 1) / 2);
}

/** Draws the old engine took before the game's first public event: the kinds (2 x 9) and the cards (9 + 10). */
const CREATION_DRAWS = 37;

export interface AttackResult {
  /** The generator's starting words, if the equations had one solution. */
  readonly words: [number, number, number, number] | null;
  /** The opponent's kinds by id (10 entries), re-dealt from the solution, or null. */
  readonly kinds: PieceKind[] | null;
  readonly shots: number;
  readonly equations: number;
}

/**
 * Runs the attack for the seat that was shown `events` (in order) of a game with these public rules.
 * `known` is how many low bits of each draw's first word the attacker trusts from a flight (26 at most).
 */
export function attack(
  events: readonly GameEvent[],
  rules: PublicRules,
  opponent: 'red' | 'blue',
): AttackResult {
  const generator = new SymbolicXoroshiro();
  for (let i = 0; i < CREATION_DRAWS; i++) generator.next();
  const equations: Form[] = [];
  let shots = 0;
  for (const event of events) {
    if (event.type === 'coinTossed') generator.next();
    if (event.type !== 'shot') continue;
    const draws = wobbleDraws(event, rules);
    if (draws === null) {
      generator.next(); // a quick shot: one float, two words
      generator.next();
      continue;
    }
    shots++;
    for (const draw of draws) {
      // uniformFloat64: the first word's low 26 bits are the float's top 26 bits; the second word's low
      // bits sit below a flight's precision, so only the first is used.
      const first = generator.next();
      generator.next();
      const top = Math.floor(draw * 2 ** 26);
      equations.push(...sumEquations(first.a, first.b, top, 26));
    }
  }
  const solution = solve(equations);
  if (solution === null) return { words: null, kinds: null, shots, equations: equations.length };
  const word = (w: number) => Number((solution >> BigInt(w * 32)) & 0xffffffffn) | 0;
  const words: [number, number, number, number] = [word(0), word(1), word(2), word(3)];
  // Deal the game again as the old engine did: red's kinds, then blue's, from the recovered start.
  const random = randomFrom(words);
  const red = shuffleInPlace(PIECE_SET.slice(), random);
  const blue = shuffleInPlace(PIECE_SET.slice(), random);
  return { words, kinds: opponent === 'red' ? red : blue, shots, equations: equations.length };
}
