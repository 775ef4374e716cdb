/**
 * Which tilts reach a target from where the cannon stands and the way it is turned (R8.1, R8.2): the still
 * shot (no wobble) of each tilt is flown with the same `firstImpact` as a real shot, so what the aiming panel
 * shows is what the physics does. A scan finds every stretch of tilts that hits, bisection sharpens its ends.
 */
import type { Aim } from './aim.ts';
import { firstImpact } from './flight.ts';
import { type CannonOptions, resolveCannon, tableOf } from './geometry.ts';
import { launchOf, type ShotTarget, strikeFor } from './shot.ts';

/** A stretch of tilts, degrees, both ends reaching the target, e.g. `{ from: 26.6, to: 29.2 }`. */
export type TiltRange = { from: number; to: number };

/** The scan's step, degrees: a stretch narrower than this may be missed (the slider moves in 0.5°). */
const SCAN_STEP = 0.1;
/** Bisection sharpens each end to this, degrees. */
const SHARP = 1e-4;

/**
 * The tilts within the legal range that send a still ball (the spring without its wobble) into `target`
 * from `aim`'s place and turn (`x`, `back`, `yaw`; its `pitch` is ignored). Usually one stretch, none when
 * the cannon points past the target, and two when both a flat and a steep arc fit. The wobble then spreads
 * a real shot around the tilt chosen: the middle of a stretch is the safest.
 */
export function reachingTilts(aim: Aim, target: ShotTarget, options: CannonOptions = {}): TiltRange[] {
  const config = resolveCannon(options);
  const table = tableOf(config);
  const aimed = strikeFor(target);
  const reaches = (pitch: number) =>
    firstImpact(launchOf({ ...aim, pitch }, config.springSpeed, table.muzzleHeight), table).struck === aimed;
  /** The last reaching tilt between `inside` (reaches) and `outside` (does not). */
  const edge = (inside: number, outside: number) => {
    let hit = inside;
    let miss = outside;
    while (Math.abs(miss - hit) > SHARP) {
      const middle = (hit + miss) / 2;
      if (reaches(middle)) hit = middle;
      else miss = middle;
    }
    return hit;
  };
  const ranges: TiltRange[] = [];
  const steps = Math.ceil((config.maxPitch - config.minPitch) / SCAN_STEP);
  let start: number | null = null;
  let previous = config.minPitch;
  for (let i = 0; i <= steps; i++) {
    const pitch = Math.min(config.maxPitch, config.minPitch + i * SCAN_STEP);
    const hits = reaches(pitch);
    if (hits && start === null) start = i === 0 ? pitch : edge(pitch, previous);
    if (!hits && start !== null) {
      ranges.push({ from: start, to: edge(previous, pitch) });
      start = null;
    }
    previous = pitch;
  }
  if (start !== null) ranges.push({ from: start, to: config.maxPitch });
  return ranges;
}
