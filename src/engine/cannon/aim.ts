/**
 * The player's aim (R8.1, R8.2): where the cannon stands and how it is turned, never how hard it shoots.
 * Aims arrive from the wire, so `parseAim` is the only way in: it returns a legal aim or a typed error.
 */
import { type CannonConfig, type CannonOptions, resolveCannon } from './geometry.ts';

/**
 * An aim. `x`: cm sideways from the centre line (+ is right as the shooter looks at the enemy);
 * `back`: cm behind the own ship's front line (0 = at it, never negative: R8.1);
 * `yaw`: degrees, + turns right; `pitch`: degrees above level.
 * E.g. `{ x: 0, back: 5, yaw: 0, pitch: 20 }`.
 */
export type Aim = { x: number; back: number; yaw: number; pitch: number };

export const AIM_FIELDS = ['x', 'back', 'yaw', 'pitch'] as const;
export type AimField = (typeof AIM_FIELDS)[number];

/** One field's legal interval, both ends included. */
export type AimRange = { min: number; max: number; unit: 'cm' | 'degrees'; meaning: string };
export type AimRanges = Readonly<Record<AimField, AimRange>>;

/** The legal aims for a cannon configuration. */
export function aimRanges(options: CannonOptions = {}): AimRanges {
  const c: CannonConfig = resolveCannon(options);
  return {
    x: { min: -c.maxSideways, max: c.maxSideways, unit: 'cm', meaning: 'sideways from the centre line' },
    back: { min: 0, max: c.maxBack, unit: 'cm', meaning: "behind the own ship's front line" },
    yaw: { min: -c.maxYaw, max: c.maxYaw, unit: 'degrees', meaning: 'turn, + is right' },
    pitch: { min: c.minPitch, max: c.maxPitch, unit: 'degrees', meaning: 'tilt above level' },
  };
}

/** The legal aims with the default cannon: x ±35 cm, back 0..20 cm, yaw ±30°, pitch 0..60°. */
export const AIM_RANGES: AimRanges = aimRanges();

/** Where the cannon starts: on the centre line, a little back, roughly towards the enemy. Not a perfect aim. */
export const DEFAULT_AIM: Readonly<Aim> = { x: 0, back: 5, yaw: 0, pitch: 20 };

export type AimErrorCode = 'aim/malformed' | 'aim/out-of-range' | 'aim/in-front-of-ship';
export type AimError = { code: AimErrorCode; message: string };
export type AimResult = { ok: true; aim: Aim } | { ok: false; error: AimError };

function refuse(code: AimErrorCode, message: string): AimResult {
  return { ok: false, error: { code, message } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `a ${typeof value}`;
}

const AIM_SHAPE = 'an aim is { x, back, yaw, pitch }, four numbers';

/** Turns untrusted input into a legal aim for this cannon, or says in a sentence why it is not one. */
export function parseAim(input: unknown, options: CannonOptions = {}): AimResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return refuse('aim/malformed', `The aim is ${describe(input)}, but ${AIM_SHAPE}.`);
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(AIM_FIELDS as readonly string[]).includes(key)) {
      return refuse('aim/malformed', `The aim has an unknown field '${key}'; ${AIM_SHAPE}.`);
    }
  }
  const ranges = aimRanges(options);
  const aim: Aim = { x: 0, back: 0, yaw: 0, pitch: 0 };
  for (const field of AIM_FIELDS) {
    const value = record[field];
    if (value === undefined) {
      return refuse('aim/malformed', `The aim has no '${field}'; ${AIM_SHAPE}.`);
    }
    if (typeof value !== 'number') {
      return refuse('aim/malformed', `The aim's ${field} is ${describe(value)}, but it must be a number.`);
    }
    if (!Number.isFinite(value)) {
      return refuse('aim/malformed', `The aim's ${field} is ${value}, but it must be a finite number.`);
    }
    const range = ranges[field];
    if (field === 'back' && value < 0) {
      return refuse(
        'aim/in-front-of-ship',
        `The cannon cannot stand in front of its own ship: back is ${value} cm, but it must be 0 or more.`,
      );
    }
    if (value < range.min || value > range.max) {
      return refuse(
        'aim/out-of-range',
        `The aim's ${field} is ${value} ${range.unit}, but it must be between ${range.min} and ${range.max} ${range.unit} (${range.meaning}).`,
      );
    }
    aim[field] = value;
  }
  return { ok: true, aim };
}

/** Moves every field of an aim into its legal interval (bots aim with an error, but always legally). */
export function clampAim(aim: Aim, options: CannonOptions = {}): Aim {
  const ranges = aimRanges(options);
  const clamp = (field: AimField) => Math.min(ranges[field].max, Math.max(ranges[field].min, aim[field]));
  return { x: clamp('x'), back: clamp('back'), yaw: clamp('yaw'), pitch: clamp('pitch') };
}
