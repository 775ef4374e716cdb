/**
 * Challenges by name on the page (issue 31, item 7): the home page's "Challenges" beside "Your games"
 * (incoming with Accept and Decline, this player's own with Cancel, and their answers), and the player page's
 * "Challenge <name>" with the lobby's options (the picker "Find an opponent" uses). Names are text in a
 * <bdi> (PlayerName); each button's accessible name says whose challenge it is.
 */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { ChallengeView, PlayerPage } from '../online/wire.ts';
import type { ChallengesState, MeState } from '../state.ts';
import { seekWords } from './FindOpponent.tsx';
import { WithNames } from './PlayerName.tsx';
import { SeekOptions } from './SeekOptions.tsx';

/** '14:05': when an unanswered challenge lapses, in the page's time. */
function until(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The home page's challenges: nothing while there are none. */
export function ChallengesPanel(props: { challenges: ChallengesState; me: MeState; ctl: Controller }) {
  const { challenges, me, ctl } = props;
  const hooks = ctl.challengeHooks;
  const id = me.player?.id ?? null;
  // Asked for when shown; the page asks again every 20 s (every 4 s while one of its own waits).
  useEffect(() => {
    if (hooks !== null && id !== null) hooks.refresh();
  }, [hooks, id]);
  const incoming = challenges.incoming ?? [];
  const outgoing = challenges.outgoing;
  if (hooks === null || (incoming.length === 0 && outgoing.length === 0 && challenges.error === null))
    return null;
  return (
    <section class="panel challenges" aria-labelledby="h-challenges" data-challenges="">
      <h2 id="h-challenges">{t('challenges.title')}</h2>
      <ul>
        {incoming.map((c) => (
          <li key={c.challengeId} class="challenge incoming" data-challenge-in={c.challengeId}>
            <span>
              <WithNames
                names={{ name: c.other.name }}
                say={(m) =>
                  t('challenges.incoming', {
                    name: m.name,
                    rating: c.other.rating.rating,
                    game: seekWords(c),
                  })
                }
              />
            </span>{' '}
            <button
              type="button"
              class="primary"
              aria-label={t('challenges.acceptOf', { name: c.other.name })}
              onClick={() => hooks.accept(c.challengeId)}
            >
              {t('challenges.accept')}
            </button>
            <button
              type="button"
              aria-label={t('challenges.declineOf', { name: c.other.name })}
              onClick={() => hooks.decline(c.challengeId)}
            >
              {t('challenges.decline')}
            </button>
          </li>
        ))}
        {outgoing.map((c) => (
          <Outgoing key={c.challengeId} challenge={c} ctl={ctl} />
        ))}
      </ul>
      {challenges.error !== null && (
        <p class="error" role="alert">
          {challenges.error}
        </p>
      )}
    </section>
  );
}

function Outgoing(props: { challenge: ChallengeView; ctl: Controller }) {
  const { challenge: c, ctl } = props;
  const hooks = ctl.challengeHooks;
  if (hooks === null) return null;
  const name = c.other.name;
  return (
    <li class={`challenge outgoing ${c.status}`} data-challenge-out={c.challengeId} data-status={c.status}>
      <span>
        <WithNames
          names={{ name }}
          say={(m) =>
            c.status === 'open'
              ? t('challenges.outgoing', { name: m.name, game: seekWords(c), time: until(c.expiresAt) })
              : t(`challenges.${c.status}`, { name: m.name })
          }
        />
      </span>{' '}
      {c.status === 'open' && (
        <button
          type="button"
          aria-label={t('challenges.cancelTo', { name })}
          onClick={() => hooks.cancel(c.challengeId)}
        >
          {t('challenges.cancel')}
        </button>
      )}
      {c.status === 'declined' && (
        <button
          type="button"
          aria-label={t('challenges.dismissOf', { name })}
          onClick={() => hooks.cancel(c.challengeId)}
        >
          {t('challenges.dismiss')}
        </button>
      )}
      {c.status === 'accepted' && c.gameId !== null && (
        <button
          type="button"
          class="primary"
          aria-label={t('challenges.playWith', { name })}
          onClick={() => hooks.play(c.challengeId)}
        >
          {t('challenges.play')}
        </button>
      )}
    </li>
  );
}

/**
 * "Challenge <name>" on another player's page: the button, or the form with the lobby's options, or the
 * challenge waiting for this player's answer. Not on one's own page, nor without a name of one's own.
 */
export function ChallengeThem(props: {
  page: PlayerPage;
  me: MeState;
  challenges: ChallengesState;
  ctl: Controller;
}) {
  const { page, me, challenges, ctl } = props;
  const hooks = ctl.challengeHooks;
  if (hooks === null || me.player === null || me.player.id === page.id) return null;
  const waiting = challenges.outgoing.find((c) => c.other.id === page.id && c.status === 'open');
  const close = () =>
    ctl.change((s) => {
      s.challenges.open = false;
      s.challenges.error = null;
    });
  return (
    <section
      class="challenge-them"
      aria-label={t('challenges.challenge', { name: page.name })}
      data-challenge-them=""
    >
      {waiting !== undefined ? (
        <p role="status">
          <WithNames
            names={{ name: page.name }}
            say={(m) => t('challenges.sent', { name: m.name, time: until(waiting.expiresAt) })}
          />{' '}
          <button
            type="button"
            aria-label={t('challenges.cancelTo', { name: page.name })}
            onClick={() => hooks.cancel(waiting.challengeId)}
          >
            {t('challenges.cancel')}
          </button>
        </p>
      ) : challenges.open ? (
        <div class="panel challenge-form">
          <h2>{t('challenges.challenge', { name: page.name })}</h2>
          <p>
            <WithNames names={{ name: page.name }} say={(m) => t('challenges.text', { name: m.name })} />
          </p>
          <SeekOptions
            form={challenges.form}
            name="challenge"
            onChange={(form) =>
              ctl.change((s) => {
                s.challenges.form = form;
              })
            }
          />
          <p class="hint" data-challenge-rated="">
            {t('challenges.rated')}
          </p>
          <button type="button" class="primary" onClick={() => hooks.challenge(page.id)}>
            {t('challenges.send')}
          </button>{' '}
          <button type="button" onClick={close}>
            {t('challenges.notNow')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          class="primary"
          aria-expanded="false"
          onClick={() =>
            ctl.change((s) => {
              s.challenges.open = true;
              s.challenges.error = null;
            })
          }
        >
          {t('challenges.challenge', { name: page.name })}
        </button>
      )}
      {challenges.error !== null && (
        <p class="error" role="alert">
          {challenges.error}
        </p>
      )}
    </section>
  );
}
