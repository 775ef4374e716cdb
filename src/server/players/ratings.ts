/**
 * Ratings: Glicko-2 through the `glicko2` package, each rated game its own rating period (as lichess does),
 * so a rating moves after every game and its deviation shrinks as games are played. Only games between two
 * different identities are rated; the computer and pass-and-play never are (a computer seat is never
 * linked to a player, and pass-and-play never reaches the server). Which result a game gives:
 * the engine's outcome (a captured flag, a resignation, the turn limit's draw, the away claim, which the
 * engine records as a resignation of the away seat); and a seat handed to the computer after its player
 * left is "abandoned": rated at that moment as a loss for the one who left (`rateAbandoned`), and what the
 * computer then does with the seat changes no rating.
 *
 * What is rated (issue 35: ratings must not be farmed by throwaway identities that lose at once), decided here
 * and nowhere else, and said on the player's page:
 * - a game counts only once both seats have made a move of their own after the deal (a play action; the
 *   contribution and the setup do not count), so a resignation, an absence or a flag before that is unrated;
 * - a provisional player (fewer than `provisionalGames` rated games) moves only their own rating: their
 *   opponent's stays, unless both are provisional (so a new server's first players can rate each other);
 * - between the same two players, at most `pairGamesPerDay` games in 24 hours are rated.
 */
import { Glicko2 } from 'glicko2';
import { type Outcome, opponentOf, type RecordEntry, type Seat } from '../../engine/index.ts';
import type { Glicko, PlayerStore, RatedResult, RatingRule, StoredPlayer } from '../store/player-store.ts';

/** A new player's numbers: Glicko's usual start. */
export const NEW_GLICKO: Glicko = { rating: 1500, rd: 350, vol: 0.06 };

/** Glicko-2's system constant: 0.5 is the package's and Glickman's middle choice. */
const TAU = 0.5;

/** The window of the pair limit. */
export const RATING_DAY_MS = 24 * 60 * 60 * 1000;

/** Which games move ratings (settings: PROVISIONAL_GAMES, RATED_PAIR_GAMES_PER_DAY). */
export interface RatingPolicy {
  /** A player with fewer rated games than this is provisional. */
  readonly provisionalGames: number;
  /** Rated games between the same two players in 24 hours; later ones are recorded unrated. */
  readonly pairGamesPerDay: number;
}

/** Both seats' numbers after one game. Pure: a new calculator each time, nothing shared. */
export function glickoAfter(red: Glicko, blue: Glicko, result: RatedResult): { red: Glicko; blue: Glicko } {
  const system = new Glicko2({ tau: TAU, rating: NEW_GLICKO.rating, rd: NEW_GLICKO.rd, vol: NEW_GLICKO.vol });
  const r = system.makePlayer(red.rating, red.rd, red.vol);
  const b = system.makePlayer(blue.rating, blue.rd, blue.vol);
  const score = result === 'draw' ? 0.5 : result === 'red' ? 1 : 0;
  system.updateRatings([[r, b, score]]);
  const numbers = (p: typeof r): Glicko => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() });
  return { red: numbers(r), blue: numbers(b) };
}

/** The actions of the deal and before it: they show that a page came, not that its player played. */
const BEFORE_PLAY: ReadonlySet<string> = new Set(['contribute', 'setup', 'resign']);

/** Whether `seat` has made a move of its own after the deal (a play action, not a resignation). */
export function movedAfterDeal(log: readonly RecordEntry[], seat: Seat): boolean {
  return log.some((entry) => entry.seat === seat && !BEFORE_PLAY.has(entry.action.type));
}

/** Whether a game with this log can be rated: both seats moved after the deal. */
export function bothMoved(log: readonly RecordEntry[]): boolean {
  return movedAfterDeal(log, 'red') && movedAfterDeal(log, 'blue');
}

/**
 * The rule the store applies to a game between two players: both seats' new numbers, or null for a side whose
 * rating stays (`pairGames`: rated games between the two in the last 24 hours, this one not counted).
 */
export function ratingRule(policy: RatingPolicy, moved: boolean, result: RatedResult): RatingRule {
  return (red: StoredPlayer, blue: StoredPlayer, pairGames: number) => {
    if (!moved || pairGames >= policy.pairGamesPerDay) return { red: null, blue: null };
    const next = glickoAfter(red.glicko, blue.glicko, result);
    const provisional = (p: StoredPlayer) => p.games < policy.provisionalGames;
    const bothNew = provisional(red) && provisional(blue);
    return {
      red: bothNew || !provisional(blue) ? next.red : null,
      blue: bothNew || !provisional(red) ? next.blue : null,
    };
  };
}

/** The rated result of a finished game: its winner, or a draw. */
export function resultOf(outcome: Outcome): RatedResult {
  return outcome.winner ?? 'draw';
}

/**
 * Records (and rates, between two players, if it counts) a finished game once; a second call changes nothing.
 * The game's real end is kept beside it: a game rated when a seat was handed to the computer keeps that rating
 * (leaving is not undone by coming back), and its player's page tells how it really ended.
 */
export async function finishGame(
  players: PlayerStore,
  policy: RatingPolicy,
  gameId: string,
  log: readonly RecordEntry[],
  outcome: Outcome,
): Promise<string> {
  const result = resultOf(outcome);
  const done = await players.finish(
    gameId,
    result,
    ratingRule(policy, bothMoved(log), result),
    RATING_DAY_MS,
  );
  await players.ended(gameId, result);
  return done;
}

/** The seat `away` was abandoned (handed to the computer by the other seat): a loss for it, now, if it counts. */
export function finishAbandoned(
  players: PlayerStore,
  policy: RatingPolicy,
  gameId: string,
  log: readonly RecordEntry[],
  away: Seat,
): Promise<string> {
  const result = opponentOf(away);
  return players.finish(gameId, result, ratingRule(policy, bothMoved(log), result), RATING_DAY_MS);
}
