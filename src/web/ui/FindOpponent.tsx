/**
 * The home page's "Find an opponent" card: choose rules, shots and clock (or "any"), look, wait on a visible
 * seek with a Cancel button, take up the computer when nobody comes; and the other players' seeks to accept.
 */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { language, t } from '../i18n/i18n.ts';
import { CLOCKS } from '../online/lobby.ts';
import type { ClockControl } from '../online/wire.ts';
import type { LobbyState } from '../state.ts';
import { PlayerName } from './PlayerName.tsx';
import { SeekOptions } from './SeekOptions.tsx';

/** How often the others' seeks are fetched while the card shows (ms). */
const REFRESH_MS = 3000;

/** 'Advanced rules, quick shots, 5 min + 5 s': the clock as the seek has it, whatever made it. */
export function seekWords(seek: { variant: string; shots: string; clock: ClockControl | null }): string {
  const rules = t(
    `find.seekRules.${seek.variant === 'advanced' ? 'advanced' : seek.variant === 'any' ? 'any' : 'standard'}`,
  );
  const shots = t(
    `find.seekShots.${seek.shots === 'aimed' ? 'aimed' : seek.shots === 'any' ? 'any' : 'quick'}`,
  );
  const words = t('find.seek', { rules, shots, clock: clockControlWords(seek.clock) });
  return `${words[0]?.toUpperCase()}${words.slice(1)}`;
}

/**
 * '5 min + 5 s', '1,5 Min. + 0 s', '3 days a turn', 'no clock'. A seek placed through the API may carry any
 * control the server accepts, not only the card's two, and is listed as it is.
 */
export function clockControlWords(clock: ClockControl | null): string {
  if (clock === null) return t('find.seekClock.none');
  if (clock.kind === 'daily') return t('find.seekClock.daily', { count: clock.days });
  const minutes = new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(clock.minutes);
  return t('find.seekClock.live', { minutes, increment: clock.increment });
}

export function FindOpponent(props: { lobby: LobbyState; ctl: Controller }) {
  const { lobby, ctl } = props;
  useEffect(() => {
    ctl.lobbyHooks?.refreshSeeks();
    const timer = setInterval(() => ctl.lobbyHooks?.refreshSeeks(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [ctl]);
  const seeking = lobby.seeking;
  return (
    <section class="panel find" aria-labelledby="h-find" data-find="">
      <h2 id="h-find">{t('find.title')}</h2>
      {seeking === null ? (
        <>
          <p>{t('find.text')}</p>
          <SeekOptions
            form={lobby.form}
            name="seek"
            onChange={(form) =>
              ctl.change((s) => {
                s.lobby.form = form;
              })
            }
          />
          <button type="button" class="primary big" data-seek="" onClick={() => ctl.lobbyHooks?.seek()}>
            {t('find.title')}
          </button>
        </>
      ) : (
        <div class="seeking" role="status" aria-live="polite" data-seeking={seeking.seekId}>
          <p class="waiting">
            <span class="spinner" aria-hidden="true" />
            {t('find.looking', { seek: seekWords({ ...seeking.form, clock: CLOCKS[seeking.form.clock] }) })}
          </p>
          {seeking.lonely && (
            <div class="lonely" data-lonely="">
              <p>{t('find.lonely')}</p>
              <button type="button" class="primary" onClick={() => ctl.lobbyHooks?.computerInstead()}>
                {t('find.computerInstead')}
              </button>
              <button type="button" onClick={() => ctl.lobbyHooks?.keepWaiting()}>
                {t('find.keepWaiting')}
              </button>
            </div>
          )}
          <button type="button" data-cancel-seek="" onClick={() => ctl.lobbyHooks?.cancel()}>
            {t('find.cancel')}
          </button>
        </div>
      )}
      {lobby.error !== null && (
        <p class="error" role="alert">
          {lobby.error}
        </p>
      )}
      {lobby.open.length > 0 && (
        <div class="open-seeks">
          <h3>{t('find.waiting')}</h3>
          <ul class="listing">
            {lobby.open.map((seek) => (
              <li key={seek.seekId} class="listing-row" data-open-seek={seek.seekId}>
                <span>
                  {seek.name === null ? t('find.aPlayer') : <PlayerName name={seek.name} />}
                  {seek.rating === null ? '' : ` (${seek.rating})`}: {seekWords(seek)}
                </span>{' '}
                <button type="button" onClick={() => ctl.lobbyHooks?.accept(seek.seekId)}>
                  {t('find.play')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
