/**
 * The analysis beside a replay: each side's chance of winning after every turn (judged with every secret shown,
 * so the two add up to 100%), drawn as two lines, the three biggest swings marked and told in a sentence each;
 * a click on one shows that turn. Axis, readout and summary count the same thing: turns played (issue 52).
 * The graph is labelled (0/50/100% chance, turns) and explored as a slider (issue 32): the pointer, a tap or
 * the arrow keys choose a moment and the readout says it; a click or Enter opens the replay there.
 */
import { useState } from 'preact/hooks';
import type { Analysis, AnalysisPoint } from '../analysis/analysis.ts';
import { swingSentence } from '../analysis/sentence.ts';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { AnalysisState } from '../state.ts';

const W = 320;
const H = 190;
/** Room for the chance labels ("100 %") at the left and the turn labels below. */
const LEFT = 58;
const BOTTOM = 44;
/**
 * The labels' size in the drawing's units: the drawing is never shown narrower than 256 CSS px (styles.css,
 * .analysis-graph), so a label is at least 15 * 256 / 320 = 12 CSS px (issue 52: they were 8).
 */
export const LABEL_UNITS = 15;

export function AnalysisPanel(props: { analysis: AnalysisState; step: number; ctl: Controller }) {
  const { analysis, step, ctl } = props;
  if (analysis.status === 'working')
    return (
      <section class="panel analysis" aria-label={t('analysis.title')} data-analysis="working">
        <h2>{t('analysis.title')}</h2>
        <p class="waiting">
          <span class="spinner" aria-hidden="true" />
          {t('analysis.working')}
        </p>
      </section>
    );
  if (analysis.status === 'failed')
    return (
      <section class="panel analysis" aria-label={t('analysis.title')} data-analysis="failed">
        <h2>{t('analysis.title')}</h2>
        <p class="error">{analysis.message}</p>
      </section>
    );
  return <AnalysisDone analysis={analysis.analysis} step={step} ctl={ctl} />;
}

/** The index of the last moment at or before `step`, e.g. the moment a replay stands on. */
function momentAt(points: readonly AnalysisPoint[], step: number): number {
  let at = 0;
  points.forEach((p, i) => {
    if (p.step <= step) at = i;
  });
  return at;
}

/** The moment in words: "At the start: …", "After turn 12: Red 62%, Blue 38%", or a drawn end. */
function readoutOf(points: readonly AnalysisPoint[], at: number): string {
  const point = points[at];
  if (point === undefined) return '';
  const words = { red: Math.round(point.red * 100), blue: Math.round(point.blue * 100), turn: point.turn };
  if (point.draw > 0) return t('analysis.readoutDraw', words);
  return at === 0 ? t('analysis.readoutStart', words) : t('analysis.readout', words);
}

/**
 * The turns the axis names: 0, every 5th, 10th or 20th turn as the game is long, and the last; a round turn
 * too close to the last for both labels to be read (under 30 units apart) gives way to it.
 */
export function turnTicks(last: number): number[] {
  const every = last <= 15 ? 5 : last <= 60 ? 10 : 20;
  const ticks = [0];
  for (let turn = every; turn < last; turn += every)
    if (((last - turn) / last) * (W - LEFT - 10) >= 30) ticks.push(turn);
  if (last > 0) ticks.push(last);
  return ticks;
}

/** Keys that move along the graph: by one moment, by ten, or to either end. */
const KEY_MOVES: Readonly<Record<string, (at: number, last: number) => number>> = {
  ArrowLeft: (at) => at - 1,
  ArrowDown: (at) => at - 1,
  ArrowRight: (at) => at + 1,
  ArrowUp: (at) => at + 1,
  PageDown: (at) => at - 10,
  PageUp: (at) => at + 10,
  Home: () => 0,
  End: (_, last) => last,
};

function AnalysisDone(props: { analysis: Analysis; step: number; ctl: Controller }) {
  const { analysis, step, ctl } = props;
  const { points, swings } = analysis;
  // The moment under the pointer or the keyboard's focus, e.g. 12; null follows the replay.
  const [chosen, setChosen] = useState<number | null>(null);
  const lastIndex = Math.max(0, points.length - 1);
  const at = Math.max(0, Math.min(lastIndex, chosen ?? momentAt(points, step)));
  const point = points[at];
  const first = points[0]?.step ?? 0;
  const span = Math.max(1, (points[points.length - 1]?.step ?? 1) - first);
  const x = (s: number) => ((s - first) / span) * (W - LEFT - 10) + LEFT;
  // The top line sits 16 units down, so the top label's whole line box (not just its digits) stays inside.
  const y = (chance: number) => H - BOTTOM - chance * (H - BOTTOM - 16);
  const line = (seat: 'red' | 'blue') =>
    points.map((p) => `${x(p.step).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(' ');
  const lastPoint = points[points.length - 1];
  const lastTurn = lastPoint?.turn ?? 0;
  // The x of a turn: where its moment stands (turn i is the moment i: one moment per turn).
  const stepOfTurn = (turn: number) => points.find((p) => p.turn === turn)?.step ?? first;
  const readout = readoutOf(points, at);
  const open = () => {
    if (point !== undefined) ctl.replayStep(point.step);
  };
  const nearest = (event: { clientX: number; currentTarget: EventTarget | null }) => {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const s =
      first + (((event.clientX - box.left) / Math.max(1, box.width)) * W - LEFT) / ((W - LEFT - 10) / span);
    let best = 0;
    points.forEach((p, i) => {
      if (Math.abs(p.step - s) < Math.abs((points[best]?.step ?? 0) - s)) best = i;
    });
    setChosen(best);
  };
  return (
    <section class="panel analysis" aria-label={t('analysis.title')} data-analysis="done">
      <h2>{t('analysis.title')}</h2>
      <p class="hint">{t('analysis.hint')}</p>
      <p class="hint" id="analysis-summary">
        {t(lastPoint !== undefined && lastPoint.draw > 0 ? 'analysis.graphDraw' : 'analysis.graph', {
          count: lastTurn,
          red: Math.round((lastPoint?.red ?? 0) * 100),
          blue: Math.round((lastPoint?.blue ?? 0) * 100),
        })}
      </p>
      <p class="hint" id="analysis-explore-hint">
        {t('analysis.exploreHint')}
      </p>
      <div
        class="analysis-explore"
        role="slider"
        tabIndex={0}
        aria-label={t('analysis.explore')}
        aria-describedby="analysis-summary analysis-explore-hint"
        aria-valuemin={0}
        aria-valuemax={lastIndex}
        aria-valuenow={at}
        aria-valuetext={readout}
        onPointerMove={nearest}
        onPointerDown={nearest}
        onClick={open}
        onKeyDown={(event) => {
          const move = KEY_MOVES[event.key];
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            open();
          } else if (move !== undefined) {
            event.preventDefault();
            setChosen(Math.max(0, Math.min(lastIndex, move(at, lastIndex))));
          }
        }}
      >
        {/* The chance axis's title above the drawing, not turned on its side inside it: as a line of the
            page it never runs past the drawing's edge, in any language ("Chances de gagner" did). */}
        <span class="axis-caption" aria-hidden="true">
          {t('analysis.axisChance')}
        </span>
        <svg viewBox={`0 0 ${W} ${H}`} class="analysis-graph" aria-hidden="true">
          <rect x="0" y="0" width={W} height={H} fill="#fff8e6" rx="6" />
          {[0, 0.5, 1].map((c) => (
            <g key={c}>
              <line
                x1={LEFT}
                x2={W - 10}
                y1={y(c)}
                y2={y(c)}
                stroke="#b9a47a"
                stroke-dasharray={c === 0.5 ? '3 3' : undefined}
                stroke-width={c === 0.5 ? 1 : 0.5}
              />
              <text x={LEFT - 5} y={y(c) + 5} class="axis-label" font-size={LABEL_UNITS} text-anchor="end">
                {t('analysis.percent', { value: c * 100 })}
              </text>
            </g>
          ))}
          {turnTicks(lastTurn).map((turn) => (
            <text
              key={turn}
              x={x(stepOfTurn(turn))}
              y={H - BOTTOM + 17}
              class="axis-label"
              font-size={LABEL_UNITS}
              text-anchor="middle"
              data-turn-tick={turn}
            >
              {turn}
            </text>
          ))}
          <text x={(W + LEFT) / 2} y={H - 5} class="axis-title" font-size={LABEL_UNITS} text-anchor="middle">
            {t('analysis.axisTurns')}
          </text>
          <polyline points={line('red')} fill="none" stroke="#c0392b" stroke-width="2" />
          <polyline
            points={line('blue')}
            fill="none"
            stroke="#2364aa"
            stroke-width="2"
            stroke-dasharray="5 2"
          />
          <line x1={x(step)} x2={x(step)} y1="4" y2={H - BOTTOM} stroke="#3b2410" stroke-width="1" />
          {swings.map((s) => (
            <circle key={s.step} cx={x(s.step)} cy={y(s.to)} r="5" fill="#f2b705" stroke="#3b2410" />
          ))}
          {point !== undefined && (
            <g class="analysis-focus">
              <line
                x1={x(point.step)}
                x2={x(point.step)}
                y1="4"
                y2={H - BOTTOM}
                stroke="#7a5a2a"
                stroke-dasharray="2 2"
              />
              <circle cx={x(point.step)} cy={y(point.red)} r="3.5" fill="#c0392b" />
              <circle cx={x(point.step)} cy={y(point.blue)} r="3.5" fill="#2364aa" />
            </g>
          )}
        </svg>
      </div>
      <p class="analysis-readout" data-analysis-readout aria-live="polite">
        {readout}
      </p>
      <p class="legend">
        <span class="seat-red">{t('analysis.legendRed')}</span>{' '}
        <span class="seat-blue">{t('analysis.legendBlue')}</span>
      </p>
      <h3>{t('analysis.swings')}</h3>
      <ol class="swings">
        {swings.map((s) => (
          <li key={s.step}>
            <button type="button" class="link" data-swing={s.step} onClick={() => ctl.replayStep(s.step)}>
              {swingSentence(s)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
