/** `pirates bench [--suite NAME] [--scale X] [--rounds N] [--engine PATH] [--json]`: speed, measured side by side in one run. */
import { existsSync } from 'node:fs';
import { engineFile } from './bench/selfplay.ts';
import { suites } from './bench/suites.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';

const USAGE = `Usage: pirates bench [--suite NAME] [--scale X] [--rounds N] [--engine PATH] [--json]

Runs the benchmark suites (${suites.map((s) => s.name).join(', ')}) on one core and prints medians and ratios.
  --suite NAME  run only this suite
  --scale X     work per measurement (default 1; 0.1 for a quick look)
  --rounds N    repetitions, the median is reported (default 5)
  --engine PATH measure another checkout's engine (its folder or its src/engine/index.ts) in the selfplay
                and engine suites: run this and the other alternately, in separate processes, to compare versions
  --json        print one JSON object { suite: figures }`;

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Benchmarks: engine speed, bots, (npm run bench)',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'bench',
      args,
      { suite: 'string', scale: 'string', rounds: 'string', engine: 'string', json: 'boolean' },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const { values } = read;
    const scale = read.number('scale', 1, Number.MIN_VALUE);
    const rounds = read.whole('rounds', 5);
    const chosen = values.suite === undefined ? suites : suites.filter((s) => s.name === values.suite);
    if (chosen.length === 0) {
      read.problems.push(`no suite '${values.suite}'; suites: ${suites.map((s) => s.name).join(', ')}.`);
    }
    if (values.engine !== undefined && !existsSync(engineFile(values.engine))) {
      read.problems.push(
        `no engine at ${engineFile(values.engine)} (--engine takes a checkout or its src/engine/index.ts).`,
      );
    }
    if (read.problems.length > 0) return read.refuse();
    const figures: Record<string, Readonly<Record<string, number>>> = {};
    for (const suite of chosen) {
      const report = await suite.run({ scale, rounds, engine: values.engine });
      figures[report.suite] = report.figures;
      if (!values.json) process.stdout.write(`${[`[${report.suite}]`, ...report.lines].join('\n')}\n`);
    }
    if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
    return 0;
  },
};
