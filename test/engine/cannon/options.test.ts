import { describe, expect, it } from 'vitest';
import { DEFAULT_CANNON, parseCannonOptions } from '../../../src/engine/cannon/index.ts';

describe('R8.2 the geometry and wobble are options', () => {
  it('R8.2 accepts no options, the defaults, and a sensible change', () => {
    expect(parseCannonOptions({})).toEqual({ ok: true, options: {} });
    expect(parseCannonOptions({ ...DEFAULT_CANNON }).ok).toBe(true);
    expect(parseCannonOptions({ holeDiameter: 4, angleWobble: 1 })).toEqual({
      ok: true,
      options: { holeDiameter: 4, angleWobble: 1 },
    });
  });

  const refusals: { name: string; input: unknown; code: string }[] = [
    { name: 'null', input: null, code: 'cannon/malformed' },
    { name: 'a list', input: [], code: 'cannon/malformed' },
    { name: 'an unknown option', input: { power: 3 }, code: 'cannon/malformed' },
    { name: 'a string', input: { holeDiameter: '3.5' }, code: 'cannon/malformed' },
    { name: 'NaN', input: { gravity: Number.NaN }, code: 'cannon/malformed' },
    { name: 'a zero size', input: { ballDiameter: 0 }, code: 'cannon/out-of-range' },
    { name: 'a negative wobble', input: { speedWobble: -0.1 }, code: 'cannon/out-of-range' },
    { name: 'a ball bigger than the hole', input: { ballDiameter: 4 }, code: 'cannon/inconsistent' },
    { name: 'a hole outside the sail', input: { holeHeight: 30 }, code: 'cannon/inconsistent' },
    { name: 'a skull above the deck', input: { skullHeight: 9 }, code: 'cannon/inconsistent' },
    { name: 'a spring too weak to reach', input: { springSpeed: 1 }, code: 'cannon/inconsistent' },
  ];
  for (const { name, input, code } of refusals) {
    it(`R8.2 refuses ${name} (${code})`, () => {
      const result = parseCannonOptions(input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(code);
      expect(result.error.message).toMatch(/^[A-Z].*\.$/);
    });
  }
});
