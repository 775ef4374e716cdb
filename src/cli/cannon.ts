/**
 * `pirates cannon --calibrate`: measures the cannon's hit rates (R8.2) so the defaults can be tuned and the
 * table in docs/cannon.md re-measured. The engine does the work; this file only reads flags and prints.
 */
import { CALIBRATION_SKILLS, type Calibration, calibrate } from '../engine/cannon/index.ts';
import type { Command } from './command.ts';
import { parseFlags, refuse } from './flags.ts';

const USAGE = [
  'Usage: pirates cannon --calibrate [--shots N] [--seed S] [--json]',
  '',
  'Fires many seeded shots with the default cannon and prints the hit rates of the perfect aim and of',
  'bots by skill (0 to 1), at the sail hole and at the skull.',
  '',
  'Options:',
  '  --calibrate  measure the hit rates (the only action for now)',
  '  --shots N    shots per cell, a whole number from 1 (default 5000)',
  "  --seed S     the seed string (default '1'); the same seed gives the same table",
  '  --json       print one JSON object instead of a table',
].join('\n');

const fail = (message: string): number => refuse('cannon', message);

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export function calibrationTable(calibration: Calibration): string {
  const header = ['target', 'perfect', ...CALIBRATION_SKILLS.map((s) => `skill ${s}`)];
  const rows = (['sail', 'skull'] as const).map((target) => {
    const c = calibration[target];
    return [target, percent(c.perfect), ...CALIBRATION_SKILLS.map((s) => percent(c.skill[s]))];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export const cannonCommand: Command = {
  name: 'cannon',
  summary: 'Measure the cannon: hit rates of the perfect aim and of bots by skill',
  usage: USAGE,
  async run(args) {
    const flags = parseFlags(args, {
      calibrate: 'boolean',
      shots: 'string',
      seed: 'string',
      json: 'boolean',
    });
    if (!flags.ok) {
      return fail(flags.message);
    }
    const { values } = flags;
    if (values.calibrate !== true) return fail('say what to do: --calibrate is the only action so far.');
    const shotsText = values.shots ?? '5000';
    if (!/^[0-9]+$/.test(shotsText) || Number(shotsText) < 1 || !Number.isSafeInteger(Number(shotsText))) {
      return fail(`--shots must be a whole number from 1, not '${shotsText}'.`);
    }
    const seed = values.seed ?? '1';
    const calibration = calibrate({ shots: Number(shotsText), seed });
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify(calibration)}\n`);
    } else {
      process.stdout.write(
        `Cannon hit rates, ${shotsText} shots per cell, seed '${seed}' (default cannon):\n\n${calibrationTable(calibration)}\n`,
      );
    }
    return 0;
  },
};
