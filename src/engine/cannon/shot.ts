/**
 * One shot (R8.2): the aim sets the launch, the spring's wobble perturbs it, the flight decides. A shot always
 * takes the same number of draws, whatever happens, so a replay that feeds the same draws gets the same shot.
 * The result is plain JSON carrying the launch after wobble: a client redraws the same arc with `flightPoint`.
 * A shot event publishes it through `publishedShot`, rounded to what a player can see: the hit is judged on
 * the exact flight, the published one only draws it.
 */
import type { Uniform } from '../random.ts';
import type { Aim } from './aim.ts';
import { firstImpact, type Launch, type Strike } from './flight.ts';
import { type CannonOptions, resolveCannon, tableOf, type Vec3 } from './geometry.ts';

/** What is shot at: the hole in the enemy sail (R3.1) or the enemy skull (R3.2). */
export const SHOT_TARGETS = ['sail', 'skull'] as const;
export type ShotTarget = (typeof SHOT_TARGETS)[number];

/** A fired shot, in SI units in the shooter's frame. */
export type Shot = {
  /** What was aimed at, e.g. 'sail'. */
  target: ShotTarget;
  /** Whether the ball went through the hole (sail) or landed wholly on the skull (skull). */
  hit: boolean;
  /** What the ball met first, e.g. 'cloth'. */
  struck: Strike;
  /** The launch after the wobble: metres and m/s. */
  launch: Launch;
  /** Seconds from launch until the ball struck (or passed through the hole), e.g. 0.16. */
  time: number;
  /** Where the ball's centre was then, metres. */
  end: Vec3;
};

/** Draws one `fireShot` takes, always. */
export const SHOT_DRAWS = 3;

const DEGREE = Math.PI / 180;
const CM = 0.01;

/** Where the ball leaves the muzzle and how fast, for an aim and a launch speed. */
export function launchOf(aim: Aim, speed: number, muzzleHeight: number): Launch {
  const yaw = aim.yaw * DEGREE;
  const pitch = aim.pitch * DEGREE;
  return {
    position: { x: aim.x * CM, y: -aim.back * CM, z: muzzleHeight },
    velocity: {
      x: speed * Math.cos(pitch) * Math.sin(yaw),
      y: speed * Math.cos(pitch) * Math.cos(yaw),
      z: speed * Math.sin(pitch),
    },
  };
}

/**
 * Fires the cannon. `aim` must be legal (from `parseAim` or `aimFor`); `draw` gives uniforms in [0, 1) and
 * is called exactly `SHOT_DRAWS` times.
 */
export function fireShot(aim: Aim, target: ShotTarget, draw: Uniform, options: CannonOptions = {}): Shot {
  const config = resolveCannon(options);
  const table = tableOf(config);
  // The spring's play is bounded: each of speed, yaw and pitch is off by a uniform amount up to its wobble.
  const speedNoise = 2 * draw() - 1;
  const yawNoise = 2 * draw() - 1;
  const pitchNoise = 2 * draw() - 1;
  const wobbled: Aim = {
    ...aim,
    yaw: aim.yaw + yawNoise * config.angleWobble,
    pitch: aim.pitch + pitchNoise * config.angleWobble,
  };
  const speed = config.springSpeed * (1 + speedNoise * config.speedWobble);
  const launch = launchOf(wobbled, speed, table.muzzleHeight);
  const impact = firstImpact(launch, table);
  return {
    target,
    hit: impact.struck === strikeFor(target),
    struck: impact.struck,
    launch: { position: json(launch.position), velocity: json(launch.velocity) },
    time: impact.time,
    end: json(impact.end),
  };
}

/** JSON has no -0: adding +0 turns -0 into 0, so a shot equals itself after a round trip. */
function json(v: Vec3): Vec3 {
  return { x: v.x + 0, y: v.y + 0, z: v.z + 0 };
}

/**
 * A shot as the public event tells it: positions to 0.1 mm, speeds to 1 mm/s, the time to 0.1 ms. That
 * draws the same arc to the eye; more digits would only hand a solver the wobble draws (docs/fairness.md).
 */
export function publishedShot(shot: Shot): Shot {
  return {
    ...shot,
    launch: { position: rounded(shot.launch.position, 1e4), velocity: rounded(shot.launch.velocity, 1e3) },
    time: round(shot.time, 1e4),
    end: rounded(shot.end, 1e4),
  };
}

/**
 * `n` to the nearest 1/`per`. Adding +0 turns -0 into 0 (JSON has no -0), so a shot equals itself after a
 * round trip.
 */
function round(n: number, per: number): number {
  return Math.round(n * per) / per + 0;
}

function rounded(v: Vec3, per: number): Vec3 {
  return { x: round(v.x, per), y: round(v.y, per), z: round(v.z, per) };
}

/** The strike that counts as a hit for each target. */
export function strikeFor(target: ShotTarget): Strike {
  switch (target) {
    case 'sail':
      return 'hole';
    case 'skull':
      return 'skull';
  }
}
