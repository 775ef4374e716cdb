/** Watching a replay: step through a finished game with every secret shown, or through one seat's eyes. */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { choicesFor } from '../game/choices.ts';
import { describeEvent } from '../game/describe.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { promptFor } from '../game/prompt.ts';
import { movesOf, openView, replayTo, turningCard } from '../game/replay.ts';
import { t } from '../i18n/i18n.ts';
import type { ReplayState } from '../state.ts';
import { AnalysisPanel } from './Analysis.tsx';
import { Table } from './Table.tsx';

export function ReplayView(props: { replay: ReplayState; ctl: Controller }) {
  const { replay, ctl } = props;
  const total = movesOf(replay.record);
  useEffect(() => {
    if (!replay.playing) return;
    const timer = setTimeout(() => ctl.replayStep(replay.step + 1), 700);
    return () => clearTimeout(timer);
  }, [replay.playing, replay.step, ctl]);
  const position = replayTo(replay.record, replay.step);
  if (!position.ok) {
    return (
      <main class="replay">
        <p class="error">{position.message}</p>
        <button type="button" onClick={() => ctl.go('home', '/')}>
          {t('game.home')}
        </button>
      </main>
    );
  }
  const view =
    replay.eyes === 'all' ? openView(position.views) : { ...position.views[replay.eyes], legalActions: [] };
  const last = position.events.slice(-6);
  return (
    <main class="replay game">
      <header class="game-bar">
        <button type="button" class="link" onClick={() => ctl.go('home', '/')}>
          {t('game.backHome')}
        </button>
        <div class="status">
          {position.turn === 0
            ? t('replay.status', { step: replay.step, total })
            : t('replay.statusTurn', { turn: position.turn, step: replay.step, total })}
        </div>
        <label>
          {t('replay.eyes')}{' '}
          <select
            value={replay.eyes}
            onChange={(e) =>
              ctl.replayEyes((e.currentTarget as HTMLSelectElement).value as ReplayState['eyes'])
            }
          >
            <option value="all">{t('replay.everything')}</option>
            <option value="red">{SEAT_NAMES.red}</option>
            <option value="blue">{SEAT_NAMES.blue}</option>
          </select>
        </label>
      </header>
      <div class="replay-controls">
        <button type="button" aria-label={t('replay.toStart')} onClick={() => ctl.replayStep(0)}>
          {t('replay.start')}
        </button>
        <button
          type="button"
          aria-label={t('replay.oneBack')}
          onClick={() => ctl.replayStep(replay.step - 1)}
        >
          {t('replay.back')}
        </button>
        <button
          type="button"
          aria-label={replay.playing ? t('replay.pause') : t('replay.play')}
          onClick={() => ctl.replayPlay(!replay.playing)}
        >
          {replay.playing ? t('replay.pause') : t('replay.playButton')}
        </button>
        <button
          type="button"
          aria-label={t('replay.oneForward')}
          onClick={() => ctl.replayStep(replay.step + 1)}
        >
          {t('replay.next')}
        </button>
        <button type="button" aria-label={t('replay.toEnd')} onClick={() => ctl.replayStep(total)}>
          {t('replay.end')}
        </button>
        <input
          type="range"
          min={0}
          max={total}
          value={replay.step}
          aria-label={t('replay.move')}
          onInput={(e) => ctl.replayStep(Number((e.currentTarget as HTMLInputElement).value))}
        />
      </div>
      <div class="game-main">
        <div class="board-col">
          <div class="prompt">
            <p>{promptFor(view)}</p>
          </div>
          <Table
            view={view}
            bottom={replay.eyes === 'blue' ? 'blue' : 'red'}
            choices={choicesFor(view, null)}
            selected={null}
            flipped={null}
            turning={turningCard(null, position.events)}
            onPiece={() => undefined}
            onCard={() => undefined}
            onFlag={() => undefined}
          />
        </div>
        <aside class="side-col">
          {replay.analysis === null ? (
            <button type="button" class="analyse" onClick={() => ctl.analyseReplay()}>
              {t('replay.analyse')}
            </button>
          ) : (
            <AnalysisPanel analysis={replay.analysis} step={replay.step} ctl={ctl} />
          )}
          <section class="log">
            <h2>{t('replay.lastMoves')}</h2>
            <ol>
              {last.map((e, i) => (
                <li key={`${replay.step}-${i}`}>{describeEvent(e, 'spectator')}</li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </main>
  );
}
