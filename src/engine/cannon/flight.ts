/**
 * The ball's flight: a parabola under gravity (no drag: the flights last a fraction of a second), and the
 * first thing it meets. Crossings are solved in closed form, face by face, so the result is exact and the
 * same on every machine; the ball is a sphere, handled by growing every obstacle by its radius.
 */
import type { Table, Vec3 } from './geometry.ts';

/** Where and how fast the ball leaves the muzzle: metres and m/s, shooter's frame. */
export type Launch = { position: Vec3; velocity: Vec3 };

/** What the ball met first. 'hole' and 'skull' are the targets; the rest are misses. */
export const STRIKES = ['hole', 'skull', 'cloth', 'hull', 'table'] as const;
export type Strike = (typeof STRIKES)[number];

/** The end of a flight: what was met, when (s after launch) and where the ball's centre was (m). */
export type Impact = { struck: Strike; time: number; end: Vec3 };

/** The ball's centre `t` seconds after launch, metres. `gravity` in m/s² (default 9.81). */
export function flightPoint(launch: Launch, t: number, gravity = 9.81): Vec3 {
  const { position: p, velocity: v } = launch;
  return { x: p.x + v.x * t, y: p.y + v.y * t, z: p.z + v.z * t - (gravity * t * t) / 2 };
}

type Axis = 'x' | 'y' | 'z';
/** A rectangle in the plane `axis = at`, bounded in the two other coordinates. */
type Face = {
  axis: Axis;
  at: number;
  bounds: Partial<Record<Axis, readonly [number, number]>>;
  judge: (point: Vec3) => Strike;
};

const EPSILON = 1e-12;

/** Times t > 0 when the ball's centre is on the plane `axis = at`. */
function crossings(launch: Launch, gravity: number, axis: Axis, at: number): number[] {
  const p = launch.position[axis];
  const v = launch.velocity[axis];
  if (axis !== 'z') {
    if (v === 0) return [];
    const t = (at - p) / v;
    return t > EPSILON ? [t] : [];
  }
  // p + v t - g t² / 2 = at
  const a = -gravity / 2;
  const b = v;
  const c = p - at;
  if (a === 0) {
    if (b === 0) return [];
    const t = -c / b;
    return t > EPSILON ? [t] : [];
  }
  const discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return [];
  const root = Math.sqrt(discriminant);
  return [(-b - root) / (2 * a), (-b + root) / (2 * a)].filter((t) => t > EPSILON).sort((s, t) => s - t);
}

function within(point: Vec3, bounds: Face['bounds']): boolean {
  for (const axis of ['x', 'y', 'z'] as const) {
    const range = bounds[axis];
    if (range !== undefined && (point[axis] < range[0] || point[axis] > range[1])) return false;
  }
  return true;
}

function distance2d(a: number, b: number, c: number, d: number): number {
  return Math.hypot(a - c, b - d);
}

/** The faces the ball can meet, each grown by the ball's radius so the ball's centre is tested. */
function facesOf(table: Table): Face[] {
  const r = table.ballRadius;
  const { hull, skull, sail, hole } = table;
  const hullX = [-hull.halfWidth - r, hull.halfWidth + r] as const;
  const hullY = [hull.front - r, hull.back + r] as const;
  const hullZ = [0, hull.top + r] as const;
  const isHull = (): Strike => 'hull';
  return [
    {
      // The hull face towards the shooter, with the skull on it: a hit only if the whole ball is on the skull.
      axis: 'y',
      at: hull.front - r,
      bounds: { x: hullX, z: hullZ },
      judge: (p) =>
        distance2d(p.x, p.z, skull.centre.x, skull.centre.z) <= skull.radius - r ? 'skull' : 'hull',
    },
    { axis: 'y', at: hull.back + r, bounds: { x: hullX, z: hullZ }, judge: isHull },
    { axis: 'x', at: -hull.halfWidth - r, bounds: { y: hullY, z: hullZ }, judge: isHull },
    { axis: 'x', at: hull.halfWidth + r, bounds: { y: hullY, z: hullZ }, judge: isHull },
    { axis: 'z', at: hull.top + r, bounds: { x: hullX, y: hullY }, judge: isHull },
    {
      // The sail is thin: the ball's centre crosses its plane; through the hole only if the ball fits.
      axis: 'y',
      at: sail.y,
      bounds: { x: [-sail.halfWidth - r, sail.halfWidth + r], z: [sail.bottom - r, sail.top + r] },
      judge: (p) =>
        distance2d(p.x, p.z, hole.centre.x, hole.centre.z) <= hole.radius - r ? 'hole' : 'cloth',
    },
    // The table is a plane: a ball that flies past everything lands on it.
    { axis: 'z', at: r, bounds: {}, judge: () => 'table' },
  ];
}

/** The first thing the ball meets after launch. A ball always meets the table in the end. */
export function firstImpact(launch: Launch, table: Table): Impact {
  let best: Impact | null = null;
  for (const face of facesOf(table)) {
    for (const t of crossings(launch, table.gravity, face.axis, face.at)) {
      if (best !== null && t >= best.time) break;
      const point = flightPoint(launch, t, table.gravity);
      // The crossing coordinate is exact by construction; pin it against rounding.
      point[face.axis] = face.at;
      if (within(point, face.bounds)) {
        best = { struck: face.judge(point), time: t, end: point };
        break;
      }
    }
  }
  if (best === null) {
    // Only a launch from below the table could get here; the aim ranges and geometry rule it out.
    throw new Error('cannon: the ball never met the table (launch below the table?)');
  }
  return best;
}
