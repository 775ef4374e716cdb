import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AIM_DRAWS,
  AIM_RANGES,
  aimFor,
  DEFAULT_AIM,
  fireShot,
  parseAim,
  perfectAim,
  SHOT_DRAWS,
  STRIKES,
  strikeFor,
} from '../../../src/engine/cannon/index.ts';
import { randomFromSeed, type Uniform } from '../../../src/engine/random.ts';

const legalAim = fc.record({
  x: fc.double({ min: AIM_RANGES.x.min, max: AIM_RANGES.x.max, noNaN: true }),
  back: fc.double({ min: AIM_RANGES.back.min, max: AIM_RANGES.back.max, noNaN: true }),
  yaw: fc.double({ min: AIM_RANGES.yaw.min, max: AIM_RANGES.yaw.max, noNaN: true }),
  pitch: fc.double({ min: AIM_RANGES.pitch.min, max: AIM_RANGES.pitch.max, noNaN: true }),
});
const target = fc.constantFrom('sail' as const, 'skull' as const);

function counting(draw: Uniform): { draw: Uniform; count: () => number } {
  let n = 0;
  return {
    draw: () => {
      n++;
      return draw();
    },
    count: () => n,
  };
}

describe('R8.2 shots replay', () => {
  it('R8.2 the same aim and the same draws give the same shot', () => {
    for (const seed of ['a', 'b', 'c']) {
      const one = fireShot(DEFAULT_AIM, 'sail', randomFromSeed(seed).float);
      const two = fireShot(DEFAULT_AIM, 'sail', randomFromSeed(seed).float);
      expect(two).toEqual(one);
    }
  });

  it('R8.2 the wobble changes the launch: different draws, different shots', () => {
    const one = fireShot(DEFAULT_AIM, 'sail', randomFromSeed('a').float);
    const two = fireShot(DEFAULT_AIM, 'sail', randomFromSeed('b').float);
    expect(two.launch).not.toEqual(one.launch);
  });

  it('R8.2 a shot is plain JSON: it survives a round trip', () => {
    const shot = fireShot(perfectAim('skull'), 'skull', randomFromSeed('json').float);
    expect(JSON.parse(JSON.stringify(shot))).toEqual(shot);
  });

  it('R8.2 every shot takes exactly SHOT_DRAWS draws and ends in a known strike', () => {
    fc.assert(
      fc.property(legalAim, target, fc.string(), (aim, shotTarget, seed) => {
        const draws = counting(randomFromSeed(seed).float);
        const shot = fireShot(aim, shotTarget, draws.draw);
        expect(draws.count()).toBe(SHOT_DRAWS);
        expect(STRIKES).toContain(shot.struck);
        expect(shot.hit).toBe(shot.struck === strikeFor(shotTarget));
        expect(shot.time).toBeGreaterThan(0);
        expect(Number.isFinite(shot.end.x + shot.end.y + shot.end.z)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('R8.2 the extreme draws 0 and just below 1 still fly', () => {
    for (const value of [0, 1 - 2 ** -53]) {
      const draws = counting(() => value);
      const shot = fireShot(DEFAULT_AIM, 'sail', draws.draw);
      expect(draws.count()).toBe(SHOT_DRAWS);
      expect(shot.time).toBeGreaterThan(0);
    }
  });
});

describe('R8.2 bots aim legally', () => {
  it('R8.2 aimFor always gives a legal aim and takes exactly AIM_DRAWS draws', () => {
    fc.assert(
      fc.property(
        target,
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.string(),
        (shotTarget, skill, seed) => {
          const draws = counting(randomFromSeed(seed).float);
          const aim = aimFor(shotTarget, skill, draws.draw);
          expect(draws.count()).toBe(AIM_DRAWS);
          expect(parseAim(aim).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('R8.2 a master bot aims perfectly; a novice does not', () => {
    expect(aimFor('sail', 1, randomFromSeed('m').float)).toEqual(perfectAim('sail'));
    expect(aimFor('sail', 0, randomFromSeed('m').float)).not.toEqual(perfectAim('sail'));
  });

  it('R8.2 the perfect aim stands at the front line on the centre line, within the pitch range', () => {
    for (const shotTarget of ['sail', 'skull'] as const) {
      const aim = perfectAim(shotTarget);
      expect(aim).toMatchObject({ x: 0, back: 0, yaw: 0 });
      expect(parseAim(aim).ok).toBe(true);
    }
    expect(perfectAim('sail').pitch).toBeGreaterThan(perfectAim('skull').pitch);
  });
});
