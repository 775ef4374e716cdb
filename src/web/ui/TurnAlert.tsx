/**
 * The alert that another game needs the player (issue 31, item 2), on every screen: what it is, a way to it,
 * and a way to dismiss it. A polite live region, so a screen reader says it without taking the focus away
 * from the table the player is looking at.
 */
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import { goToGame } from '../online/identity.ts';
import { alertWords } from '../online/turn-notify.ts';
import type { YourGame } from '../online/wire.ts';

export function TurnAlert(props: { alert: YourGame | null; ctl: Controller }) {
  const { alert, ctl } = props;
  return (
    <div class="turn-alert-region" role="status" aria-live="polite">
      {alert !== null && (
        <div class="turn-alert" data-turn-alert={alert.gameId}>
          <span>{alertWords(alert)}</span>
          <a
            href={`/play/${alert.gameId}`}
            onClick={(e) => {
              e.preventDefault();
              goToGame(ctl, alert.gameId);
            }}
          >
            {t('alerts.go')}
          </a>
          <button
            type="button"
            class="link"
            onClick={() =>
              ctl.change((s) => {
                s.turnAlert = null;
              })
            }
          >
            {t('alerts.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
