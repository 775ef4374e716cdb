/**
 * The sign that says the page is waiting, and for whom: after a decision is sent every choice is off until the
 * answer comes (issue 21), and the player must see why nothing answers their clicks.
 */
import { t } from '../i18n/i18n.ts';
import type { GameScreen } from '../state.ts';

export function waitingSign(game: GameScreen): string | null {
  const view = game.view;
  if (view === null || view.outcome !== null) return null;
  if (game.waiting) {
    // Against the computer the answer comes with the computer's own moves.
    if (game.mode === 'computer') return t('waiting.computer');
    return game.mode === 'online' ? t('waiting.sending') : t('waiting.moment');
  }
  return null;
}
