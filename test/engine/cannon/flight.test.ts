import { describe, expect, it } from 'vitest';
import {
  aimPoint,
  type CannonOptions,
  DEFAULT_CANNON,
  fireShot,
  flightPoint,
  perfectAim,
  pitchToReach,
  type ShotTarget,
} from '../../../src/engine/cannon/index.ts';

/** No wobble: the shot flies exactly where it is aimed, whatever the draws. */
const STILL: CannonOptions = { speedWobble: 0, angleWobble: 0 };
const anyDraw = () => 0.5;
const g = DEFAULT_CANNON.gravity;
const v = DEFAULT_CANNON.springSpeed;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

describe('R8.2 the flight is a textbook parabola', () => {
  // Launch from the table's surface (the ball's centre one radius up, where it lands again) with the enemy ship
  // far away: range, time of flight and apex must match the flat-ground formulas.
  const FLAT: CannonOptions = { ...STILL, muzzleHeight: DEFAULT_CANNON.ballDiameter / 2, shipGap: 100_000 };

  for (const pitch of [15, 30, 45, 60]) {
    it(`R8.2 at ${pitch}° the range is v² sin 2θ / g and the apex v² sin² θ / 2g`, () => {
      const shot = fireShot({ x: 0, back: 0, yaw: 0, pitch }, 'sail', anyDraw, FLAT);
      expect(shot.struck).toBe('table');
      expect(shot.end.y - shot.launch.position.y).toBeCloseTo((v * v * Math.sin(rad(2 * pitch))) / g, 9);
      expect(shot.time).toBeCloseTo((2 * v * Math.sin(rad(pitch))) / g, 9);
      const apex = flightPoint(shot.launch, (v * Math.sin(rad(pitch))) / g, g);
      expect(apex.z - shot.launch.position.z).toBeCloseTo((v * v * Math.sin(rad(pitch)) ** 2) / (2 * g), 9);
    });
  }

  it('R8.2 yaw turns the range without changing its length', () => {
    const shot = fireShot({ x: 0, back: 0, yaw: 30, pitch: 45 }, 'sail', anyDraw, FLAT);
    const dx = shot.end.x - shot.launch.position.x;
    const dy = shot.end.y - shot.launch.position.y;
    expect(Math.hypot(dx, dy)).toBeCloseTo((v * v) / g, 9);
    expect(Math.atan2(dx, dy)).toBeCloseTo(rad(30), 9);
  });

  it('R8.2 the shot ends where flightPoint puts the ball at its time', () => {
    const shot = fireShot({ x: 3, back: 7, yaw: 4, pitch: 25 }, 'sail', anyDraw);
    const point = flightPoint(shot.launch, shot.time, g);
    expect(point.x).toBeCloseTo(shot.end.x, 12);
    expect(point.y).toBeCloseTo(shot.end.y, 12);
    expect(point.z).toBeCloseTo(shot.end.z, 12);
  });
});

describe('R8.2 the hole and the skull', () => {
  const cases: { target: ShotTarget; radius: number; hit: string; miss: string }[] = [
    { target: 'sail', radius: DEFAULT_CANNON.holeDiameter / 2, hit: 'hole', miss: 'cloth' },
    { target: 'skull', radius: DEFAULT_CANNON.skullDiameter / 2, hit: 'skull', miss: 'hull' },
  ];
  const ball = DEFAULT_CANNON.ballDiameter / 2;

  for (const { target, radius, hit, miss } of cases) {
    it(`R8.2 a shot straight at the ${target} centre with no wobble hits`, () => {
      const shot = fireShot(perfectAim(target, STILL), target, anyDraw, STILL);
      expect(shot.struck).toBe(hit);
      expect(shot.hit).toBe(true);
      const centre = aimPoint(target);
      expect(shot.end.x).toBeCloseTo(centre.x, 9);
      expect(shot.end.z).toBeCloseTo(centre.z, 9);
    });

    it(`R8.2 a shot one ${target} radius off misses (${miss})`, () => {
      // The cannon stands one radius to the side and shoots straight: the ball passes one radius off centre.
      const aim = { ...perfectAim(target, STILL), x: radius };
      const shot = fireShot(aim, target, anyDraw, STILL);
      expect(shot.struck).toBe(miss);
      expect(shot.hit).toBe(false);
    });

    it(`R8.2 on the ${target}, the whole ball must fit: radius minus ball radius in hits, just beyond misses`, () => {
      const inside = fireShot(
        { ...perfectAim(target, STILL), x: radius - ball - 0.001 },
        target,
        anyDraw,
        STILL,
      );
      const outside = fireShot(
        { ...perfectAim(target, STILL), x: radius - ball + 0.001 },
        target,
        anyDraw,
        STILL,
      );
      expect(inside.struck).toBe(hit);
      expect(outside.struck).toBe(miss);
    });
  }

  it('R8.2 a low shot at the sail strikes the hull first', () => {
    // Aimed at the sail's plane 1 cm below the deck: the hull is in the way.
    const hole = aimPoint('sail');
    const pitch = pitchToReach(hole.y, 0.07 - DEFAULT_CANNON.muzzleHeight / 100, v, g);
    expect(pitch).not.toBeNull();
    const shot = fireShot({ x: 0, back: 0, yaw: 0, pitch: pitch ?? 0 }, 'sail', anyDraw, STILL);
    expect(shot.struck).toBe('hull');
    expect(shot.hit).toBe(false);
    expect(shot.end.y).toBeLessThan(hole.y);
  });

  it('R8.2 a ball falling onto the deck in front of the sail strikes the hull (its top)', () => {
    const deck = (DEFAULT_CANNON.shipGap + 3) / 100;
    const top = (DEFAULT_CANNON.hullHeight + DEFAULT_CANNON.ballDiameter / 2) / 100;
    const pitch = pitchToReach(deck, top - DEFAULT_CANNON.muzzleHeight / 100, v, g);
    const shot = fireShot({ x: 0, back: 0, yaw: 0, pitch: pitch ?? 0 }, 'sail', anyDraw, STILL);
    expect(shot.struck).toBe('hull');
    expect(shot.end.z).toBeCloseTo(top, 12);
    expect(shot.end.y).toBeCloseTo(deck, 9);
  });

  it('R8.2 a shot aimed over the deck into the lower sail strikes cloth, not the hole', () => {
    const hole = aimPoint('sail');
    const pitch = pitchToReach(hole.y, 0.1 - DEFAULT_CANNON.muzzleHeight / 100, v, g);
    const shot = fireShot({ x: 0, back: 0, yaw: 0, pitch: pitch ?? 0 }, 'sail', anyDraw, STILL);
    expect(shot.struck).toBe('cloth');
  });

  it('R8.2 a ball through the hole is no skull hit, and a ball on the skull is no sail hit', () => {
    expect(fireShot(perfectAim('sail', STILL), 'skull', anyDraw, STILL)).toMatchObject({
      struck: 'hole',
      hit: false,
    });
    expect(fireShot(perfectAim('skull', STILL), 'sail', anyDraw, STILL)).toMatchObject({
      struck: 'skull',
      hit: false,
    });
  });

  it('R8.2 a shot far wide of the ship lands on the table', () => {
    const shot = fireShot({ x: 35, back: 0, yaw: 30, pitch: 20 }, 'sail', anyDraw, STILL);
    expect(shot.struck).toBe('table');
    expect(shot.end.z).toBeCloseTo(DEFAULT_CANNON.ballDiameter / 200, 12);
  });
});
