/**
 * "Your games" (issue 31, item 1): every online game in progress of this device's identity, whose turn it
 * is and the time left on this player's clock, each one click back to its table. On the home page and on
 * the player's own page; the list is asked for when it is shown and every 20 s on every screen, so a daily
 * game whose opponent moved meanwhile shows "Your turn" without a reload (and rings: TurnAlert.tsx).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import { goToGame } from '../online/identity.ts';
import { askToNotify, notificationPermission, notificationsSupported } from '../online/turn-notify.ts';
import type { YourGame } from '../online/wire.ts';
import type { MeState } from '../state.ts';
import { clockWords } from './Clocks.tsx';
import { PlayerName } from './PlayerName.tsx';

export function YourGames(props: { me: MeState; ctl: Controller; showEmpty?: boolean }) {
  const { me, ctl } = props;
  const people = ctl.people;
  const id = me.player?.id ?? null;
  // Asked for when shown; the page asks again every 20 s on every screen (online/identity.ts).
  useEffect(() => {
    if (people !== null && id !== null) people.refreshGames();
  }, [people, id]);
  const games = me.games ?? [];
  if (games.length === 0 && props.showEmpty !== true) return null;
  return (
    <section class="panel your-games" aria-labelledby="h-your-games" data-your-games="">
      <h2 id="h-your-games">{t('yourGames.title')}</h2>
      <NotifyButton />
      {games.length === 0 ? (
        <p>{t('yourGames.none')}</p>
      ) : (
        <ul>
          {games.map((game) => (
            <li key={game.gameId} class={game.toMove === 'opponent' ? '' : 'your-turn'}>
              <a
                href={`/play/${game.gameId}`}
                data-your-game={game.gameId}
                onClick={(e) => {
                  e.preventDefault();
                  goToGame(ctl, game.gameId);
                }}
              >
                <strong>{t(`yourGames.toMove.${game.toMove}`)}</strong>
                {' · '}
                <Against game={game} />
                {game.clock !== null && (
                  <>
                    {' · '}
                    {t('yourGames.left', { time: clockWords(game.clock.left[game.seat]) })}
                  </>
                )}
                {game.turn > 0 && (
                  <>
                    {' · '}
                    {t('yourGames.turn', { turn: game.turn })}
                  </>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "against Salty Kraken 17", the name isolated wherever the language puts it. */
function Against(props: { game: YourGame }) {
  const { opponent } = props.game;
  if (typeof opponent !== 'object') return <>{t(`yourGames.against.${opponent}`)}</>;
  const [before = '', after = ''] = t('yourGames.against.player', { name: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <PlayerName name={opponent.name} />
      {after}
    </>
  );
}

/** "Tell me when it is my turn": asks the browser for notifications, once, after the player's click. */
function NotifyButton() {
  const [permission, setPermission] = useState(notificationPermission);
  if (!notificationsSupported()) return null;
  if (permission === 'granted') return <p class="hint">{t('alerts.notifyOn')}</p>;
  if (permission === 'denied') return <p class="hint">{t('alerts.notifyDenied')}</p>;
  return (
    <button type="button" class="link" onClick={() => void askToNotify().then(setPermission)}>
      {t('alerts.notify')}
    </button>
  );
}
