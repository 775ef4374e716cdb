/**
 * Issue 31 item 5: the end panel says how the game moved ratings, in whole points with their sign, or why it
 * was not rated (the server reads the reason back from its rules: GameRating). A player sees their own line;
 * a spectator sees both players'. Games that never reach the server (pass-and-play, offline) say nothing.
 */
import type { Seat } from '../../engine/index.ts';
import type { GamePlayers, GameRating as Rating } from '../../protocol/index.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { GameScreen } from '../state.ts';
import { WithNames } from './PlayerName.tsx';
import { ratingChangeWords } from './rating-change.ts';

export function GameRating(props: { game: GameScreen }) {
  const { game } = props;
  const players = game.online?.players ?? null;
  const rating = players?.rating ?? null;
  if (game.mode !== 'online' || players === null || rating === null) return null;
  if (rating.neverCame !== null)
    return (
      <p class="game-rating" data-game-rating="aborted">
        {t('game.rating.aborted', { seat: SEAT_NAMES[rating.neverCame] })}
      </p>
    );
  if (!game.watching) {
    const seat = game.seat;
    const change = rating.changes[seat];
    const after = rating.after[seat];
    const why = rating.unrated[seat];
    return (
      <p class="game-rating" data-game-rating={change === null ? 'unrated' : 'rated'}>
        {change !== null && after !== null
          ? t('game.rating.yours', { rating: after, change: ratingChangeWords(change) })
          : why !== null && t('game.rating.yoursUnrated', { why: t(`game.rating.why.${why}`) })}
      </p>
    );
  }
  return (
    <ul class="game-rating" data-game-rating="seats">
      {(['red', 'blue'] as const).map((seat) => (
        <SeatLine key={seat} seat={seat} players={players} rating={rating} />
      ))}
    </ul>
  );
}

function SeatLine(props: { seat: Seat; players: GamePlayers; rating: Rating }) {
  const { seat, players, rating } = props;
  const player = players[seat];
  if (player === null) return null;
  const change = rating.changes[seat];
  const after = rating.after[seat];
  return (
    <li>
      <WithNames
        names={{ name: player.name }}
        say={(marks) =>
          change !== null && after !== null
            ? t('game.rating.seat', { name: marks.name, rating: after, change: ratingChangeWords(change) })
            : t('game.rating.seatUnrated', { name: marks.name })
        }
      />
    </li>
  );
}
