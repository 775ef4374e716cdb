/**
 * The analysis beside a replay: each seat's chance of winning at every turn as that seat could know it, drawn
 * as two lines, the three biggest swings marked and told in a sentence each; a click on one shows that turn.
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
const H = 150;
/** Room for the chance labels at the left and the turn labels below. */
const LEFT = 40;
const BOTTOM = 30;

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

/**
 * The moment in words: after the turn that led to it, counted as the swings and the replay count it (a game
 * that ends inside a turn ends "after" that turn, though it never completed).
 */
function readoutOf(points: readonly AnalysisPoint[], at: number): string {
  const point = points[at];
  if (point === undefined) return '';
  const before = points[at - 1];
  const words = { red: Math.round(point.red * 100), blue: Math.round(point.blue * 100) };
  return before === undefined
    ? t('analysis.readoutStart', words)
    : t('analysis.readout', { ...words, turn: before.turn + 1 });
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
  const y = (chance: number) => H - BOTTOM - chance * (H - BOTTOM - 8);
  const line = (seat: 'red' | 'blue') =>
    points.map((p) => `${x(p.step).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(' ');
  const lastTurn = points[points.length - 1]?.turn ?? 0;
  const middle = points[Math.floor(points.length / 2)];
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
        {t('analysis.graph', {
          count: points.length,
          red: Math.round((points[points.length - 1]?.red ?? 0) * 100),
          blue: Math.round((points[points.length - 1]?.blue ?? 0) * 100),
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
              <text x={LEFT - 4} y={y(c) + 3} class="axis-label" text-anchor="end">
                {t('analysis.percent', { value: c * 100 })}
              </text>
            </g>
          ))}
          <text
            x="10"
            y={y(0.5)}
            transform={`rotate(-90 10 ${y(0.5)})`}
            class="axis-title"
            text-anchor="middle"
          >
            {t('analysis.axisChance')}
          </text>
          {[points[0], middle, points[points.length - 1]].map((p, i) =>
            p === undefined ? null : (
              <text
                key={`${i}-${p.step}`}
                x={x(p.step)}
                y={H - BOTTOM + 12}
                class="axis-label"
                text-anchor="middle"
              >
                {p.turn}
              </text>
            ),
          )}
          <text x={(W + LEFT) / 2} y={H - 3} class="axis-title" text-anchor="middle">
            {t('analysis.axisTurns')} {`(${lastTurn})`}
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
