/**
 * Online games: the invite link with its Copy button, the connection, the other player's absence, how many
 * watch, and the link that lets anyone watch.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { GameScreen } from '../state.ts';

export function OnlineBar(props: { game: GameScreen; ctl: Controller }) {
  const online = props.game.online;
  if (online === null) return null;
  const { ctl } = props;
  return (
    <div class="online-bar" role="status" aria-live="polite">
      {online.inviteLink !== null && (
        <div class="invite">
          <label for="invite-link">{t('online.sendLink')}</label>
          <div class="invite-row">
            <input
              id="invite-link"
              readOnly
              value={online.inviteLink}
              data-invite=""
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => ctl.copyInvite()}>
              {t('online.copy')}
            </button>
            {online.copied !== null && <span class="copied">{online.copied}</span>}
          </div>
        </div>
      )}
      {!online.connected && <p class="warn">{t('online.lost')}</p>}
      <p class="watchers" data-watchers={online.watchers}>
        {online.watchers === 0 ? t('online.watchers_zero') : t('online.watchers', { count: online.watchers })}{' '}
        <a href={`/watch/${online.gameId}`} target="_blank" rel="noopener" data-watch-link="">
          {t('online.spectatorLink')}
        </a>
      </p>
      {online.opponentAwaySince !== null && <AwayFor since={online.opponentAwaySince} />}
      {!online.canClaim && online.claimAt !== null && <ClaimIn at={online.claimAt} />}
      {online.canClaim && (
        <div class="claim">
          <button type="button" onClick={() => ctl.onlineHooks?.claim('win')}>
            {t('online.claim')}
          </button>
          <button type="button" onClick={() => ctl.onlineHooks?.claim('computer')}>
            {t('online.computerOn')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Shown from a minute before: "If the other player does not decide, you may claim the win in 45 s." */
const CLAIM_SHOWN_MS = 60_000;

/** Where the claim buttons come: the time left before the other seat's limit ends (issue 35). */
export function ClaimIn(props: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = props.at - now;
  if (left > CLAIM_SHOWN_MS) return null;
  return <p class="claim-in">{t('online.claimIn', { time: awayWords(left) })}</p>;
}

/** "The other player is away (1 min 05 s)", counting up every second while they stay away (issue 21). */
export function AwayFor(props: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <p class="warn">{t('online.away', { time: awayWords(now - props.since) })}</p>;
}

/** 45000 -> '45 s', 65000 -> '1 min 05 s'. */
export function awayWords(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0
    ? t('online.seconds', { s: rest })
    : t('online.minutes', { m: minutes, s: String(rest).padStart(2, '0') });
}
