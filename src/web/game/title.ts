/**
 * The tab's title: a player who left the tab sees from the tab bar when the game waits for them
 * ("(Your turn) Pirates! Stratego"), as on Board Game Arena.
 */
import { t } from '../i18n/i18n.ts';
import type { AppState } from '../state.ts';

export const PAGE_TITLE = 'Pirates! Stratego';

export function titleFor(state: AppState): string {
  const game = state.screen === 'game' ? state.game : null;
  const view = game?.view ?? null;
  if (game == null || view === null) return PAGE_TITLE;
  if (view.outcome !== null) return t('title.over', { title: PAGE_TITLE });
  // Pass and play: the device changes hands; whoever holds it is "you".
  const yours =
    game.handover !== null ||
    game.handTo !== null ||
    (view.viewer !== 'spectator' && view.toAct.includes(view.viewer));
  return yours && !game.waiting ? t('title.yourTurn', { title: PAGE_TITLE }) : PAGE_TITLE;
}
