/**
 * Cannon options come with a new game, so from outside: `parseCannonOptions` turns them into a cannon that
 * makes sense (every size positive, the hole in the sail, the skull on the hull, both targets in reach of a
 * still shot) or says in a sentence what is wrong.
 */
import { type CannonConfig, type CannonOptions, DEFAULT_CANNON, resolveCannon } from './geometry.ts';
import { fireShot, SHOT_TARGETS } from './shot.ts';
import { perfectAim } from './solve.ts';

export type CannonOptionsErrorCode = 'cannon/malformed' | 'cannon/out-of-range' | 'cannon/inconsistent';
export type CannonOptionsResult =
  | { ok: true; options: CannonOptions }
  | { ok: false; error: { code: CannonOptionsErrorCode; message: string } };

type Key = keyof CannonConfig;
const KEYS = Object.keys(DEFAULT_CANNON) as Key[];

/** Each option's legal interval; `open` excludes the lower end (a size of 0 makes no ship). */
const LIMITS: Readonly<Record<Key, { min: number; max: number; open?: true }>> = {
  shipGap: { min: 0, max: 1000, open: true },
  hullWidth: { min: 0, max: 200, open: true },
  hullLength: { min: 0, max: 200, open: true },
  hullHeight: { min: 0, max: 200, open: true },
  skullDiameter: { min: 0, max: 100, open: true },
  skullHeight: { min: 0, max: 200, open: true },
  sailSetback: { min: 0, max: 200 },
  sailWidth: { min: 0, max: 200, open: true },
  sailBottom: { min: 0, max: 200 },
  sailTop: { min: 0, max: 400, open: true },
  holeDiameter: { min: 0, max: 100, open: true },
  holeHeight: { min: 0, max: 400, open: true },
  ballDiameter: { min: 0, max: 50, open: true },
  muzzleHeight: { min: 0, max: 100, open: true },
  maxSideways: { min: 0, max: 500 },
  maxBack: { min: 0, max: 500 },
  maxYaw: { min: 0, max: 80 },
  minPitch: { min: 0, max: 80 },
  maxPitch: { min: 0, max: 80 },
  springSpeed: { min: 0, max: 100, open: true },
  gravity: { min: 0, max: 100, open: true },
  speedWobble: { min: 0, max: 0.5 },
  angleWobble: { min: 0, max: 20 },
};

function refuse(code: CannonOptionsErrorCode, message: string): CannonOptionsResult {
  return { ok: false, error: { code, message } };
}

/** The first way the resolved cannon contradicts itself, as a sentence, or null. */
function inconsistency(c: CannonConfig): string | null {
  const hole = c.holeDiameter / 2;
  const skull = c.skullDiameter / 2;
  if (c.ballDiameter >= c.holeDiameter) return 'The ball is too big to pass through the hole in the sail.';
  if (c.ballDiameter >= c.skullDiameter) return 'The ball is too big to land wholly on the skull.';
  if (c.sailBottom < c.hullHeight)
    return 'The sail must start at the deck or above it (sailBottom >= hullHeight).';
  if (c.sailTop <= c.sailBottom) return 'The sail must have a height (sailTop > sailBottom).';
  if (c.holeHeight - hole < c.sailBottom || c.holeHeight + hole > c.sailTop || c.holeDiameter > c.sailWidth) {
    return 'The hole must lie within the sail.';
  }
  if (c.skullHeight - skull < 0 || c.skullHeight + skull > c.hullHeight || c.skullDiameter > c.hullWidth) {
    return 'The skull must lie within the hull face.';
  }
  if (c.sailSetback >= c.hullLength) return 'The sail must stand on the ship (sailSetback < hullLength).';
  if (c.muzzleHeight <= c.ballDiameter / 2) return 'The muzzle must hold the ball above the table.';
  if (c.minPitch > c.maxPitch) return 'The lowest tilt must not be above the highest (minPitch <= maxPitch).';
  const still: CannonOptions = { ...c, speedWobble: 0, angleWobble: 0 };
  for (const target of SHOT_TARGETS) {
    if (!fireShot(perfectAim(target, still), target, () => 0.5, still).hit) {
      return `The cannon cannot hit the ${target} even without wobble: the spring is too weak or the ${target} is out of the tilt range.`;
    }
  }
  return null;
}

/** Turns untrusted cannon options into options for a cannon that works, or a typed error. */
export function parseCannonOptions(input: unknown): CannonOptionsResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return refuse(
      'cannon/malformed',
      'The cannon options must be an object of numbers, e.g. { "holeDiameter": 3.5 }.',
    );
  }
  const record = input as Record<string, unknown>;
  const options: CannonOptions = {};
  for (const [key, value] of Object.entries(record)) {
    if (!(KEYS as string[]).includes(key)) {
      return refuse('cannon/malformed', `There is no cannon option '${key}'.`);
    }
    const name = key as Key;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return refuse('cannon/malformed', `The cannon option ${name} must be a finite number.`);
    }
    const limit = LIMITS[name];
    const tooLow = limit.open === true ? value <= limit.min : value < limit.min;
    if (tooLow || value > limit.max) {
      const lower = limit.open === true ? `above ${limit.min}` : `at least ${limit.min}`;
      return refuse(
        'cannon/out-of-range',
        `The cannon option ${name} is ${value}, but it must be ${lower} and at most ${limit.max}.`,
      );
    }
    options[name] = value;
  }
  const problem = inconsistency(resolveCannon(options));
  return problem === null ? { ok: true, options } : refuse('cannon/inconsistent', problem);
}
