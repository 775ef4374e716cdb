/**
 * The alert that another game needs the player (issue 31, item 2), on every screen: what it is, a way to it,
 * and a way to dismiss it. A polite live region, so a screen reader says it without taking the focus away
 * from the table the player is looking at. A challenge that came in, or one of the player's that was accepted
 * while another game was on the table, is told in the same place (issue 31, item 7).
 */
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import { goToGame } from '../online/identity.ts';
import { alertWords } from '../online/turn-notify.ts';
import type { YourGame } from '../online/wire.ts';
import type { ChallengeAlert } from '../state.ts';
import { WithNames } from './PlayerName.tsx';

export function TurnAlert(props: {
  alert: YourGame | null;
  challenge: ChallengeAlert | null;
  ctl: Controller;
}) {
  const { alert, challenge, ctl } = props;
  return (
    <div class="turn-alert-region" role="status" aria-live="polite">
      {challenge !== null && <ChallengeNews alert={challenge} ctl={ctl} />}
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

/** "Salty Kraken 17 challenges you to a game", with a way to it; or that a challenge of the player's was accepted. */
function ChallengeNews(props: { alert: ChallengeAlert; ctl: Controller }) {
  const { alert, ctl } = props;
  const { challenge } = alert;
  const dismiss = () =>
    ctl.change((s) => {
      s.challengeAlert = null;
    });
  return (
    <div class="turn-alert" data-challenge-alert={alert.kind}>
      <span>
        <WithNames
          names={{ name: challenge.other.name }}
          say={(m) => t(`challenges.alert.${alert.kind}`, { name: m.name })}
        />
      </span>
      {alert.kind === 'incoming' ? (
        <a
          href="/"
          onClick={(e) => {
            e.preventDefault();
            dismiss();
            if (ctl.state.screen === 'game') ctl.backHome();
            else ctl.go('home', '/');
          }}
        >
          {t('challenges.alert.show')}
        </a>
      ) : (
        <button type="button" class="link" onClick={() => ctl.challengeHooks?.play(challenge.challengeId)}>
          {t('challenges.alert.play')}
        </button>
      )}
      <button type="button" class="link" onClick={dismiss}>
        {t('alerts.dismiss')}
      </button>
    </div>
  );
}
