/**
 * A line chart as SVG text, for the plots in the docs (`pirates plot`, docs/ai.md's learning curves): a pure
 * function of a small data file, so a committed plot can be drawn again from its committed data and compared
 * byte for byte. Written here rather than taken from a charting library: about 250 lines with the checks, no
 * dependency whose next version would redraw every plot differently, and the bytes are ours to keep stable.
 * The picture is plain SVG (no script, no external font: the generic sans-serif), 640 pixels wide, readable
 * at the docs' width: a title, both axes titled with their units and ticked, every point marked, a legend
 * when there are several series, and optional error bars (a 95% interval, say) per point.
 */

export interface ChartPoint {
  readonly x: number;
  readonly y: number;
  /** An error bar from `low` to `high` (both or neither), around y. */
  readonly low?: number;
  readonly high?: number;
}

export interface ChartSeries {
  readonly name: string;
  readonly points: readonly ChartPoint[];
  /** A reference level (a baseline to beat): drawn dashed and grey, its points not marked. */
  readonly reference?: boolean;
}

export interface LineChart {
  readonly title: string;
  /** Axis titles, units included ("epoch", "nats a hidden piece"). */
  readonly x: { readonly title: string };
  readonly y: { readonly title: string };
  readonly series: readonly ChartSeries[];
  /** Where the numbers come from (a model file, a tournament's results); not drawn. */
  readonly source?: string;
}

export type ChartResult =
  | { readonly ok: true; readonly value: LineChart }
  | { readonly ok: false; readonly error: { readonly code: 'chart/invalid'; readonly message: string } };

const invalid = (message: string): ChartResult => ({ ok: false, error: { code: 'chart/invalid', message } });

/** A chart from the text of a data file, or the sentence saying what is wrong with it. */
export function parseLineChart(text: string): ChartResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(`The chart data is not JSON (${(error as Error).message}).`);
  }
  return readLineChart(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const shown = (v: unknown): string => (typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? 'nothing'));

/** Checks a parsed data file: every number finite, every name given, x rising within each series. */
export function readLineChart(value: unknown): ChartResult {
  if (!isObject(value)) return invalid('The chart data must be a JSON object with a title, axes and series.');
  if (!text(value.title)) return invalid('The chart needs a title (a non-empty "title").');
  for (const axis of ['x', 'y'] as const) {
    const a = value[axis];
    if (!isObject(a) || !text(a.title))
      return invalid(`The ${axis} axis needs a title with its unit ("${axis}": { "title": ... }).`);
  }
  if (value.source !== undefined && typeof value.source !== 'string')
    return invalid('"source", when given, must be a string (where the numbers come from).');
  const series = value.series;
  if (!Array.isArray(series) || series.length === 0)
    return invalid('The chart has no series to draw ("series" must be a non-empty list).');
  const names = new Set<string>();
  for (const [i, s] of series.entries()) {
    if (!isObject(s) || !text(s.name)) return invalid(`Series ${i + 1} needs a name (a non-empty "name").`);
    const name = s.name;
    if (names.has(name))
      return invalid(`Two series are named '${name}': the legend could not tell them apart.`);
    names.add(name);
    if (s.reference !== undefined && typeof s.reference !== 'boolean')
      return invalid(`Series '${name}': "reference" must be true or false.`);
    if (!Array.isArray(s.points) || s.points.length === 0)
      return invalid(`Series '${name}' has no points ("points" must be a non-empty list).`);
    let lastX = Number.NEGATIVE_INFINITY;
    for (const [j, p] of s.points.entries()) {
      const where = `Series '${name}', point ${j + 1}`;
      if (!isObject(p)) return invalid(`${where} must be an object { "x": ..., "y": ... }.`);
      for (const key of ['x', 'y', 'low', 'high'] as const) {
        const n = p[key];
        if ((key === 'x' || key === 'y' || n !== undefined) && !(typeof n === 'number' && Number.isFinite(n)))
          return invalid(`${where}: ${key} must be a finite number, not ${shown(n)}.`);
      }
      const { x, y, low, high } = p as unknown as ChartPoint;
      if ((low === undefined) !== (high === undefined))
        return invalid(`${where}: an error bar needs both "low" and "high".`);
      if (low !== undefined && high !== undefined && !(low <= y && y <= high))
        return invalid(`${where}: the error bar ${low} to ${high} does not hold y = ${y}.`);
      if (!(x > lastX))
        return invalid(`${where}: x = ${x} does not come after the point before (x must rise).`);
      lastX = x;
    }
  }
  return { ok: true, value: value as unknown as LineChart };
}

/** Where the plot area lies in the picture (pixels): the axes' ends. */
export const PLOT_AREA = { left: 72, right: 616, top: 44, bottom: 304 } as const;
/** How far the data keep off the plot area's edges (pixels). */
export const INSET = 10;
const WIDTH = 640;
const LEGEND_ROW = 18;
/** Okabe and Ito's colours, told apart by colour-blind readers too; reference levels are grey. */
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'];
const REFERENCE_DASHES = ['6 4', '2 3', '9 3 2 3'];

interface Axis {
  readonly low: number;
  readonly high: number;
  readonly ticks: readonly number[];
  readonly decimals: number;
}

/**
 * Round ticks (1, 2 or 5 times a power of ten) covering [low, high], about `target` of them; whole
 * numbers only when every value is whole (epochs, steps). The axis runs from the first tick to the last.
 */
export function niceAxis(values: readonly number[], target: number): Axis {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    const pad = low === 0 ? 1 : Math.abs(low) / 10;
    low -= pad;
    high += pad;
  }
  const raw = (high - low) / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const r = raw / power;
  let step = (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * power;
  if (values.every(Number.isInteger)) step = Math.max(1, step);
  // A hair of slack so 0.6 / 0.2 = 2.9999999999999996 still starts at tick 3.
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(k * step);
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return { low: first * step, high: last * step, ticks, decimals };
}

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const at = (n: number): string => n.toFixed(1);

/** A point's mark: series 0 a circle, 1 a square, 2 a diamond, 3 a triangle, then round again. */
function mark(shape: number, x: number, y: number, colour: string): string {
  const style = `fill="${colour}" stroke="white" stroke-width="1"`;
  switch (shape % 4) {
    case 0:
      return `<circle cx="${at(x)}" cy="${at(y)}" r="4" ${style}/>`;
    case 1:
      return `<rect x="${at(x - 3.5)}" y="${at(y - 3.5)}" width="7" height="7" ${style}/>`;
    case 2:
      return `<polygon points="${at(x)},${at(y - 5)} ${at(x + 5)},${at(y)} ${at(x)},${at(y + 5)} ${at(x - 5)},${at(y)}" ${style}/>`;
    default:
      return `<polygon points="${at(x)},${at(y - 5)} ${at(x + 4.5)},${at(y + 3.5)} ${at(x - 4.5)},${at(y + 3.5)}" ${style}/>`;
  }
}

/** How a series looks: its colour, dashes and mark (references get greys and dashes, no marks). */
function looks(chart: LineChart): { colour: string; dashes: string | null; shape: number | null }[] {
  let drawn = 0;
  let references = 0;
  return chart.series.map((s) => {
    if (s.reference === true) {
      const dashes = REFERENCE_DASHES[references++ % REFERENCE_DASHES.length] ?? '6 4';
      return { colour: '#666666', dashes, shape: null };
    }
    const shape = drawn++;
    return { colour: COLOURS[shape % COLOURS.length] ?? '#000000', dashes: null, shape };
  });
}

/** The chart as SVG text (a checked chart: readLineChart's). The same chart gives the same bytes. */
export function drawLineChart(chart: LineChart): string {
  const { left, right, top, bottom } = PLOT_AREA;
  const points = chart.series.flatMap((s) => s.points);
  const xAxis = niceAxis(
    points.map((p) => p.x),
    8,
  );
  const yAxis = niceAxis(
    points.flatMap((p) => (p.low === undefined || p.high === undefined ? [p.y] : [p.y, p.low, p.high])),
    6,
  );
  // The data keep INSET pixels off the axes, so a mark or an error bar at an end is not drawn over them.
  const sx = (x: number) =>
    left + INSET + ((x - xAxis.low) / (xAxis.high - xAxis.low)) * (right - left - 2 * INSET);
  const sy = (y: number) =>
    bottom - INSET - ((y - yAxis.low) / (yAxis.high - yAxis.low)) * (bottom - top - 2 * INSET);
  const legend = chart.series.length > 1;
  const legendTop = bottom + 56;
  const height = legend ? legendTop + chart.series.length * LEGEND_ROW + 6 : bottom + 50;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${xml(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${xml(chart.title)}</text>`,
  ];
  for (const t of yAxis.ticks) {
    const y = at(sy(t));
    out.push(
      `<line x1="${left}" x2="${right}" y1="${y}" y2="${y}" stroke="#dddddd"/><text x="${left - 6}" y="${at(sy(t) + 4)}" text-anchor="end">${t.toFixed(yAxis.decimals)}</text>`,
    );
  }
  for (const t of xAxis.ticks) {
    const x = at(sx(t));
    out.push(
      `<line x1="${x}" x2="${x}" y1="${bottom}" y2="${bottom + 5}" stroke="#333333"/><text x="${x}" y="${bottom + 18}" text-anchor="middle">${t.toFixed(xAxis.decimals)}</text>`,
    );
  }
  out.push(
    `<path d="M${left},${top}V${bottom}H${right}" fill="none" stroke="#333333"/>`,
    `<text x="${(left + right) / 2}" y="${bottom + 38}" text-anchor="middle">${xml(chart.x.title)}</text>`,
    `<text x="16" y="${(top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(top + bottom) / 2})">${xml(chart.y.title)}</text>`,
  );
  const style = looks(chart);
  chart.series.forEach((s, i) => {
    const { colour, dashes, shape } = style[i] ?? { colour: '#000000', dashes: null, shape: null };
    const line = s.points.map((p) => `${at(sx(p.x))},${at(sy(p.y))}`).join(' ');
    const dash = dashes === null ? '' : ` stroke-dasharray="${dashes}"`;
    out.push(`<g><title>${xml(s.name)}</title>`);
    out.push(
      `<polyline points="${line}" fill="none" stroke="${colour}" stroke-width="${dashes === null ? 2 : 1.5}"${dash}/>`,
    );
    for (const p of s.points) {
      if (p.low === undefined || p.high === undefined) continue;
      const x = sx(p.x);
      const [y1, y2] = [at(sy(p.low)), at(sy(p.high))];
      out.push(
        `<path d="M${at(x)},${y1}V${y2}M${at(x - 4)},${y1}H${at(x + 4)}M${at(x - 4)},${y2}H${at(x + 4)}" fill="none" stroke="${colour}" stroke-width="1.5"/>`,
      );
    }
    if (shape !== null) for (const p of s.points) out.push(mark(shape, sx(p.x), sy(p.y), colour));
    out.push('</g>');
  });
  if (legend)
    chart.series.forEach((s, i) => {
      const { colour, dashes, shape } = style[i] ?? { colour: '#000000', dashes: null, shape: null };
      const y = legendTop + i * LEGEND_ROW;
      const dash = dashes === null ? '' : ` stroke-dasharray="${dashes}"`;
      out.push(
        `<line x1="${left}" x2="${left + 28}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="${dashes === null ? 2 : 1.5}"${dash}/>`,
      );
      if (shape !== null) out.push(mark(shape, left + 14, y, colour));
      out.push(`<text x="${left + 36}" y="${y + 4}">${xml(s.name)}</text>`);
    });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
