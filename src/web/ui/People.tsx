/**
 * Issue 19 on the page: this device's name on the home page (rename, "Forget me"), a player's page with
 * rating and last games, the emote button with its picker and mute in the game bar, and the rematch at the
 * end. Names and emotes are only ever shown as text nodes; emotes come from the fixed list.
 */

import { useEffect, useState } from 'preact/hooks';
import { EMOTE_FACES, EMOTES } from '../../protocol/emotes.ts';
import type { PlayerSummary } from '../../protocol/index.ts';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { ChallengesState, GameScreen, MeState, PlayerPageState } from '../state.ts';
import { ChallengeThem } from './Challenges.tsx';
import { DeviceGames } from './DeviceGames.tsx';
import { PlayerName } from './PlayerName.tsx';
import { ratingChangeWords } from './rating-change.ts';
import { YourGames } from './YourGames.tsx';

/** How long an emote stays on the table, ms. */
const EMOTE_MS = 4000;

/** 'Salty Kraken 17 (1523)', the name isolated and bounded (PlayerName). */
export function NameWithRating(props: { player: PlayerSummary }) {
  return (
    <>
      <PlayerName name={props.player.name} /> ({props.player.rating.rating})
    </>
  );
}

/** "You are <name>, rating 1500": the name keeps its data-my-name mark for tests and styles. */
function MyName(props: { name: string; rating: number }) {
  // The name is marked in the sentence, wherever the language puts it.
  const [before = '', after = ''] = t('people.youAre', { name: '\u0000', rating: props.rating }).split(
    '\u0000',
  );
  return (
    <>
      {before}
      <strong data-my-name="">
        <PlayerName name={props.name} />
      </strong>
      {after}
    </>
  );
}

/** The home page's name panel: who this device is, rename, forget. */
export function MePanel(props: { me: MeState; ctl: Controller }) {
  const { me, ctl } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const people = ctl.people;
  if (people === null) return null;
  return (
    <section class="panel me" aria-labelledby="h-me" data-me="">
      <h2 id="h-me">{t('people.title')}</h2>
      {me.status === 'loading' && <p>{t('people.finding')}</p>}
      {me.player !== null && (
        <>
          <p>
            <MyName name={me.player.name} rating={me.player.rating.rating} />
            {me.player.rating.games === 0
              ? t('people.noGames')
              : t('people.afterGames', { count: me.player.rating.games })}
            .{' '}
            <a
              href={`/player/${me.player.id}`}
              onClick={(e) => {
                e.preventDefault();
                ctl.go('player', `/player/${me.player?.id ?? ''}`);
                people.showPlayer(me.player?.id ?? '');
              }}
            >
              {t('people.yourPage')}
            </a>
          </p>
          <form
            class="rename"
            onSubmit={(e) => {
              e.preventDefault();
              if (draft !== null) people.rename(draft);
              setDraft(null);
            }}
          >
            <label>
              {t('people.newName')}{' '}
              <input
                data-rename=""
                maxLength={20}
                value={draft ?? ''}
                placeholder={me.player.name}
                onInput={(e) => setDraft(e.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={draft === null || draft.trim() === ''}>
              {t('people.saveName')}
            </button>
          </form>
          <p class="hint">{t('people.namesHint')}</p>
          <button type="button" class="link danger" data-forget="" onClick={() => people.forget()}>
            {me.forgetting ? t('people.forgetSure') : t('people.forget')}
          </button>
        </>
      )}
      {me.status === 'none' && (
        <>
          <p>{t('people.noName')}</p>
          <button type="button" data-new-name="" onClick={() => people.makeNew()}>
            {t('people.giveName')}
          </button>
        </>
      )}
      {me.error !== null && (
        <p class="error" role="alert">
          {me.error}
        </p>
      )}
    </section>
  );
}

/** `/player/<id or name>`: the rating and the last games, each with its replay. */
export function PlayerPageView(props: {
  state: PlayerPageState;
  me: MeState;
  challenges: ChallengesState;
  ctl: Controller;
}) {
  const { state, me, challenges, ctl } = props;
  const page = state.page;
  // The finished games against the computer this device keeps for its own page, e.g. 2.
  const [deviceGames, setDeviceGames] = useState(0);
  return (
    <main class="player-page">
      <header class="game-bar">
        <button type="button" class="link" onClick={() => ctl.go('home', '/')}>
          {t('game.backHome')}
        </button>
      </header>
      {state.error !== null && <p class="error">{state.error}</p>}
      {page === null && state.error === null && <p>{t('people.loading')}</p>}
      {page !== null && (
        <section class="panel">
          <h1 data-player-name="">
            <PlayerName name={page.name} />
          </h1>
          <p data-rating="">
            {t('people.rating', {
              rating: page.rating.rating,
              rd: page.rating.rd * 2,
              count: page.rating.games,
            })}
          </p>
          <p class="hint" data-rated-rules="">
            {t('people.ratedRules', {
              provisional: page.ratedRules.provisionalGames,
              perDay: page.ratedRules.pairGamesPerDay,
            })}
          </p>
          <ChallengeThem page={page} me={me} challenges={challenges} ctl={ctl} />
          {/* One's own page also lists the games in progress (only this device knows they are its own). */}
          {me.player !== null && me.player.id === page.id && <YourGames me={me} ctl={ctl} showEmpty />}
          <h2>{t('people.lastGames')}</h2>
          {page.games.length === 0 && deviceGames === 0 && <p>{t('people.noFinished')}</p>}
          {/* One's own page also lists the games against the computer played on this device (issue 52). */}
          {me.player !== null && me.player.id === page.id && (
            <DeviceGames ctl={ctl} onCount={setDeviceGames} />
          )}
          <ul class="player-games">
            {page.games.map((g) => (
              <li key={g.gameId} data-player-game={g.gameId}>
                {/* A seat handed to the computer keeps its rating at leaving; the game's real end is said first. */}
                {g.aborted ? (
                  <span data-aborted="">{t('people.result.aborted')}</span>
                ) : g.ended !== null && (g.result === 'win' || g.result === 'loss') ? (
                  <span data-ended={g.ended}>
                    {t(`people.result.${g.ended}`)}
                    {t(`people.ratedAtLeaving.${g.result}`)}
                  </span>
                ) : (
                  <span>{t(`people.result.${g.result ?? 'over'}`)}</span>
                )}{' '}
                {t('people.asAgainst', { seat: SEAT_NAMES[g.seat] })}{' '}
                {typeof g.opponent === 'object' ? (
                  <NameWithRating player={g.opponent} />
                ) : g.opponent === 'computer' ? (
                  t('people.computer')
                ) : g.opponent === 'forgotten' ? (
                  t('people.forgotten')
                ) : (
                  t('people.anonymous')
                )}
                {g.ratingChange !== null && ` (${ratingChangeWords(g.ratingChange)})`}
                {g.ratingChange === null &&
                  !g.aborted &&
                  typeof g.opponent === 'object' &&
                  t('people.unrated')}{' '}
                · {new Date(g.createdAt).toLocaleDateString()}{' '}
                <button type="button" onClick={() => void openReplayOf(ctl, g.gameId)}>
                  {t('game.watchReplay')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

async function openReplayOf(ctl: Controller, gameId: string): Promise<void> {
  const response = await fetch(`/api/games/${gameId}/record`).catch(() => null);
  if (response?.ok !== true) return;
  const body = (await response.json()) as { record: Parameters<Controller['openReplay']>[0] };
  ctl.openReplay(body.record);
}

/** The game bar's emote button, its picker, the mute, and the last emote as a bubble. */
export function EmoteBar(props: { game: GameScreen; ctl: Controller }) {
  const { game, ctl } = props;
  const online = game.online;
  const shown = ctl.state.settings.emotes;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (online?.emote == null) return;
    const timer = setTimeout(() => setNow(Date.now()), EMOTE_MS);
    return () => clearTimeout(timer);
  }, [online?.emote?.at]);
  if (online === null) return null;
  const emote =
    online.emote !== null && Date.now() - online.emote.at < EMOTE_MS && now >= 0 ? online.emote : null;
  return (
    <div class="emotes">
      <button
        type="button"
        class="link"
        aria-expanded={online.picking}
        aria-label={t('people.emoteButton')}
        title={t('people.emoteButton')}
        data-emote-button=""
        onClick={() =>
          ctl.change((s) => {
            if (s.game?.online) s.game.online.picking = !s.game.online.picking;
          })
        }
      >
        😀
      </button>
      <button
        type="button"
        class="link"
        aria-pressed={!shown}
        aria-label={t('people.muteEmotes')}
        title={shown ? t('people.muteEmotes') : t('people.showEmotes')}
        data-mute-emotes=""
        onClick={() => ctl.setSettings({ emotes: !shown })}
      >
        {shown ? '🔔' : '🔕'}
      </button>
      {online.picking && (
        <div class="emote-picker" role="menu" aria-label={t('people.emotes')}>
          {EMOTES.map((e) => (
            <button
              type="button"
              role="menuitem"
              key={e}
              data-emote={e}
              onClick={() => ctl.onlineHooks?.emote(e)}
            >
              <span aria-hidden="true">{EMOTE_FACES[e].icon}</span> {t(`people.emote.${e}`)}
            </button>
          ))}
        </div>
      )}
      {emote !== null && (
        <p class={`emote-bubble seat-${emote.seat}`} role="status" data-emote-heard={emote.emote}>
          {emote.seat === game.seat ? t('people.you') : SEAT_NAMES[emote.seat]}
          {t('game.colon')} {EMOTE_FACES[emote.emote].icon} {t(`people.emote.${emote.emote}`)}
        </p>
      )}
    </div>
  );
}

/** The end panel's rematch: offer, the other's offer to accept or decline, or where it stands. */
export function RematchPanel(props: { game: GameScreen; ctl: Controller }) {
  const { game, ctl } = props;
  const online = game.online;
  if (online === null) return null;
  const rematch = online.rematch;
  const other = game.seat === 'red' ? 'blue' : 'red';
  const hooks = ctl.onlineHooks;
  if (rematch?.state === 'offered' && rematch.by === other) {
    return (
      <div class="rematch" data-rematch="offered-to-me">
        <p>{t('people.rematchAsked', { seat: SEAT_NAMES[other] })}</p>
        <button type="button" class="primary" data-rematch-accept="" onClick={() => hooks?.rematch(true)}>
          {t('people.accept')}
        </button>
        <button type="button" data-rematch-decline="" onClick={() => hooks?.rematch(false)}>
          {t('people.noThanks')}
        </button>
      </div>
    );
  }
  if (rematch?.state === 'offered') {
    return (
      <div class="rematch" data-rematch="offered">
        <p>{t('people.rematchWaiting', { seat: SEAT_NAMES[other] })}</p>
        <button type="button" onClick={() => hooks?.rematch(false)}>
          {t('people.takeBack')}
        </button>
      </div>
    );
  }
  return (
    <div class="rematch" data-rematch={rematch?.state ?? 'none'}>
      {rematch?.state === 'declined' && rematch.by === other && (
        <p>{t('people.declined', { seat: SEAT_NAMES[other] })}</p>
      )}
      {rematch?.state === 'ready' && <p>{t('people.begun')}</p>}
      {rematch?.state !== 'ready' && (
        <button type="button" class="primary" data-rematch-offer="" onClick={() => hooks?.rematch(true)}>
          {t('people.rematch')}
        </button>
      )}
    </div>
  );
}
