/**
 * One's own player page: the finished games against the computer kept on this device (local/finished.ts),
 * each with its replay and its analysis (issue 52). They are played in this browser, so only this device
 * knows them, and they are not rated.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import { type FinishedComputerGame, loadFinished } from '../local/finished.ts';

export function DeviceGames(props: { ctl: Controller; onCount?: (count: number) => void }) {
  const { ctl, onCount } = props;
  // The games kept here, newest first; null while being read.
  const [games, setGames] = useState<FinishedComputerGame[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadFinished().then((list) => {
      if (!live) return;
      setGames(list);
      onCount?.(list.length);
    });
    return () => {
      live = false;
    };
  }, [onCount]);
  if (games === null || games.length === 0) return null;
  return (
    <section aria-labelledby="h-device-games">
      <h2 id="h-device-games">{t('people.deviceGames')}</h2>
      <p class="hint">{t('people.deviceGamesHint')}</p>
      <ul class="player-games">
        {games.map((g) => (
          <li key={g.record.options.seed ?? g.endedAt} data-device-game="">
            <span>
              {t(`people.result.${g.winner === null ? 'draw' : g.winner === g.human ? 'win' : 'loss'}`)}
            </span>{' '}
            {t('people.asAgainst', { seat: SEAT_NAMES[g.human] })} {t('people.computer')} (
            {t(`home.levels.${g.level}`).toLowerCase()}) · {new Date(g.endedAt).toLocaleDateString()}{' '}
            <button type="button" onClick={() => ctl.openReplay(g.record)}>
              {t('game.watchReplay')}
            </button>{' '}
            <button type="button" onClick={() => ctl.openAnalysis(g.record)}>
              {t('replay.analyse')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
