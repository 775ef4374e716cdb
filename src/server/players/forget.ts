/**
 * "Forget me" with games still being played (issue 35, item 8). Leaving the site resigns them first, as
 * lichess does when an account is closed: each ends now with the opponent the winner, rated as any
 * resignation is (only if both seats had moved after the deal: ratings.ts), while the leaving player is still
 * there to be rated against. Forgetting oneself then cannot make an opponent's coming win unrated, nor leave
 * the opponent waiting for a seat nobody will come back to. Its challenges, made and received, go with its row
 * (ON DELETE CASCADE; postgres-challenges.ts locks both players' rows, so a challenge made or answered while
 * the player is forgotten finds it gone rather than breaking a foreign key).
 */
import type { ServerContext } from '../context.ts';
import { finishGame } from './ratings.ts';

/** The most games in progress one identity has resigned for it when forgotten (more are left to the clock). */
const MOST_RESIGNED = 100;

/** Resigns every game in progress of `playerId` and records each result; resolves when all are recorded. */
export async function resignGamesInProgress(context: ServerContext, playerId: string): Promise<void> {
  const players = context.store.players;
  for (const game of await players.openGamesOf(playerId, MOST_RESIGNED)) {
    const room = await context.rooms.get(game.gameId);
    if (room === null || room.over) continue;
    const acted = await room.act(game.seat, null, { type: 'resign' });
    const outcome = room.state.outcome;
    if (acted.kind === 'refused' || outcome === null) continue;
    // The process that ended the game records it too (server.ts); whichever comes first counts, the other
    // changes nothing. Waiting here means the result is in before the player's row goes.
    await finishGame(players, context.config.fairPlay, room.id, room.state.log, outcome);
  }
}
