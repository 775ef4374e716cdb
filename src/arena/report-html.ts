/**
 * A tournament's report as one self-contained HTML page (`pirates tournament --html FILE`): the Elo table
 * with 95% intervals, a plot of each bot's Elo with its interval as an error bar, the score matrix as a
 * heat map and the pairs' scores. Plain SVG, no script, no outside file: it opens anywhere, offline.
 * Every number shown is the JSON report's, rounded as the text table rounds it.
 */
import type { TournamentReport } from '../ai/round-robin.ts';

export interface ReportContext {
  readonly seed: string;
  /** Games per pair asked for. */
  readonly games: number;
  /** Candidate model files that played in place of the shipped ones, by kind (`--value-model`). */
  readonly models?: Readonly<Record<string, { readonly file: string; readonly sha256: string }>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const elo = (x: number) => x.toFixed(0);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The score of bot `row` against bot `column` (null on the diagonal or for a pair that did not play). */
/** A line per candidate model file, so the page is never taken for the shipped models' result. */
function candidates(context: ReportContext): string {
  return Object.entries(context.models ?? {})
    .map(
      ([kind, model]) =>
        `<p class="note">The ${escapeHtml(kind)} model is a candidate: <code>${escapeHtml(model.file)}</code>, SHA-256 <code>${escapeHtml(model.sha256)}</code>, in place of the shipped one.</p>\n`,
    )
    .join('');
}

export function scoreMatrix(report: TournamentReport): (number | null)[][] {
  const names = report.bots.map((b) => b.name);
  const matrix = names.map(() => names.map((): number | null => null));
  for (const pair of report.pairs) {
    const a = names.indexOf(pair.a);
    const b = names.indexOf(pair.b);
    if (a < 0 || b < 0) continue;
    (matrix[a] as (number | null)[])[b] = pair.aScore;
    (matrix[b] as (number | null)[])[a] = 1 - pair.aScore;
  }
  return matrix;
}

export function reportHtml(report: TournamentReport, context: ReportContext): string {
  const sorted = [...report.bots].sort((x, y) => y.elo - x.elo);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pirates! Stratego tournament, seed ${escapeHtml(context.seed)}</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1d2330; }
  h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
  table { border-collapse: collapse; } th, td { padding: 0.25rem 0.7rem; text-align: right; border-bottom: 1px solid #d8dce4; }
  th:first-child, td:first-child { text-align: left; }
  svg text { font: 12px system-ui, sans-serif; fill: #1d2330; }
  .note { color: #555e70; }
</style>
</head>
<body>
<h1>Tournament, seed ${escapeHtml(context.seed)}</h1>
<p class="note">Round robin, ${context.games} games a pair asked for (each seed twice, seats swapped). Elo is
Bradley-Terry, anchored at ${escapeHtml(anchorName(report))} = 0, with 95% intervals from a Bayesian bootstrap that adds
half a win and half a loss to each pair, so a shut-out keeps an honest interval (its end beyond the point is held by
the fit's pseudo-draw; docs/ai.md); a pair's interval is Wilson's 95%. Made by <code>pirates tournament --html</code>.</p>
${candidates(context)}<h2>Elo</h2>
${eloTable(sorted)}
<h2>Elo with 95% intervals</h2>
${eloPlot(sorted)}
<h2>Score matrix</h2>
<p class="note">Each cell: the row bot's score against the column bot (a win 1, a draw ½).</p>
${heatMap(report)}
<h2>Pairs</h2>
${pairTable(report)}
</body>
</html>
`;
}

function anchorName(report: TournamentReport): string {
  return report.bots.some((b) => b.name === 'heuristic') ? 'heuristic' : (report.bots[0]?.name ?? '');
}

function eloTable(sorted: TournamentReport['bots']): string {
  const rows = sorted.map(
    (b) =>
      `<tr data-bot="${escapeHtml(b.name)}"><td>${escapeHtml(b.name)}</td><td data-field="elo">${elo(b.elo)}</td>` +
      `<td data-field="eloLow">${elo(b.eloLow)}</td><td data-field="eloHigh">${elo(b.eloHigh)}</td>` +
      `<td data-field="msPerDecision">${b.msPerDecision.toFixed(2)}</td><td data-field="forfeits">${b.forfeits}</td></tr>`,
  );
  return `<table id="elo"><thead><tr><th>bot</th><th>Elo</th><th>95% low</th><th>95% high</th><th>ms/decision</th><th>forfeits</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

/** One row per bot: a dot at its Elo and a bar across its interval, on a shared axis. */
function eloPlot(sorted: TournamentReport['bots']): string {
  const rowHeight = 28;
  const left = 170;
  const width = 640;
  const plotWidth = width - left - 20;
  const height = sorted.length * rowHeight + 40;
  const values = sorted.flatMap((b) => [b.eloLow, b.eloHigh, b.elo]);
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high - low < 100) {
    low -= 50;
    high += 50;
  }
  const step = niceStep((high - low) / 6);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const x = (value: number) => left + ((value - low) / (high - low)) * plotWidth;
  const ticks: string[] = [];
  for (let t = low; t <= high + 1e-9; t += step) {
    ticks.push(
      `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="10" y2="${height - 25}" stroke="${t === 0 ? '#8a93a6' : '#e3e6ec'}"/>` +
        `<text x="${x(t).toFixed(1)}" y="${height - 8}" text-anchor="middle">${t}</text>`,
    );
  }
  const rows = sorted.map((b, i) => {
    const y = 10 + i * rowHeight + rowHeight / 2;
    return (
      `<g data-bot="${escapeHtml(b.name)}" data-elo="${elo(b.elo)}" data-low="${elo(b.eloLow)}" data-high="${elo(b.eloHigh)}">` +
      `<title>${escapeHtml(b.name)}: ${elo(b.elo)} (${elo(b.eloLow)} to ${elo(b.eloHigh)})</title>` +
      `<text x="${left - 10}" y="${y + 4}" text-anchor="end">${nameLabel(b.name, ROW_LABEL_PX)}</text>` +
      `<line x1="${x(b.eloLow).toFixed(1)}" x2="${x(b.eloHigh).toFixed(1)}" y1="${y}" y2="${y}" stroke="#2a5bd7" stroke-width="2"/>` +
      `<line x1="${x(b.eloLow).toFixed(1)}" x2="${x(b.eloLow).toFixed(1)}" y1="${y - 6}" y2="${y + 6}" stroke="#2a5bd7" stroke-width="2"/>` +
      `<line x1="${x(b.eloHigh).toFixed(1)}" x2="${x(b.eloHigh).toFixed(1)}" y1="${y - 6}" y2="${y + 6}" stroke="#2a5bd7" stroke-width="2"/>` +
      `<circle cx="${x(b.elo).toFixed(1)}" cy="${y}" r="5" fill="#1d2330"/></g>`
    );
  });
  return `<svg id="elo-plot" role="img" aria-label="Elo of each bot with its 95% interval" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${ticks.join('\n')}
${rows.join('\n')}
</svg>`;
}

function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const m of [1, 2, 5, 10]) if (m * power >= rough) return m * power;
  return 10 * power;
}

/** Red below an even score, white at 50%, blue above. */
function heat(score: number): string {
  const t = Math.max(-1, Math.min(1, (score - 0.5) * 2));
  const mix = (from: number, to: number) => Math.round(from + (to - from) * Math.abs(t));
  return t < 0
    ? `rgb(${mix(255, 214)},${mix(255, 69)},${mix(255, 65)})`
    : `rgb(${mix(255, 42)},${mix(255, 91)},${mix(255, 215)})`;
}

function heatMap(report: TournamentReport): string {
  const names = report.bots.map((b) => b.name);
  const matrix = scoreMatrix(report);
  const cell = 64;
  const left = 170;
  const top = 30;
  const size = names.length * cell;
  const cells: string[] = [];
  matrix.forEach((row, i) => {
    row.forEach((score, j) => {
      const x = left + j * cell;
      const y = top + i * cell;
      if (score === null) {
        cells.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#f1f2f5" stroke="#fff"/>`);
        return;
      }
      cells.push(
        `<g data-row="${escapeHtml(names[i] ?? '')}" data-column="${escapeHtml(names[j] ?? '')}" data-score="${pct(score)}">` +
          `<title>${escapeHtml(names[i] ?? '')} against ${escapeHtml(names[j] ?? '')}: ${pct(score)}</title>` +
          `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${heat(score)}" stroke="#fff"/>` +
          `<text x="${x + cell / 2}" y="${y + cell / 2 + 4}" text-anchor="middle"${Math.abs(score - 0.5) > 0.3 ? ' style="fill:#fff"' : ''}>${pct(score)}</text></g>`,
      );
    });
  });
  const rowLabels = names.map(
    (name, i) =>
      `<text x="${left - 10}" y="${top + i * cell + cell / 2 + 4}" text-anchor="end">${nameLabel(name, ROW_LABEL_PX)}</text>`,
  );
  const columnLabels = names.map(
    (name, j) =>
      `<text x="${left + j * cell + cell / 2}" y="${top - 10}" text-anchor="middle">${nameLabel(name, COLUMN_LABEL_PX)}</text>`,
  );
  const width = left + size + 20;
  const height = top + size + 10;
  return `<svg id="score-matrix" role="img" aria-label="Score of each bot (row) against each other (column)" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${rowLabels.join('\n')}
${columnLabels.join('\n')}
${cells.join('\n')}
</svg>`;
}

/**
 * Labels fit their room (160 px before a row, a 64 px column), with some to spare for a wider font. A longer
 * name (an external bot's whole `cmd:` line) keeps its start and its end around an ellipsis and carries the
 * full name as its tooltip; the tables show it whole. Widths are a generous guess for 12 px sans-serif, by
 * letter shape, as no font is measured.
 */
const ROW_LABEL_PX = 148;
const COLUMN_LABEL_PX = 60;

function letterPx(letter: string): number {
  if (/[WM@%]/.test(letter)) return 12.5;
  if (/[A-Zmw]/.test(letter)) return 10;
  if (/[ijlft.,:;'|!/ ()[\]-]/.test(letter)) return 5;
  return 7.5;
}

function nameLabel(name: string, room: number): string {
  const letters = [...name];
  const width = (part: readonly string[]) => part.reduce((sum, letter) => sum + letterPx(letter), 0);
  if (width(letters) <= room) return escapeHtml(name);
  const head: string[] = [];
  const tail: string[] = [];
  let used = letterPx('…');
  // Take letters from the front and the back in turn while they fit: the tool and the bot's file both show.
  for (let i = 0, j = letters.length - 1; i <= j; ) {
    const fromFront = head.length <= tail.length;
    const letter = (fromFront ? letters[i] : letters[j]) ?? '';
    if (used + letterPx(letter) > room) break;
    used += letterPx(letter);
    if (fromFront) {
      head.push(letter);
      i++;
    } else {
      tail.unshift(letter);
      j--;
    }
  }
  return `${escapeHtml(`${head.join('')}…${tail.join('')}`)}<title>${escapeHtml(name)}</title>`;
}

function pairTable(report: TournamentReport): string {
  const rows = report.pairs.map(
    (p) =>
      `<tr data-a="${escapeHtml(p.a)}" data-b="${escapeHtml(p.b)}"><td>${escapeHtml(p.a)} vs ${escapeHtml(p.b)}</td><td data-field="games">${p.games}</td>` +
      `<td data-field="aScore">${pct(p.aScore)}</td><td data-field="interval">${pct(p.low)} – ${pct(p.high)}</td></tr>`,
  );
  return `<table id="pairs"><thead><tr><th>pair</th><th>games</th><th>score of first</th><th>95% interval</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}
