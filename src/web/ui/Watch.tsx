/** The Watch page: games in progress, newest first, each with its spectator link. Nothing secret is listed. */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import type { LiveGame } from '../online/wire.ts';

/** How often the list is fetched again while the page shows (ms). */
const REFRESH_MS = 5000;

/** 'Red' or the display name, and who plays it: 'Blue (computer)'. */
function player(game: LiveGame, seat: 'red' | 'blue'): string {
  const name = game.names[seat] ?? SEAT_NAMES[seat];
  return game.holders[seat] === 'computer' ? `${name} (computer)` : name;
}

export function Watch(props: { games: readonly LiveGame[] | null; ctl: Controller }) {
  const { games, ctl } = props;
  useEffect(() => {
    ctl.lobbyHooks?.refreshLive();
    const timer = setInterval(() => ctl.lobbyHooks?.refreshLive(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [ctl]);
  return (
    <main class="watch">
      <header class="game-bar">
        <button type="button" class="link" onClick={() => ctl.go('home', '/')}>
          ← Home
        </button>
        <h1>Games being played</h1>
      </header>
      {games === null ? (
        <p>Looking for games…</p>
      ) : games.length === 0 ? (
        <p>Nobody is playing online right now. Start a game and come back!</p>
      ) : (
        <ul class="listing">
          {games.map((game) => (
            <li key={game.gameId} class="listing-row" data-live={game.gameId}>
              <span>
                <strong>
                  {player(game, 'red')} against {player(game, 'blue')}
                </strong>{' '}
                · {game.variant} rules, {game.shots} shots · move {game.moves}
              </span>{' '}
              <a
                href={game.watchLink}
                class="button"
                onClick={(e) => {
                  e.preventDefault();
                  ctl.onlineHooks?.watch(game.gameId);
                }}
              >
                Watch
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
