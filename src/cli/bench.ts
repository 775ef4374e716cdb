/** `pirates bench [--suite NAME] [--scale X] [--rounds N] [--json]`: speed, measured side by side in one run. */
import { suites } from './bench/suites.ts';
import type { Command } from './command.ts';
import { parseFlags, refuse } from './flags.ts';

const USAGE = `Usage: pirates bench [--suite NAME] [--scale X] [--rounds N] [--json]

Runs the benchmark suites (${suites.map((s) => s.name).join(', ')}) on one core and prints medians and ratios.
  --suite NAME  run only this suite
  --scale X     work per measurement (default 1; 0.1 for a quick look)
  --rounds N    repetitions, the median is reported (default 5)
  --json        print one JSON object { suite: figures }`;

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Benchmarks: engine speed, bots, (npm run bench)',
  usage: USAGE,
  async run(args) {
    const flags = parseFlags(args, { suite: 'string', scale: 'string', rounds: 'string', json: 'boolean' });
    if (!flags.ok) return refuse('bench', flags.message, USAGE);
    const { values } = flags;
    const scale = Number(values.scale ?? '1');
    const rounds = Number(values.rounds ?? '5');
    if (!(scale > 0) || !Number.isInteger(rounds) || rounds < 1) {
      process.stderr.write(
        'pirates bench: --scale must be a number above 0 and --rounds a whole number above 0.\n',
      );
      return 2;
    }
    const chosen = values.suite === undefined ? suites : suites.filter((s) => s.name === values.suite);
    if (chosen.length === 0) {
      process.stderr.write(
        `pirates bench: no suite '${values.suite}'; suites: ${suites.map((s) => s.name).join(', ')}.\n`,
      );
      return 2;
    }
    const figures: Record<string, Readonly<Record<string, number>>> = {};
    for (const suite of chosen) {
      const report = await suite.run({ scale, rounds });
      figures[report.suite] = report.figures;
      if (!values.json) process.stdout.write(`${[`[${report.suite}]`, ...report.lines].join('\n')}\n`);
    }
    if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
    return 0;
  },
};
