/**
 * `pirates cannon --calibrate`: measures the cannon's hit rates (R8.2) so the defaults can be tuned and the
 * table in docs/cannon.md re-measured. The engine does the work; this file only reads flags and prints.
 */
import { CALIBRATION_SKILLS, type Calibration, calibrate } from '../engine/cannon/index.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';

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
    const read = readFlags('cannon', args, {
      calibrate: 'boolean',
      shots: 'string',
      seed: 'string',
      json: 'boolean',
    });
    if (typeof read === 'number') return read;
    const { values } = read;
    if (values.calibrate !== true)
      return read.refuse('say what to do: --calibrate is the only action so far.');
    const shots = read.whole('shots', 5000);
    if (read.problems.length > 0) return read.refuse();
    const shotsText = String(shots);
    const seed = read.text('seed', '1');
    const calibration = calibrate({ shots, seed });
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
