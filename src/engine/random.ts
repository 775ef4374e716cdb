/**
 * Fast seeded generators: the bots' own chance in imagined worlds, tools and calibration, and the one
 * stream of games stored before keyed chance (chance.ts). Not for a real game's chance: xoroshiro128+ is
 * linear, so enough of its outputs give its state back (test/engine/chance-attack.test.ts shows it).
 * The state is four 32-bit words as plain numbers; the seed string is hashed to them with cyrb128.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** The serialisable PRNG state: four 32-bit words, e.g. `[123, -4567, 89, 1011]`. */
export type RandomState = readonly [number, number, number, number];

/** A uniform draw in [0, 1). Physics and bots take this, so they never depend on one PRNG. */
export type Uniform = () => number;

/** A live generator: draws mutate it; `state()` reads the words back for storing. */
export interface Random {
  /** Uniform in [0, 1), 53 bits. */
  float(): number;
  /** Uniform integer in [0, n) (bias below n / 2^32: for simulations, never for a real game's chance). */
  int(n: number): number;
  /** The current state, to store back into a game state. */
  state(): RandomState;
}

/** cyrb128: a small, well-mixed string hash giving four 32-bit words. Not cryptographic. */
export function seedToState(seed: string): RandomState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  // xoroshiro128+ must not start from all zeros.
  if ((h1 | h2 | h3 | h4) === 0) h1 = 1;
  return [h1 | 0, h2 | 0, h3 | 0, h4 | 0];
}

type Generator = ReturnType<typeof xoroshiro128plusFromState>;

/**
 * A class, so every generator shares one shape and its methods are made once: the bots make one per
 * playout. `float` alone is an own closure, since callers hand it on unbound as a `Uniform`.
 */
class SeededRandom implements Random {
  readonly float: Uniform;
  private readonly generator: Generator;

  constructor(generator: Generator) {
    this.generator = generator;
    this.float = () => uniformFloat64(generator);
  }

  // Multiply-shift (Lemire) on one 32-bit word: one draw, bias below n / 2^32, which for the game's
  // n <= 720 is under 2e-7. pure-rand's exact uniformInt was an eighth of a playout's time.
  int(n: number): number {
    return Math.floor(((this.generator.next() >>> 0) * n) / 4294967296);
  }

  state(): RandomState {
    const [a = 0, b = 0, c = 0, d = 0] = this.generator.getState();
    return [a, b, c, d];
  }
}

export function randomFrom(state: RandomState): Random {
  return new SeededRandom(xoroshiro128plusFromState(state));
}

/** A generator straight from a seed string (tools, calibration, bots). */
export function randomFromSeed(seed: string): Random {
  return randomFrom(seedToState(seed));
}

/** Fisher-Yates, in place, drawing from `random` (the keyed game streams included). */
export function shuffleInPlace<T>(items: T[], random: { int(n: number): number }): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}
