import { describe, expect, it } from 'vitest';
import { cannonCommand } from '../../src/cli/cannon.ts';
import { main, usage } from '../../src/cli/main.ts';
import { capture } from './capture.ts';

describe('pirates cannon', () => {
  it('is listed in pirates --help', () => {
    expect(usage()).toContain('cannon');
  });

  it('--calibrate --json prints exactly one JSON object of the calibrate shape', async () => {
    const { code, out } = await capture(() =>
      main(['cannon', '--calibrate', '--json', '--shots', '100', '--seed', 'cli']),
    );
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    const parsed: unknown = JSON.parse(out);
    for (const target of ['sail', 'skull']) {
      const cell = (parsed as Record<string, { perfect: unknown; skill: Record<string, unknown> }>)[target];
      expect(cell).toBeDefined();
      expect(Object.keys(cell ?? {}).sort()).toEqual(['perfect', 'skill']);
      expect(Object.keys(cell?.skill ?? {}).sort()).toEqual(['0', '0.25', '0.5', '0.75', '1']);
      for (const rate of [cell?.perfect, ...Object.values(cell?.skill ?? {})]) {
        expect(typeof rate).toBe('number');
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(1);
      }
    }
    expect(Object.keys(parsed as object).sort()).toEqual(['sail', 'skull']);
  });

  it('--calibrate prints an aligned table', async () => {
    const { code, out } = await capture(() => cannonCommand.run(['--calibrate', '--shots', '50']));
    expect(code).toBe(0);
    const rows = out.split('\n').filter((line) => /^(target|sail|skull)\b/.test(line));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.length)).size).toBe(1);
  });

  for (const args of [
    [],
    ['--calibrate', '--shots', 'x'],
    ['--calibrate', '--shots', '0'],
    ['--calibrate', '--bogus'],
    ['--calibrate', 'extra'],
  ]) {
    it(`refuses ${JSON.stringify(args)} with a message and exit code 2`, async () => {
      const { code, out, err } = await capture(() => cannonCommand.run(args));
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(/^pirates cannon: .+/);
    });
  }
});
