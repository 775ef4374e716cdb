/**
 * Turn alerts (issue 31, item 2): which of this player's games in progress came to need them since the page
 * last asked ("Your games", GET /api/players/me/games, every 20 s while any page of the game is open). Pure,
 * so a test can tell when an alert is due without a server or a clock. The game open on the page is left
 * out: its own table already says whose turn it is.
 */
import type { YourGame } from './wire.ts';

/** Whether the player must decide in this game now. */
export function waitsForMe(game: YourGame): boolean {
  return game.toMove !== 'opponent';
}

/**
 * The games waiting for this player now that were not at the last look (or were not listed: a friend just
 * joined, a rematch began), newest need first as listed. Nothing on the first look (`before` null): the
 * list itself shows those, and a page just opened should not ring.
 */
export function newlyWaiting(
  before: readonly YourGame[] | null,
  now: readonly YourGame[],
  openGameId: string | null,
): YourGame[] {
  if (before === null) return [];
  // Each game that waited for this player at the last look, at the moves it had then: the same decision does
  // not ring twice, a new one in the same game does (the opponent moved and it is this player's turn again).
  const waited = new Map(before.filter(waitsForMe).map((g) => [g.gameId, g.moves]));
  return now.filter((g) => waitsForMe(g) && g.gameId !== openGameId && waited.get(g.gameId) !== g.moves);
}
