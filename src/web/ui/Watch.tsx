/** The Watch page: games in progress, newest first, each with its spectator link. Nothing secret is listed. */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { LiveGame } from '../online/wire.ts';
import { clockControlWords } from './FindOpponent.tsx';
import { WithNames } from './PlayerName.tsx';

/** How often the list is fetched again while the page shows (ms). */
const REFRESH_MS = 5000;

/**
 * The seat's shown name with who plays it ('Blue (computer)') or its rating ('Salty Kraken (1523)'), around
 * `name`: the name's mark (WithNames).
 */
function player(game: LiveGame, seat: 'red' | 'blue', name: string): string {
  if (game.holders[seat] === 'computer') return t('watch.computer', { name });
  const rating = game.ratings[seat];
  return rating === null ? name : t('watch.rated', { name, rating });
}

/** The seats' names as shown: the identity's, else the colour. */
function shownNames(game: LiveGame): Record<'red' | 'blue', string> {
  return { red: game.names.red ?? SEAT_NAMES.red, blue: game.names.blue ?? SEAT_NAMES.blue };
}

/** 'turn 12 · Salty Kraken to play', 'setting up', or less when the server does not know. */
function Turn(props: { game: LiveGame }) {
  const { game } = props;
  const { turn, toMove } = game;
  const turnWords = turn === null ? null : turn === 0 ? t('watch.setup') : t('watch.turn', { turn });
  const seat = toMove === 'red' || toMove === 'blue' ? toMove : null;
  if (turnWords === null && seat === null) return null;
  return (
    <>
      {turnWords !== null && <> · {turnWords}</>}
      {seat !== null && (
        <>
          {' · '}
          <WithNames
            names={{ seat: shownNames(game)[seat] }}
            say={(marks) => t('watch.toMove', { name: marks.seat })}
          />
        </>
      )}
    </>
  );
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
          {t('game.backHome')}
        </button>
        <h1>{t('watch.title')}</h1>
      </header>
      {games === null ? (
        <p>{t('watch.looking')}</p>
      ) : games.length === 0 ? (
        <p>{t('watch.nobody')}</p>
      ) : (
        <ul class="listing">
          {games.map((game) => (
            <li key={game.gameId} class="listing-row" data-live={game.gameId}>
              <span>
                <strong>
                  <WithNames
                    names={shownNames(game)}
                    say={(marks) =>
                      t('watch.against', {
                        red: player(game, 'red', marks.red),
                        blue: player(game, 'blue', marks.blue),
                      })
                    }
                  />
                </strong>{' '}
                ·{' '}
                {t('watch.details', {
                  rules: t(`find.seekRules.${game.variant === 'advanced' ? 'advanced' : 'standard'}`),
                  shots: t(`find.seekShots.${game.shots === 'aimed' ? 'aimed' : 'quick'}`),
                  clock: clockControlWords(game.clock),
                  moves: game.moves,
                })}
                <Turn game={game} />
              </span>{' '}
              <a
                href={game.watchLink}
                class="button"
                onClick={(e) => {
                  e.preventDefault();
                  ctl.onlineHooks?.watch(game.gameId);
                }}
              >
                {t('watch.watch')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
