/**
 * Measures the cannon (R8.2): hit rates of the perfect aim and of bots by skill, over many seeded shots.
 * Each cell draws from its own stream named after the seed, so adding a cell never shifts another.
 */
import { randomFromSeed } from '../random.ts';
import type { CannonOptions } from './geometry.ts';
import { fireShot, type ShotTarget } from './shot.ts';
import { aimFor, perfectAim } from './solve.ts';

/** The skills `calibrate` measures, as the keys of its table. */
export const CALIBRATION_SKILLS = ['0', '0.25', '0.5', '0.75', '1'] as const;
export type CalibrationSkill = (typeof CALIBRATION_SKILLS)[number];

/** Hit rates in [0, 1] for one target, e.g. `{ perfect: 0.87, skill: { '0': 0.08, ..., '1': 0.87 } }`. */
export type TargetCalibration = { perfect: number; skill: Record<CalibrationSkill, number> };
export type Calibration = Record<ShotTarget, TargetCalibration>;

export type CalibrateRequest = { shots: number; seed: string; options?: CannonOptions };

export function calibrate({ shots, seed, options = {} }: CalibrateRequest): Calibration {
  if (!Number.isInteger(shots) || shots < 1)
    throw new RangeError(`calibrate: shots must be a whole number >= 1, not ${shots}`);
  const measure = (target: ShotTarget): TargetCalibration => {
    const perfect = perfectAim(target, options);
    const random = randomFromSeed(`${seed}/${target}/perfect`);
    let hits = 0;
    for (let i = 0; i < shots; i++) if (fireShot(perfect, target, random.float, options).hit) hits++;
    const skill = {} as Record<CalibrationSkill, number>;
    for (const level of CALIBRATION_SKILLS) {
      const stream = randomFromSeed(`${seed}/${target}/skill/${level}`);
      let skillHits = 0;
      for (let i = 0; i < shots; i++) {
        const aim = aimFor(target, Number(level), stream.float, options);
        if (fireShot(aim, target, stream.float, options).hit) skillHits++;
      }
      skill[level] = skillHits / shots;
    }
    return { perfect: hits / shots, skill };
  };
  return { sail: measure('sail'), skull: measure('skull') };
}
