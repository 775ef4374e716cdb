/**
 * The cannon (R8): geometry, legal aims, one seeded shot, the ideal and a bot's aim, and calibration.
 * Everything is in the shooter's frame, so the module never asks which seat shoots. Units: aims and
 * options in cm and degrees; launches, flights and shots in metres, m/s and seconds.
 */
export {
  AIM_FIELDS,
  AIM_RANGES,
  type Aim,
  type AimError,
  type AimErrorCode,
  type AimField,
  type AimRange,
  type AimRanges,
  type AimResult,
  aimRanges,
  clampAim,
  DEFAULT_AIM,
  parseAim,
} from './aim.ts';
export {
  CALIBRATION_SKILLS,
  type CalibrateRequest,
  type Calibration,
  type CalibrationSkill,
  calibrate,
  type TargetCalibration,
} from './calibrate.ts';
export { firstImpact, flightPoint, type Impact, type Launch, STRIKES, type Strike } from './flight.ts';
export {
  type CannonConfig,
  type CannonOptions,
  DEFAULT_CANNON,
  resolveCannon,
  type Table,
  tableOf,
  type Vec3,
} from './geometry.ts';
export { type CannonOptionsErrorCode, type CannonOptionsResult, parseCannonOptions } from './options.ts';
export { reachingTilts, type TiltRange } from './reach.ts';
export {
  fireShot,
  launchOf,
  publishedShot,
  SHOT_DRAWS,
  SHOT_TARGETS,
  type Shot,
  type ShotTarget,
  strikeFor,
} from './shot.ts';
export { AIM_DRAWS, aimFor, aimPoint, aimSpread, perfectAim, pitchToReach, SKILL_ERROR } from './solve.ts';
