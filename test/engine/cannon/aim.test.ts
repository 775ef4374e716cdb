import { describe, expect, it } from 'vitest';
import { AIM_RANGES, DEFAULT_AIM, parseAim, perfectAim } from '../../../src/engine/cannon/index.ts';

const GOOD = { x: 0, back: 5, yaw: 0, pitch: 20 };

describe('R8.1 parseAim accepts legal aims', () => {
  it('R8.1 accepts the default aim, the perfect aims and the corners of the ranges', () => {
    expect(parseAim(DEFAULT_AIM)).toEqual({ ok: true, aim: DEFAULT_AIM });
    expect(parseAim(perfectAim('sail')).ok).toBe(true);
    expect(parseAim(perfectAim('skull')).ok).toBe(true);
    const low = {
      x: AIM_RANGES.x.min,
      back: AIM_RANGES.back.min,
      yaw: AIM_RANGES.yaw.min,
      pitch: AIM_RANGES.pitch.min,
    };
    const high = {
      x: AIM_RANGES.x.max,
      back: AIM_RANGES.back.max,
      yaw: AIM_RANGES.yaw.max,
      pitch: AIM_RANGES.pitch.max,
    };
    expect(parseAim(low)).toEqual({ ok: true, aim: low });
    expect(parseAim(high)).toEqual({ ok: true, aim: high });
  });

  it('R8.1 returns a fresh aim, not the caller object', () => {
    const input = { ...GOOD };
    const result = parseAim(input);
    expect(result.ok && result.aim).not.toBe(input);
  });

  it('R8.1 the ranges follow the options', () => {
    expect(parseAim({ ...GOOD, back: 30 }).ok).toBe(false);
    expect(parseAim({ ...GOOD, back: 30 }, { maxBack: 40 }).ok).toBe(true);
  });
});

describe('R8.1 parseAim refuses anything else with a sentence', () => {
  const refusals: { name: string; input: unknown; code: string; mentions: string }[] = [
    { name: 'null', input: null, code: 'aim/malformed', mentions: 'null' },
    { name: 'an array', input: [0, 5, 0, 20], code: 'aim/malformed', mentions: 'list' },
    { name: 'a string', input: 'fire!', code: 'aim/malformed', mentions: 'fire!' },
    { name: 'a number', input: 42, code: 'aim/malformed', mentions: 'number' },
    { name: 'undefined', input: undefined, code: 'aim/malformed', mentions: 'undefined' },
    { name: 'a missing field', input: { x: 0, back: 5, yaw: 0 }, code: 'aim/malformed', mentions: 'pitch' },
    { name: 'an extra field', input: { ...GOOD, power: 9 }, code: 'aim/malformed', mentions: 'power' },
    { name: 'NaN', input: { ...GOOD, pitch: Number.NaN }, code: 'aim/malformed', mentions: 'finite' },
    {
      name: 'Infinity',
      input: { ...GOOD, yaw: Number.POSITIVE_INFINITY },
      code: 'aim/malformed',
      mentions: 'finite',
    },
    {
      name: '-Infinity',
      input: { ...GOOD, x: Number.NEGATIVE_INFINITY },
      code: 'aim/malformed',
      mentions: 'finite',
    },
    { name: 'a numeric string', input: { ...GOOD, x: '3' }, code: 'aim/malformed', mentions: 'number' },
    { name: 'a boolean', input: { ...GOOD, back: true }, code: 'aim/malformed', mentions: 'number' },
    { name: 'a null field', input: { ...GOOD, yaw: null }, code: 'aim/malformed', mentions: 'yaw' },
    {
      name: 'x off the table',
      input: { ...GOOD, x: 36 },
      code: 'aim/out-of-range',
      mentions: 'between -35 and 35',
    },
    { name: 'back too far', input: { ...GOOD, back: 20.5 }, code: 'aim/out-of-range', mentions: 'back' },
    { name: 'yaw too far', input: { ...GOOD, yaw: -31 }, code: 'aim/out-of-range', mentions: 'yaw' },
    {
      name: 'pitch into the table',
      input: { ...GOOD, pitch: -1 },
      code: 'aim/out-of-range',
      mentions: 'pitch',
    },
    { name: 'pitch too steep', input: { ...GOOD, pitch: 61 }, code: 'aim/out-of-range', mentions: 'pitch' },
    {
      name: 'the cannon in front of the ship',
      input: { ...GOOD, back: -0.1 },
      code: 'aim/in-front-of-ship',
      mentions: 'in front',
    },
  ];

  for (const { name, input, code, mentions } of refusals) {
    it(`R8.1 refuses ${name} (${code})`, () => {
      const result = parseAim(input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(code);
      expect(result.error.message).toContain(mentions);
      // A sentence: a capital first, a full stop last.
      expect(result.error.message).toMatch(/^[A-Z].*\.$/);
    });
  }
});
