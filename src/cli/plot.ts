/**
 * `pirates plot`: draws a chart data file (line-chart.ts) as SVG, and writes a learned model's learning curve
 * as such a file first when asked. A command rather than a script under scripts/: it reads the model files
 * through the same TypeScript as the trainers, is listed in `pirates --help`, refuses bad input like every
 * command, and its test redraws every committed plot (test/cli/plot.test.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { learningCurveOf } from './learning-curve.ts';
import { type ChartResult, drawLineChart, type LineChart, parseLineChart } from './line-chart.ts';
import { strengthCurveOf } from './strength-curve.ts';

const USAGE = `Usage: pirates plot --data FILE.json [--out FILE.svg] [--from-model MODEL.json | --from-tournaments DIR]

Draws a line chart as SVG (plain SVG, 640 pixels wide, no script, no external font): a title, both axes
titled and ticked, every point marked, a legend when there are several series, error bars where given.
  --data FILE.json        the chart's data: { "title": ..., "x": { "title": ... }, "y": { "title": ... },
                          "series": [{ "name": ..., "points": [{ "x": ..., "y": ... }], "reference": true? }] }
                          (axis titles with their units; x rising within a series; a point may carry "low"
                          and "high", an error bar such as a 95% interval; a reference series is a dashed grey
                          level without marks); "source", if given, says where the numbers come from
  --out FILE.svg          where to write the picture
  --from-model MODEL.json first write FILE.json from a learned model's training figures (a file
                          'pirates train belief' or 'pirates train value' wrote, e.g. src/ai/models/value.json):
                          its learning curve by epoch, so no number is copied by hand
  --from-tournaments DIR  first write FILE.json from the 'pirates tournament --json' outputs in DIR (*.json),
                          one a checkpoint of 'pirates train --checkpoints' (epoch-N.json) given with
                          --value-model or --belief-model, all the same pair and games: the checkpoint's
                          score by epoch with its 95% interval
At least one of --out, --from-model and --from-tournaments. The same data gives the same bytes.`;

export const plotCommand: Command = {
  name: 'plot',
  summary: 'Draw a line chart (SVG) from a data file, or a learned model learning curve (pirates plot)',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'plot',
      args,
      { data: 'string', out: 'string', 'from-model': 'string', 'from-tournaments': 'string' },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const data = read.values.data;
    const out = read.values.out;
    const model = read.values['from-model'];
    const tournaments = read.values['from-tournaments'];
    if (data === undefined || data === '')
      return read.refuse('Say where the chart data is: --data FILE.json.');
    if (model !== undefined && tournaments !== undefined)
      return read.refuse('Give one source of the data: --from-model or --from-tournaments, not both.');
    if (out === undefined && model === undefined && tournaments === undefined)
      return read.refuse(
        'Nothing to do: give --out FILE.svg to draw, --from-model MODEL.json or --from-tournaments DIR to write the data, or both.',
      );
    let chart: LineChart;
    if (tournaments !== undefined) {
      const curve = await readTournaments(tournaments);
      if (!curve.ok) return read.refuse(curve.error.message);
      chart = curve.value;
      const wrote = await write(data, chartText(chart));
      if (wrote !== null) return read.refuse(wrote);
    } else if (model !== undefined) {
      const text = await readText(model);
      if (text === null) return read.refuse(`Cannot read the model file '${model}'.`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return read.refuse(`The model file '${model}' is not JSON.`);
      }
      const curve = learningCurveOf(parsed, model);
      if (!curve.ok) return read.refuse(curve.error.message);
      chart = curve.value;
      const wrote = await write(data, chartText(chart));
      if (wrote !== null) return read.refuse(wrote);
    } else {
      const text = await readText(data);
      if (text === null) return read.refuse(`Cannot read the chart data '${data}'.`);
      const parsed = parseLineChart(text);
      if (!parsed.ok) return read.refuse(`${data}: ${parsed.error.message}`);
      chart = parsed.value;
    }
    if (out !== undefined) {
      const wrote = await write(out, drawLineChart(chart));
      if (wrote !== null) return read.refuse(wrote);
    }
    return 0;
  },
};

/** The strength curve of the tournament outputs in `dir` (their names in order), or why not. */
export async function readTournaments(dir: string): Promise<ChartResult> {
  const refuse = (message: string): ChartResult => ({ ok: false, error: { code: 'chart/invalid', message } });
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return refuse(`Cannot read the folder '${dir}'.`);
  }
  const tournaments: { name: string; json: unknown }[] = [];
  for (const f of names) {
    const name = `${dir.replace(/\/$/, '')}/${f}`;
    const text = await readText(name);
    if (text === null) return refuse(`Cannot read '${name}'.`);
    try {
      tournaments.push({ name, json: JSON.parse(text) });
    } catch {
      return refuse(`'${name}' is not JSON.`);
    }
  }
  return strengthCurveOf(tournaments, dir.replace(/\/$/, ''));
}

/** A chart data file's text as `--from-model` writes it (two-space JSON, as biome formats it). */
export function chartText(chart: LineChart): string {
  return `${JSON.stringify(chart, null, 2)}\n`;
}

/** Writes a file and says so; or the sentence saying why it could not. */
async function write(path: string, text: string): Promise<string | null> {
  try {
    await writeFile(path, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EISDIR'
          ? 'it is a folder'
          : (error as Error).message;
    return `Cannot write '${path}': ${why}.`;
  }
  process.stdout.write(`wrote ${path}\n`);
  return null;
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}
