/**
 * What a player reads when the table refuses something: a sentence written for players, chosen by the
 * refusal's code. Engine and server wording ("Expected turnCard, not setup.") is for developers and logs;
 * it never reaches the page. A code without a sentence here gets a plain, safe one.
 */
import { t } from '../i18n/i18n.ts';

export function refusalSentence(code: string | null): string {
  switch (code) {
    case 'action/not-your-turn':
    case 'action/wrong-decision':
    case 'act/stale':
      return t('refusal.stale');
    case 'action/illegal':
    case 'action/malformed':
    case 'aim/malformed':
      return t('refusal.illegal');
    case 'aim/out-of-range':
    case 'aim/in-front-of-ship':
      return t('refusal.aim');
    case 'action/not-your-seat':
      return t('refusal.notYourSeat');
    case 'game/over':
      return t('refusal.over');
    case 'rate/limited':
      return t('refusal.rate');
    case 'store/unavailable':
    case 'server/closing':
      return t('refusal.busy');
    case 'host/unavailable':
      return t('refusal.hostUnavailable');
    case 'host/not-kept':
      return t('refusal.notKept');
    case 'review/ahead':
      return t('refusal.reviewAhead');
    case 'host/internal':
    case 'host/no-game':
      return t('refusal.stopped');
    case 'tutorial/not-asked':
    case 'tutorial/why':
      return t('refusal.tutorial');
    case 'auth/bad-token':
      return t('refusal.badToken');
    default:
      return t('refusal.other');
  }
}
