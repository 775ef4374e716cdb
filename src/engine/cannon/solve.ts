/**
 * Aiming without a hand: the exact aim in closed form, and a bot's aim as that plus a skill-dependent error.
 * The perfect aim still misses sometimes, because the spring wobbles (R8.2); a bot's error comes on top.
 */
import type { Uniform } from '../random.ts';
import { type Aim, clampAim } from './aim.ts';
import { type CannonOptions, resolveCannon, tableOf, type Vec3 } from './geometry.ts';
import { normalPair } from './noise.ts';
import type { ShotTarget } from './shot.ts';

const DEGREE = Math.PI / 180;

/** The point the ball's centre should pass for a dead-centre hit, metres, shooter's frame. */
export function aimPoint(target: ShotTarget, options: CannonOptions = {}): Vec3 {
  const table = tableOf(resolveCannon(options));
  switch (target) {
    case 'sail':
      return table.hole.centre;
    case 'skull':
      // The ball's centre is one radius short of the hull face when it touches the skull.
      return { ...table.skull.centre, y: table.skull.centre.y - table.ballRadius };
  }
}

/**
 * The pitch (degrees) that sends a ball at `speed` through a point `distance` m ahead and `rise` m above the
 * muzzle: the flatter of the two solutions of y tanθ - g y² / (2 v² cos²θ) = rise, or null if out of reach.
 */
export function pitchToReach(distance: number, rise: number, speed: number, gravity: number): number | null {
  const v2 = speed * speed;
  const discriminant = v2 * v2 - gravity * (gravity * distance * distance + 2 * rise * v2);
  if (discriminant < 0 || distance <= 0) return null;
  return Math.atan((v2 - Math.sqrt(discriminant)) / (gravity * distance)) / DEGREE;
}

/**
 * The ideal aim: the cannon on the centre line at the own ship's front line (the shortest flight, so the
 * wobble spreads least), pointing straight ahead, on the flatter arc through the target's centre. If the
 * target is out of the spring's reach (only with odd options), the farthest-reaching legal pitch.
 */
export function perfectAim(target: ShotTarget, options: CannonOptions = {}): Aim {
  const config = resolveCannon(options);
  const table = tableOf(config);
  const point = aimPoint(target, options);
  const pitch = pitchToReach(point.y, point.z - table.muzzleHeight, config.springSpeed, config.gravity) ?? 45;
  return clampAim({ x: 0, back: 0, yaw: 0, pitch }, options);
}

/**
 * A bot's aim error: the standard deviation in degrees of its yaw and pitch each, for a skill in [0, 1].
 * `atZero` degrees for a novice, shrinking as (1 - skill)^`power` to none for a master.
 */
export const SKILL_ERROR = { atZero: 6, power: 2 } as const;

export function aimSpread(skill: number): number {
  return SKILL_ERROR.atZero * (1 - skill) ** SKILL_ERROR.power;
}

/** Draws one `aimFor` takes, always. */
export const AIM_DRAWS = 2;

/**
 * A bot's aim at `target` with `skill` in [0, 1] (clamped): the perfect aim plus a seeded error in yaw and
 * pitch that shrinks with skill; always a legal aim. Takes exactly `AIM_DRAWS` draws.
 */
export function aimFor(target: ShotTarget, skill: number, draw: Uniform, options: CannonOptions = {}): Aim {
  if (Number.isNaN(skill)) throw new RangeError('aimFor: skill is NaN');
  const spread = aimSpread(Math.min(1, Math.max(0, skill)));
  const [yawError, pitchError] = normalPair(draw);
  const perfect = perfectAim(target, options);
  return clampAim(
    { ...perfect, yaw: perfect.yaw + yawError * spread, pitch: perfect.pitch + pitchError * spread },
    options,
  );
}
