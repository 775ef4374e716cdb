/**
 * A learned model's strength by training step as chart data (`pirates plot --from-tournaments DIR`): the
 * scores of the `--checkpoints` models against the reference, one `pirates tournament --json` output per
 * checkpoint, read as they were written, so the plot's points and 95% intervals are the tournaments' own.
 * The checkpoint's epoch is read from the model file each tournament names (`epoch-N.json`, as
 * `pirates train --checkpoints` writes them).
 */
import type { ChartPoint, ChartResult } from './line-chart.ts';
import { readLineChart } from './line-chart.ts';

const invalid = (message: string): ChartResult => ({ ok: false, error: { code: 'chart/invalid', message } });

/** What this reads of one tournament's --json output. */
interface TournamentPair {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly aScore: number;
  readonly low: number;
  readonly high: number;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The pair and the candidate model's file of one tournament's output, or the sentence why not. */
function readTournament(
  json: unknown,
  name: string,
): { pair: TournamentPair; model: string } | { error: string } {
  const t = (typeof json === 'object' && json !== null ? json : {}) as {
    pairs?: unknown;
    models?: { value?: { file?: unknown }; belief?: { file?: unknown } };
  };
  const pairs = Array.isArray(t.pairs) ? t.pairs : [];
  if (pairs.length !== 1)
    return { error: `${name} is not the --json output of a tournament of exactly one pair.` };
  const p = pairs[0] as Partial<TournamentPair>;
  if (
    typeof p.a !== 'string' ||
    typeof p.b !== 'string' ||
    !finite(p.games) ||
    !finite(p.aScore) ||
    !finite(p.low) ||
    !finite(p.high)
  )
    return { error: `${name}'s pair lacks its names, games, score or interval.` };
  const file = t.models?.value?.file ?? t.models?.belief?.file;
  if (typeof file !== 'string')
    return {
      error: `${name} names no candidate model (it was not run with --value-model or --belief-model).`,
    };
  return { pair: p as TournamentPair, model: file };
}

/**
 * The chart of `tournaments` (each a parsed --json output with the name it was read from), `source` naming
 * where they are. All must be the same pair at the same number of games; each point is the first bot's
 * score with its interval, at the epoch of the checkpoint it played with.
 */
export function strengthCurveOf(
  tournaments: readonly { readonly name: string; readonly json: unknown }[],
  source: string,
): ChartResult {
  if (tournaments.length === 0) return invalid(`${source} holds no tournament results (*.json).`);
  const points: ChartPoint[] = [];
  let first: TournamentPair | null = null;
  for (const { name, json } of tournaments) {
    const read = readTournament(json, name);
    if ('error' in read) return invalid(read.error);
    const epoch = /epoch-(\d+)\.json$/.exec(read.model)?.[1];
    if (epoch === undefined)
      return invalid(
        `${name} played the model ${read.model}, which is not a checkpoint (epoch-N.json, as 'pirates train --checkpoints' writes).`,
      );
    first ??= read.pair;
    if (read.pair.a !== first.a || read.pair.b !== first.b || read.pair.games !== first.games)
      return invalid(
        `${name} is ${read.pair.a} against ${read.pair.b} over ${read.pair.games} games, not ${first.a} against ${first.b} over ${first.games} like the others.`,
      );
    points.push({ x: Number(epoch), y: read.pair.aScore, low: read.pair.low, high: read.pair.high });
  }
  points.sort((p, q) => p.x - q.x);
  for (let i = 1; i < points.length; i++)
    if (points[i]?.x === points[i - 1]?.x)
      return invalid(`${source} holds two tournaments of the checkpoint of epoch ${points[i]?.x}.`);
  const pair = first as TournamentPair;
  const xs = points.map((p) => p.x);
  return readLineChart({
    title: `In play, by epoch: ${pair.a} against ${pair.b}`,
    x: { title: 'epoch of the checkpoint (0 is the untrained network)' },
    y: { title: `score of the checkpoint, share of ${pair.games} games (95% interval)` },
    series: [
      { name: `${pair.a} with the checkpoint`, points },
      {
        name: 'even (one half)',
        reference: true,
        points: [
          { x: Math.min(...xs), y: 0.5 },
          { x: Math.max(...xs), y: 0.5 },
        ],
      },
    ],
    source,
  });
}
