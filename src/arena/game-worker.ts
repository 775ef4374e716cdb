/**
 * A worker thread of the tournament pool (tournament.ts): plays the games it is handed, one at a time,
 * from their descriptions alone, and hands back each result.
 */
import type { TournamentGame, TournamentGameResult } from '../ai/round-robin.ts';
import { type ArenaGameOptions, playArenaGame } from './play-game.ts';

export interface GameTask {
  readonly game: TournamentGame;
  readonly options: ArenaGameOptions;
}

export default function playTask(task: GameTask): Promise<TournamentGameResult> {
  return playArenaGame(task.game, task.options);
}
