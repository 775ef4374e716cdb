/** Watching a replay: step through a finished game with every secret shown, or through one seat's eyes. */
import { useEffect } from 'preact/hooks';
import { describeEvent } from '../../engine/index.ts';
import type { Controller } from '../controller.ts';
import { choicesFor } from '../game/choices.ts';
import { promptFor } from '../game/prompt.ts';
import { movesOf, openView, replayTo, turningCard } from '../game/replay.ts';
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
          Home
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
          ← Home
        </button>
        <div class="status">
          Replay · move {replay.step} of {total}
        </div>
        <label>
          Eyes{' '}
          <select
            value={replay.eyes}
            onChange={(e) =>
              ctl.replayEyes((e.currentTarget as HTMLSelectElement).value as ReplayState['eyes'])
            }
          >
            <option value="all">Everything</option>
            <option value="red">Red</option>
            <option value="blue">Blue</option>
          </select>
        </label>
      </header>
      <div class="replay-controls">
        <button type="button" aria-label="To the start" onClick={() => ctl.replayStep(0)}>
          |◀ Start
        </button>
        <button type="button" aria-label="One move back" onClick={() => ctl.replayStep(replay.step - 1)}>
          ◀ Back
        </button>
        <button
          type="button"
          aria-label={replay.playing ? 'Pause' : 'Play'}
          onClick={() => ctl.replayPlay(!replay.playing)}
        >
          {replay.playing ? 'Pause' : 'Play ▶'}
        </button>
        <button type="button" aria-label="One move forward" onClick={() => ctl.replayStep(replay.step + 1)}>
          Next ▶
        </button>
        <button type="button" aria-label="To the end" onClick={() => ctl.replayStep(total)}>
          End ▶|
        </button>
        <input
          type="range"
          min={0}
          max={total}
          value={replay.step}
          aria-label="Move"
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
          {replay.analysis !== null && (
            <AnalysisPanel analysis={replay.analysis} step={replay.step} ctl={ctl} />
          )}
          <section class="log">
            <h2>Last moves</h2>
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
