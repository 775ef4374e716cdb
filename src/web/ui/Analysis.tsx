/**
 * The analysis beside a replay: each seat's chance of winning at every turn as that seat could know it, drawn
 * as two lines, the three biggest swings marked and told in a sentence each; a click on one shows that turn.
 */
import { swingSentence } from '../analysis/sentence.ts';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { AnalysisState } from '../state.ts';

const W = 320;
const H = 120;

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
  const { points, swings } = analysis.analysis;
  const last = Math.max(1, (points[points.length - 1]?.step ?? 1) - (points[0]?.step ?? 0));
  const x = (s: number) => ((s - (points[0]?.step ?? 0)) / last) * (W - 20) + 10;
  const y = (chance: number) => H - 10 - chance * (H - 20);
  const line = (seat: 'red' | 'blue') =>
    points.map((p) => `${x(p.step).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(' ');
  return (
    <section class="panel analysis" aria-label={t('analysis.title')} data-analysis="done">
      <h2>{t('analysis.title')}</h2>
      <p class="hint">{t('analysis.hint')}</p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        class="analysis-graph"
        role="img"
        aria-label={t('analysis.graph', {
          count: points.length,
          red: Math.round((points[points.length - 1]?.red ?? 0) * 100),
          blue: Math.round((points[points.length - 1]?.blue ?? 0) * 100),
        })}
      >
        <rect x="0" y="0" width={W} height={H} fill="#fff8e6" rx="6" />
        <line x1="10" x2={W - 10} y1={y(0.5)} y2={y(0.5)} stroke="#b9a47a" stroke-dasharray="3 3" />
        <polyline points={line('red')} fill="none" stroke="#c0392b" stroke-width="2" />
        <polyline
          points={line('blue')}
          fill="none"
          stroke="#2364aa"
          stroke-width="2"
          stroke-dasharray="5 2"
        />
        <line x1={x(step)} x2={x(step)} y1="4" y2={H - 4} stroke="#3b2410" stroke-width="1" />
        {swings.map((s, i) => (
          <circle key={s.step} cx={x(s.step)} cy={y(s.to)} r="5" fill="#f2b705" stroke="#3b2410">
            <title>{`${i + 1}. ${swingSentence(s)}`}</title>
          </circle>
        ))}
      </svg>
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
