import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { learningCurveOf } from '../../src/cli/learning-curve.ts';
import {
  drawLineChart,
  INSET,
  type LineChart,
  niceAxis,
  PLOT_AREA,
  parseLineChart,
  readLineChart,
} from '../../src/cli/line-chart.ts';
import { chartText, plotCommand, readTournaments } from '../../src/cli/plot.ts';
import { strengthCurveOf } from '../../src/cli/strength-curve.ts';
import { capture } from './capture.ts';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

function chart(series: LineChart['series'], title = 'A chart'): LineChart {
  return { title, x: { title: 'step' }, y: { title: 'score' }, series };
}

function refusal(value: unknown): string {
  const r = readLineChart(value);
  if (r.ok) throw new Error('the chart was not refused');
  return r.error.message;
}

describe('the committed plots', () => {
  // docs/data/NAME.json is drawn as docs/NAME.svg.
  const data = readdirSync(new URL('docs/data/', ROOT)).filter((f) => f.endsWith('.json'));

  it('include the learned belief and the learned value', () => {
    expect(data).toContain('learned-belief-curve.json');
    expect(data).toContain('learned-value-curve.json');
  });

  for (const file of data) {
    const name = file.replace(/\.json$/, '');
    it(`docs/${name}.svg is its data drawn again, byte for byte`, () => {
      const parsed = parseLineChart(read(`docs/data/${file}`));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(drawLineChart(parsed.value)).toBe(read(`docs/${name}.svg`));
    });

    it(`docs/data/${file} is what its source's figures give (a model file, or a folder of tournaments)`, async () => {
      const parsed = parseLineChart(read(`docs/data/${file}`));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const source = parsed.value.source;
      if (source?.startsWith('docs/data/') === true) {
        // A folder of tournament results: the data is what --from-tournaments gives from them.
        const strength = await readTournaments(new URL(source, ROOT).pathname);
        if (!strength.ok) throw new Error(strength.error.message);
        expect(chartText({ ...strength.value, source })).toBe(read(`docs/data/${file}`));
        return;
      }
      if (source === undefined || !source.startsWith('src/ai/models/')) return;
      const curve = learningCurveOf(JSON.parse(read(source)), source);
      if (!curve.ok) throw new Error(curve.error.message);
      expect(chartText(curve.value)).toBe(read(`docs/data/${file}`));
    });
  }

  it('the learned value’s plot holds the model file’s held-out figures', () => {
    const model = JSON.parse(read('src/ai/models/value.json')) as {
      training: { curve: { epoch: number; heldOutLoss: number }[] };
    };
    const parsed = parseLineChart(read('docs/data/learned-value-curve.json'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const held = parsed.value.series.find((s) => s.name === 'held-out games');
    expect(held?.points).toEqual(model.training.curve.map((e) => ({ x: e.epoch, y: e.heldOutLoss })));
  });
});

describe('drawing a line chart', () => {
  it('puts a tiny known series where the layout says', () => {
    const svg = drawLineChart(
      chart([
        {
          name: 'line',
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        },
      ]),
    );
    // x 0..2 and y 0..2 fill the plot area inside its inset: left 72 + 10, right 616 - 10, bottom 304 - 10, top 44 + 10.
    expect(PLOT_AREA).toEqual({ left: 72, right: 616, top: 44, bottom: 304 });
    expect(INSET).toBe(10);
    expect(svg).toContain('<polyline points="82.0,294.0 344.0,174.0 606.0,54.0"');
    expect(svg).toContain('<circle cx="344.0" cy="174.0" r="4"');
    // Ticks 0, 1, 2 on both axes; one series, so no legend.
    for (const [x, label] of [
      ['82.0', '0'],
      ['344.0', '1'],
      ['606.0', '2'],
    ])
      expect(svg).toContain(`<text x="${x}" y="322" text-anchor="middle">${label}</text>`);
    expect(svg).toContain('<text x="66" y="178.0" text-anchor="end">1</text>');
    expect(svg).not.toContain('<text x="108"');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="354"')).toBe(true);
    expect(svg).not.toMatch(/<script|@import|url\(/);
  });

  it('titles the chart and both axes, escaping what XML would misread', () => {
    const svg = drawLineChart({
      title: 'Score <vs> "hard" & co',
      x: { title: 'step (epochs)' },
      y: { title: 'score (share)' },
      series: [{ name: 'a', points: [{ x: 0, y: 1 }] }],
    });
    expect(svg).toContain('<title>Score &lt;vs&gt; &quot;hard&quot; &amp; co</title>');
    expect(svg).toContain('>step (epochs)</text>');
    expect(svg).toContain('>score (share)</text>');
  });

  it('draws a legend row per series when there are several, references dashed and unmarked', () => {
    const svg = drawLineChart(
      chart([
        {
          name: 'held out',
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 2 },
          ],
        },
        {
          name: 'baseline',
          reference: true,
          points: [
            { x: 0, y: 1.5 },
            { x: 1, y: 1.5 },
          ],
        },
      ]),
    );
    expect(svg).toContain('<text x="108" y="364">held out</text>');
    expect(svg).toContain('<text x="108" y="382">baseline</text>');
    expect(svg).toContain('stroke-dasharray="6 4"');
    expect(svg.match(/<circle/g)).toHaveLength(3); // two points and the legend's sample: the reference has none
  });

  it('draws an error bar per point from low to high, with caps', () => {
    const svg = drawLineChart(
      chart([
        {
          name: 'score against the reference (bars: 95% interval)',
          points: [
            { x: 0, y: 0.5, low: 0.4, high: 0.6 },
            { x: 2, y: 0.7, low: 0.6, high: 0.8 },
          ],
        },
      ]),
    );
    // y runs 0.4..0.8 (ticks of 0.1): 0.4 at 294, 0.6 at 174, 0.8 at 54; x 0 at 82, 2 at 606.
    expect(svg).toContain('<path d="M82.0,294.0V174.0M78.0,294.0H86.0M78.0,174.0H86.0"');
    expect(svg).toContain('<path d="M606.0,174.0V54.0M602.0,174.0H610.0M602.0,54.0H610.0"');
    expect(svg).toContain('<polyline points="82.0,234.0 606.0,114.0"');
  });

  it('picks round ticks', () => {
    expect(niceAxis([0, 6], 8).ticks).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const y = niceAxis([-1.6251, -1.5215], 6);
    expect(y.ticks.map((t) => t.toFixed(y.decimals))).toEqual([
      '-1.64',
      '-1.62',
      '-1.60',
      '-1.58',
      '-1.56',
      '-1.54',
      '-1.52',
    ]);
    expect(niceAxis([0, 6000], 8).ticks).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000]);
    expect(niceAxis([3, 3], 6).ticks.length).toBeGreaterThan(1);
  });
});

describe('bad chart data is refused with a sentence', () => {
  const good = { title: 't', x: { title: 'x' }, y: { title: 'y' } };

  it('refuses text that is not JSON', () => {
    const r = parseLineChart('{"title": "t", "series": [NaN]}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^The chart data is not JSON/);
  });

  it('refuses data without series', () => {
    expect(refusal({ ...good })).toBe('The chart has no series to draw ("series" must be a non-empty list).');
    expect(refusal({ ...good, series: [] })).toMatch(/no series/);
    expect(refusal({ ...good, series: [{ name: 'a', points: [] }] })).toBe(
      'Series \'a\' has no points ("points" must be a non-empty list).',
    );
  });

  it('refuses a NaN, a missing number and an infinite one', () => {
    expect(refusal({ ...good, series: [{ name: 'a', points: [{ x: 0, y: Number.NaN }] }] })).toBe(
      "Series 'a', point 1: y must be a finite number, not NaN.",
    );
    expect(refusal({ ...good, series: [{ name: 'a', points: [{ x: 0, y: null }] }] })).toMatch(/not null/);
    expect(
      refusal({ ...good, series: [{ name: 'a', points: [{ x: Number.POSITIVE_INFINITY, y: 1 }] }] }),
    ).toMatch(/x must be a finite number, not Infinity/);
  });

  it('refuses untitled charts and axes, twin names, x going back and a bar that misses its point', () => {
    expect(refusal({ ...good, title: '' })).toMatch(/needs a title/);
    expect(refusal({ ...good, y: {} })).toMatch(/The y axis needs a title with its unit/);
    const p = [{ x: 0, y: 1 }];
    expect(
      refusal({
        ...good,
        series: [
          { name: 'a', points: p },
          { name: 'a', points: p },
        ],
      }),
    ).toMatch(/Two series are named 'a'/);
    expect(
      refusal({
        ...good,
        series: [
          {
            name: 'a',
            points: [
              { x: 1, y: 1 },
              { x: 1, y: 2 },
            ],
          },
        ],
      }),
    ).toMatch(/x must rise/);
    expect(refusal({ ...good, series: [{ name: 'a', points: [{ x: 1, y: 1, low: 2, high: 3 }] }] })).toBe(
      "Series 'a', point 1: the error bar 2 to 3 does not hold y = 1.",
    );
    expect(refusal({ ...good, series: [{ name: 'a', points: [{ x: 1, y: 1, low: 0 }] }] })).toMatch(
      /needs both "low" and "high"/,
    );
  });

  it('refuses a file that is not a learned model', () => {
    const r = learningCurveOf({ format: 'x' }, 'some.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/some.json has no "training" field/);
  });
});

describe('pirates plot', () => {
  it('draws a data file, writes a model’s curve, and refuses bad data with exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pirates-plot-'));
    try {
      const data = join(dir, 'value.json');
      const svg = join(dir, 'value.svg');
      const made = await capture(() =>
        plotCommand.run(['--from-model', 'src/ai/models/value.json', '--data', data, '--out', svg]),
      );
      expect(made.code).toBe(0);
      expect(readFileSync(data, 'utf8')).toBe(read('docs/data/learned-value-curve.json'));
      expect(readFileSync(svg, 'utf8')).toBe(read('docs/learned-value-curve.svg'));

      const again = join(dir, 'again.svg');
      expect((await capture(() => plotCommand.run(['--data', data, '--out', again]))).code).toBe(0);
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(svg, 'utf8'));

      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify({ title: 't', x: { title: 'x' }, y: { title: 'y' }, series: [] }));
      const out = join(dir, 'bad.svg');
      const refused = await capture(() => plotCommand.run(['--data', bad, '--out', out]));
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(`${bad}: The chart has no series to draw`);
      expect(existsSync(out)).toBe(false);

      const nowhere = join(dir, 'no-such-folder', 'x.svg');
      const unwritable = await capture(() => plotCommand.run(['--data', data, '--out', nowhere]));
      expect(unwritable.code).toBe(2);
      expect(unwritable.err).toContain(`Cannot write '${nowhere}': its folder does not exist.`);

      const idle = await capture(() => plotCommand.run(['--data', data]));
      expect(idle.code).toBe(2);
      expect(idle.err).toContain('Nothing to do');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** One tournament's --json output as `pirates tournament --value-model F --json` prints it. */
function tournament(model: string, aScore: number, a = 'expert-value:1000', games = 200): unknown {
  return {
    key: 'k',
    models: { value: { file: model, sha256: '00' } },
    bots: [],
    pairs: [{ a, b: 'expert-2026:1000', games, aScore, low: aScore - 0.07, high: aScore + 0.07 }],
  };
}

describe('the strength of checkpoints by training step (--from-tournaments)', () => {
  it('puts each checkpoint’s score and interval at its epoch, with the even level', () => {
    const made = strengthCurveOf(
      [
        { name: 'b.json', json: tournament('/m/ck/epoch-2.json', 0.56) },
        { name: 'a.json', json: tournament('/m/ck/epoch-0.json', 0.5) },
        { name: 'c.json', json: tournament('/m/ck/epoch-1.json', 0.53) },
      ],
      'docs/data/x',
    );
    if (!made.ok) throw new Error(made.error.message);
    const [points, even] = made.value.series;
    expect(points?.points).toEqual([
      { x: 0, y: 0.5, low: 0.5 - 0.07, high: 0.5 + 0.07 },
      { x: 1, y: 0.53, low: 0.53 - 0.07, high: 0.53 + 0.07 },
      { x: 2, y: 0.56, low: 0.56 - 0.07, high: 0.56 + 0.07 },
    ]);
    expect(even).toMatchObject({
      reference: true,
      points: [
        { x: 0, y: 0.5 },
        { x: 2, y: 0.5 },
      ],
    });
    expect(made.value.y.title).toContain('200 games');
    expect(drawLineChart(made.value)).toContain('<svg');
  });

  it('refuses results that are not one pair, not checkpoints, of other pairs or games, or twice one epoch', () => {
    const refusal = (t: { name: string; json: unknown }[]) => {
      const r = strengthCurveOf(t, 'dir');
      if (r.ok) throw new Error('not refused');
      return r.error.message;
    };
    expect(refusal([])).toContain('holds no tournament results');
    expect(refusal([{ name: 'x.json', json: { pairs: [] } }])).toContain('exactly one pair');
    expect(refusal([{ name: 'x.json', json: tournament('/m/value.json', 0.5) }])).toContain(
      'not a checkpoint',
    );
    expect(
      refusal([
        { name: 'x.json', json: tournament('/m/epoch-0.json', 0.5) },
        { name: 'y.json', json: tournament('/m/epoch-1.json', 0.5, 'expert-value:4000') },
      ]),
    ).toContain('like the others');
    expect(
      refusal([
        { name: 'x.json', json: tournament('/m/epoch-0.json', 0.5) },
        { name: 'y.json', json: tournament('/m/epoch-1.json', 0.5, 'expert-value:1000', 100) },
      ]),
    ).toContain('over 100 games');
    expect(
      refusal([
        { name: 'x.json', json: tournament('/m/a/epoch-1.json', 0.5) },
        { name: 'y.json', json: tournament('/m/b/epoch-1.json', 0.6) },
      ]),
    ).toContain('two tournaments of the checkpoint of epoch 1');
    const { models: _, ...plain } = tournament('/m/epoch-0.json', 0.5) as Record<string, unknown>;
    expect(refusal([{ name: 'x.json', json: plain }])).toContain('names no candidate model');
  });

  it('the command refuses a folder it cannot read and both sources at once', async () => {
    const none = await capture(() =>
      plotCommand.run(['--from-tournaments', '/no/such/folder', '--data', '/tmp/x.json']),
    );
    expect(none.code).toBe(2);
    expect(none.err).toContain("Cannot read the folder '/no/such/folder'.");
    const both = await capture(() =>
      plotCommand.run(['--from-tournaments', 'a', '--from-model', 'b', '--data', '/tmp/x.json']),
    );
    expect(both.code).toBe(2);
    expect(both.err).toContain('not both');
  });
});
