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
import type { GameScreen, MeState, PlayerPageState } from '../state.ts';

/** How long an emote stays on the table, ms. */
const EMOTE_MS = 4000;

/** 'Salty Kraken 17 (1523)'. */
export function nameWithRating(player: PlayerSummary): string {
  return `${player.name} (${player.rating.rating})`;
}

/** The home page's name panel: who this device is, rename, forget. */
export function MePanel(props: { me: MeState; ctl: Controller }) {
  const { me, ctl } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const people = ctl.people;
  if (people === null) return null;
  return (
    <section class="panel me" aria-labelledby="h-me" data-me="">
      <h2 id="h-me">Your pirate name</h2>
      {me.status === 'loading' && <p>Finding your name…</p>}
      {me.player !== null && (
        <>
          <p>
            You are <strong data-my-name="">{me.player.name}</strong>, rating {me.player.rating.rating}
            {me.player.rating.games === 0
              ? ' (no rated games yet)'
              : ` after ${me.player.rating.games} rated games`}
            .{' '}
            <a
              href={`/player/${me.player.id}`}
              onClick={(e) => {
                e.preventDefault();
                ctl.go('player', `/player/${me.player?.id ?? ''}`);
                people.showPlayer(me.player?.id ?? '');
              }}
            >
              Your page
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
              New name{' '}
              <input
                data-rename=""
                maxLength={20}
                value={draft ?? ''}
                placeholder={me.player.name}
                onInput={(e) => setDraft(e.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={draft === null || draft.trim() === ''}>
              Save name
            </button>
          </form>
          <p class="hint">
            Names are checked, so everyone can play here, children too. No account, no e-mail.
          </p>
          <button type="button" class="link danger" data-forget="" onClick={() => people.forget()}>
            {me.forgetting ? 'Yes, forget me (name and rating go for good)' : 'Forget me'}
          </button>
        </>
      )}
      {me.status === 'none' && (
        <>
          <p>You play without a name: your online games are not rated.</p>
          <button type="button" data-new-name="" onClick={() => people.makeNew()}>
            Give me a pirate name
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
export function PlayerPageView(props: { state: PlayerPageState; ctl: Controller }) {
  const { state, ctl } = props;
  const page = state.page;
  return (
    <main class="player-page">
      <header class="game-bar">
        <button type="button" class="link" onClick={() => ctl.go('home', '/')}>
          ← Home
        </button>
      </header>
      {state.error !== null && <p class="error">{state.error}</p>}
      {page === null && state.error === null && <p>Loading…</p>}
      {page !== null && (
        <section class="panel">
          <h1 data-player-name="">{page.name}</h1>
          <p data-rating="">
            Rating {page.rating.rating} (± {page.rating.rd * 2}) · {page.rating.games} rated games
          </p>
          <h2>Last games</h2>
          {page.games.length === 0 && <p>No finished games yet.</p>}
          <ul class="player-games">
            {page.games.map((g) => (
              <li key={g.gameId} data-player-game={g.gameId}>
                <span>
                  {g.result === null
                    ? 'over'
                    : g.result === 'win'
                      ? 'Won'
                      : g.result === 'loss'
                        ? 'Lost'
                        : 'Draw'}
                </span>{' '}
                as {SEAT_NAMES[g.seat]} against{' '}
                {typeof g.opponent === 'object'
                  ? nameWithRating(g.opponent)
                  : g.opponent === 'computer'
                    ? 'the computer'
                    : g.opponent === 'forgotten'
                      ? 'a player who left'
                      : 'a friend without a name'}
                {g.ratingChange !== null && ` (${g.ratingChange >= 0 ? '+' : ''}${g.ratingChange})`} ·{' '}
                {new Date(g.createdAt).toLocaleDateString()}{' '}
                <button type="button" onClick={() => void openReplayOf(ctl, g.gameId)}>
                  Watch the replay
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
        aria-label="Emote"
        title="Emote"
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
        aria-label="Mute emotes"
        title={shown ? 'Mute emotes' : 'Show emotes'}
        data-mute-emotes=""
        onClick={() => ctl.setSettings({ emotes: !shown })}
      >
        {shown ? '🔔' : '🔕'}
      </button>
      {online.picking && (
        <div class="emote-picker" role="menu" aria-label="Emotes">
          {EMOTES.map((e) => (
            <button
              type="button"
              role="menuitem"
              key={e}
              data-emote={e}
              onClick={() => ctl.onlineHooks?.emote(e)}
            >
              <span aria-hidden="true">{EMOTE_FACES[e].icon}</span> {EMOTE_FACES[e].text}
            </button>
          ))}
        </div>
      )}
      {emote !== null && (
        <p class={`emote-bubble seat-${emote.seat}`} role="status" data-emote-heard={emote.emote}>
          {emote.seat === game.seat ? 'You' : SEAT_NAMES[emote.seat]}: {EMOTE_FACES[emote.emote].icon}{' '}
          {EMOTE_FACES[emote.emote].text}
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
        <p>{SEAT_NAMES[other]} asks for a rematch (you swap colours).</p>
        <button type="button" class="primary" data-rematch-accept="" onClick={() => hooks?.rematch(true)}>
          Accept the rematch
        </button>
        <button type="button" data-rematch-decline="" onClick={() => hooks?.rematch(false)}>
          No, thanks
        </button>
      </div>
    );
  }
  if (rematch?.state === 'offered') {
    return (
      <div class="rematch" data-rematch="offered">
        <p>Rematch asked; waiting for {SEAT_NAMES[other]}…</p>
        <button type="button" onClick={() => hooks?.rematch(false)}>
          Take it back
        </button>
      </div>
    );
  }
  return (
    <div class="rematch" data-rematch={rematch?.state ?? 'none'}>
      {rematch?.state === 'declined' && rematch.by === other && (
        <p>{SEAT_NAMES[other]} declined the rematch.</p>
      )}
      {rematch?.state === 'ready' && <p>The rematch has begun.</p>}
      {rematch?.state !== 'ready' && (
        <button type="button" class="primary" data-rematch-offer="" onClick={() => hooks?.rematch(true)}>
          Rematch
        </button>
      )}
    </div>
  );
}
