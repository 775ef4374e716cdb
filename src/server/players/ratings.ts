/**
 * Ratings: Glicko-2 through the `glicko2` package, each rated game its own rating period (as lichess does),
 * so a rating moves after every game and its deviation shrinks as games are played. Only games between two
 * different identities are rated; the computer and pass-and-play never are (a computer seat is never
 * linked to a player, and pass-and-play never reaches the server). Which result a game gives:
 * the engine's outcome (a captured flag, a resignation, the turn limit's draw, the away claim, which the
 * engine records as a resignation of the away seat); and a seat handed to the computer after its player
 * left is "abandoned": rated at that moment as a loss for the one who left (`rateAbandoned`), and what the
 * computer then does with the seat changes no rating.
 */
import { Glicko2 } from 'glicko2';
import { type Outcome, opponentOf, type Seat } from '../../engine/index.ts';
import type { Glicko, PlayerStore, RatedResult } from '../store/player-store.ts';

/** A new player's numbers: Glicko's usual start. */
export const NEW_GLICKO: Glicko = { rating: 1500, rd: 350, vol: 0.06 };

/** Glicko-2's system constant: 0.5 is the package's and Glickman's middle choice. */
const TAU = 0.5;

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

/** The rated result of a finished game: its winner, or a draw. */
export function resultOf(outcome: Outcome): RatedResult {
  return outcome.winner ?? 'draw';
}

/** Records (and rates, between two players) a finished game once; a second call, from any process, changes nothing. */
export function finishGame(players: PlayerStore, gameId: string, outcome: Outcome): Promise<string> {
  return players.finish(gameId, resultOf(outcome), glickoAfter);
}

/** The seat `away` was abandoned (handed to the computer by the other seat): a loss for it, now. */
export function finishAbandoned(players: PlayerStore, gameId: string, away: Seat): Promise<string> {
  return players.finish(gameId, opponentOf(away), glickoAfter);
}
