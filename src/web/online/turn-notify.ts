/**
 * Telling the player that another game needs them (issue 31, item 2), in the browser: an alert on the page
 * with a way to the game, the ship's bell when sound is on, and, while the page is in the background and the
 * player allowed it, a notification from the browser (the Notification API). A page that is closed cannot be
 * told this way: docs/web.md, "Turn alerts", says what a push service would add.
 */
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { YourGame } from './wire.ts';

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

/** 'granted', 'denied' or 'default' (not asked yet); 'denied' where there are none. */
export function notificationPermission(): NotificationPermission {
  return notificationsSupported() ? Notification.permission : 'denied';
}

/** Asks the browser (after the player's click, as browsers require); resolves with the answer. */
export async function askToNotify(): Promise<NotificationPermission> {
  if (!notificationsSupported()) return 'denied';
  return Notification.requestPermission();
}

/** The alert's words, a whole sentence in each language, e.g. "Your turn against Salty Kraken 17". */
export function alertWords(game: YourGame): string {
  const moment = game.toMove === 'both' ? 'setup' : 'turn';
  return typeof game.opponent === 'object'
    ? t(`alerts.${moment}.player`, { name: game.opponent.name })
    : t(`alerts.${moment}.${game.opponent}`);
}

/** Tells the player that `game` needs them, in every way they allowed. */
export function tellTurn(ctl: Controller, game: YourGame, goTo: (gameId: string) => void): void {
  ctl.change((s) => {
    s.turnAlert = game;
  });
  if (ctl.state.settings.sound) ctl.sound?.(['turn']);
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return;
  if (notificationPermission() !== 'granted') return;
  // One notification per game (`tag`): a newer one replaces it rather than piling up.
  const note = new Notification(t('alerts.title'), { body: alertWords(game), tag: `pirates-${game.gameId}` });
  note.onclick = () => {
    window.focus();
    goTo(game.gameId);
    note.close();
  };
}
