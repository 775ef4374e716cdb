/**
 * The table, the two ships and the spring cannon (R8), in the shooter's frame so the physics never asks
 * which seat shoots: origin at the centre of the own ship's front line on the table, y towards the enemy
 * ship, z up. Options are in centimetres and degrees (what a person measures on a real table); the physics
 * works in SI, so `resolveCannon` converts once.
 */

/** Every cannon option, resolved. Lengths in cm, angles in degrees, speeds in m/s. */
export type CannonConfig = {
  /** From the own ship's front line to the enemy hull face, cm, e.g. 30. */
  shipGap: number;
  /** Enemy hull: width across the table (x), cm, e.g. 16. */
  hullWidth: number;
  /** Enemy hull: length away from the shooter (y), cm, e.g. 24. */
  hullLength: number;
  /** Enemy hull: height of the deck above the table, cm, e.g. 8. */
  hullHeight: number;
  /** Yellow skull on the hull face towards the shooter: diameter, cm, e.g. 3. */
  skullDiameter: number;
  /** Height of the skull's centre above the table, cm, e.g. 5. */
  skullHeight: number;
  /** The sail's plane stands this far behind the hull face, cm, e.g. 6. */
  sailSetback: number;
  /** Sail width (x), cm, e.g. 20. */
  sailWidth: number;
  /** Height of the sail's lower edge above the table, cm, e.g. 8 (it starts at the deck). */
  sailBottom: number;
  /** Height of the sail's upper edge above the table, cm, e.g. 24. */
  sailTop: number;
  /** The hole in the sail: diameter, cm, e.g. 3.5. */
  holeDiameter: number;
  /** Height of the hole's centre above the table, cm, e.g. 14. */
  holeHeight: number;
  /** The cannon ball's diameter, cm, e.g. 1.2. */
  ballDiameter: number;
  /** Height of the ball's centre when it leaves the muzzle, cm, e.g. 4. */
  muzzleHeight: number;
  /** How far the cannon may stand sideways from the centre line, either way, cm, e.g. 35. */
  maxSideways: number;
  /** How far behind the own ship's front line the cannon may stand, cm, e.g. 20. */
  maxBack: number;
  /** How far the cannon may turn left or right, degrees, e.g. 30. */
  maxYaw: number;
  /** Lowest tilt, degrees (0 is level with the table; below it the barrel would point into the table). */
  minPitch: number;
  /** Highest tilt while the cannon still stands on the table, degrees, e.g. 60. */
  maxPitch: number;
  /** The spring's launch speed, m/s, e.g. 3. The player cannot change it (R8.1). */
  springSpeed: number;
  /** Gravity, m/s², e.g. 9.81. */
  gravity: number;
  /** Wobble: the launch speed is off by up to this fraction either way (uniform), e.g. 0.035 (±3.5%). */
  speedWobble: number;
  /** Wobble: the launch yaw and pitch are each off by up to this many degrees either way (uniform), e.g. 1.5. */
  angleWobble: number;
};

/** Any subset of the options; the rest come from `DEFAULT_CANNON`. */
export type CannonOptions = Partial<CannonConfig>;

export const DEFAULT_CANNON: Readonly<CannonConfig> = {
  shipGap: 30,
  hullWidth: 16,
  hullLength: 24,
  hullHeight: 8,
  skullDiameter: 3,
  skullHeight: 5,
  sailSetback: 6,
  sailWidth: 20,
  sailBottom: 8,
  sailTop: 24,
  holeDiameter: 3.5,
  holeHeight: 14,
  ballDiameter: 1.2,
  muzzleHeight: 4,
  maxSideways: 35,
  maxBack: 20,
  maxYaw: 30,
  minPitch: 0,
  maxPitch: 60,
  springSpeed: 3,
  gravity: 9.81,
  speedWobble: 0.035,
  angleWobble: 1.5,
};

/** A point or a vector in the shooter's frame, metres (or m/s). */
export type Vec3 = { x: number; y: number; z: number };

/** The enemy ship and the ball in metres, as the physics needs them. */
export type Table = {
  config: CannonConfig;
  ballRadius: number;
  gravity: number;
  muzzleHeight: number;
  /** Hull box: x in [-halfWidth, halfWidth], y in [front, back], z in [0, top]. */
  hull: { halfWidth: number; front: number; back: number; top: number };
  skull: { centre: Vec3; radius: number };
  /** The sail is a thin sheet in the plane y = sail.y. */
  sail: { y: number; halfWidth: number; bottom: number; top: number };
  hole: { centre: Vec3; radius: number };
};

const CM = 0.01;

export function resolveCannon(options: CannonOptions = {}): CannonConfig {
  return { ...DEFAULT_CANNON, ...options };
}

export function tableOf(config: CannonConfig): Table {
  const front = config.shipGap * CM;
  const sailY = front + config.sailSetback * CM;
  return {
    config,
    ballRadius: (config.ballDiameter * CM) / 2,
    gravity: config.gravity,
    muzzleHeight: config.muzzleHeight * CM,
    hull: {
      halfWidth: (config.hullWidth * CM) / 2,
      front,
      back: front + config.hullLength * CM,
      top: config.hullHeight * CM,
    },
    skull: {
      centre: { x: 0, y: front, z: config.skullHeight * CM },
      radius: (config.skullDiameter * CM) / 2,
    },
    sail: {
      y: sailY,
      halfWidth: (config.sailWidth * CM) / 2,
      bottom: config.sailBottom * CM,
      top: config.sailTop * CM,
    },
    hole: { centre: { x: 0, y: sailY, z: config.holeHeight * CM }, radius: (config.holeDiameter * CM) / 2 },
  };
}
