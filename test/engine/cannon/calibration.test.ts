import { describe, expect, it } from 'vitest';
import { CALIBRATION_SKILLS, calibrate } from '../../../src/engine/cannon/index.ts';

// Fixed seeds, so these are exact replays, not flaky samples; 4,000 shots per cell keeps sampling noise
// near ±1.5 points and the run well under a second.
const SHOTS = 4000;
const table = calibrate({ shots: SHOTS, seed: 'test' });

describe('R8.2 the default cannon is calibrated', () => {
  it('R8.2 the perfect aim hits often, but the wobble keeps it below certain', () => {
    expect(table.sail.perfect).toBeGreaterThanOrEqual(0.8);
    expect(table.sail.perfect).toBeLessThanOrEqual(0.95);
    expect(table.skull.perfect).toBeGreaterThanOrEqual(0.75);
    expect(table.skull.perfect).toBeLessThanOrEqual(0.95);
  });

  it('R8.2 a careful person (skill 0.5) hits about 35-50% at the sail and 30-45% at the skull', () => {
    expect(table.sail.skill['0.5']).toBeGreaterThanOrEqual(0.35);
    expect(table.sail.skill['0.5']).toBeLessThanOrEqual(0.5);
    expect(table.skull.skill['0.5']).toBeGreaterThanOrEqual(0.3);
    expect(table.skull.skill['0.5']).toBeLessThanOrEqual(0.45);
  });

  it('R8.2 more skill never hits less, from a novice to the perfect aim', () => {
    for (const target of ['sail', 'skull'] as const) {
      const rates = CALIBRATION_SKILLS.map((skill) => table[target].skill[skill]);
      for (let i = 1; i < rates.length; i++) {
        expect(rates[i]).toBeGreaterThan((rates[i - 1] ?? 1) - 0.01);
      }
      expect(table[target].skill['0']).toBeGreaterThan(0);
      expect(table[target].skill['0']).toBeLessThanOrEqual(0.15);
      expect(Math.abs(table[target].skill['1'] - table[target].perfect)).toBeLessThan(0.03);
    }
  });

  it('R8.2 a seed replays the same table; another seed gives another sample', () => {
    expect(calibrate({ shots: 200, seed: 'x' })).toEqual(calibrate({ shots: 200, seed: 'x' }));
    expect(calibrate({ shots: 200, seed: 'x' })).not.toEqual(calibrate({ shots: 200, seed: 'y' }));
  });

  it('R8.2 the wobble is an option: without it the perfect aim always hits', () => {
    const still = calibrate({ shots: 50, seed: 's', options: { speedWobble: 0, angleWobble: 0 } });
    expect(still.sail.perfect).toBe(1);
    expect(still.skull.perfect).toBe(1);
  });
});
