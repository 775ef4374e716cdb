/**
 * A learned model's learning curve as chart data (`pirates plot --from-model`): the per-epoch figures its
 * training wrote into the model file's "training" field (src/ai/belief-training.ts, value-training.ts), so the
 * plots in docs/ai.md are drawn from the shipped files' own numbers, none copied by hand.
 */
import type { ChartPoint, ChartResult, ChartSeries, LineChart } from './line-chart.ts';
import { readLineChart } from './line-chart.ts';

const invalid = (message: string): ChartResult => ({ ok: false, error: { code: 'chart/invalid', message } });

interface Training {
  readonly command?: unknown;
  readonly curve?: unknown;
  readonly heldOut?: unknown;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The curve's points of one figure; epochs without it (epoch 0's training loss) are left out. */
function pointsOf(curve: readonly unknown[], figure: string, sign = 1): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const entry of curve) {
    const e = entry as Record<string, unknown>;
    const y = e[figure];
    if (finite(e.epoch) && finite(y)) points.push({ x: e.epoch, y: sign * y });
  }
  return points;
}

/** A level held from the first epoch to the last: a baseline the curve is to beat. */
function level(name: string, y: number, curve: readonly ChartPoint[]): ChartSeries {
  const xs = curve.map((p) => p.x);
  return {
    name,
    reference: true,
    points: [
      { x: Math.min(...xs), y },
      { x: Math.max(...xs), y },
    ],
  };
}

/**
 * The learning curve of a belief or value model file (parsed JSON), `source` naming the file in the data.
 * The belief's is drawn as log-likelihoods a hidden piece (higher is better: the training loss is minus the
 * training log-likelihood), with the uniform prior and the particle belief's best mix as levels; the value's
 * as log losses a position (lower is better), with the linear evaluation as a level.
 */
export function learningCurveOf(file: unknown, source: string): ChartResult {
  const training = (
    typeof file === 'object' && file !== null ? (file as { training?: unknown }).training : null
  ) as Training | null | undefined;
  if (typeof training !== 'object' || training === null)
    return invalid(`${source} has no "training" field: it is not a model file 'pirates train' wrote.`);
  const curve = training.curve;
  if (!Array.isArray(curve) || curve.length === 0)
    return invalid(`${source}'s training figures hold no learning curve ("curve").`);
  const heldOut = (training.heldOut ?? {}) as Record<string, unknown>;
  let chart: LineChart;
  if (training.command === 'pirates train belief') {
    const held = pointsOf(curve, 'heldOutPerPiece');
    const series: ChartSeries[] = [
      { name: 'held-out games', points: held },
      { name: 'training games (minus the training loss)', points: pointsOf(curve, 'trainLoss', -1) },
    ];
    const uniform = (heldOut.uniform as { perPiece?: unknown } | undefined)?.perPiece;
    if (finite(uniform) && held.length > 0)
      series.push(level('uniform prior under the hard constraints (held out)', uniform, held));
    const mixed = (heldOut.particle as { mixed?: { perPiece?: unknown }[] } | null | undefined)?.mixed ?? [];
    const best = Math.max(...mixed.map((m) => m.perPiece).filter(finite));
    if (Number.isFinite(best) && held.length > 0)
      series.push(level("today's particle belief, its best mix with the prior (held out)", best, held));
    chart = {
      title: 'The learned belief: log-likelihood of the true kinds by epoch',
      x: { title: 'epoch (passes over the training decisions; 0 is the untrained network)' },
      y: { title: 'log-likelihood, nats a piece (higher is better)' },
      series,
      source,
    };
  } else if (training.command === 'pirates train value') {
    const held = pointsOf(curve, 'heldOutLoss');
    const series: ChartSeries[] = [
      { name: 'held-out games', points: held },
      { name: 'training games', points: pointsOf(curve, 'trainLoss') },
    ];
    const linear = (heldOut.linear as { logLoss?: unknown } | undefined)?.logLoss;
    if (finite(linear) && held.length > 0)
      series.push(level('the linear evaluation alone (held out)', linear, held));
    chart = {
      title: 'The learned value: mean log loss of who won by epoch',
      x: { title: 'epoch (passes over the training positions; 0 is the untrained network)' },
      y: { title: 'log loss, nats a position (lower is better)' },
      series,
      source,
    };
  } else
    return invalid(
      `${source} was written by ${JSON.stringify(training.command)}, not 'pirates train belief' or 'pirates train value'.`,
    );
  // The same checks as a data file read from disk: a curve with a NaN or no points is refused here too.
  return readLineChart(chart);
}
