/**
 * A worker thread of the tournament pool (tournament.ts): plays the games it is handed, one at a time,
 * from their descriptions alone, and hands back each result. Its programs outlive a game (a protocol-2
 * program plays all of this worker's games in one process) and are ended by `teardown`, which the pool
 * calls on each worker before it stops.
 */
import type { TournamentGame, TournamentGameResult } from '../ai/round-robin.ts';
import { type ArenaGameOptions, playArenaGame } from './play-game.ts';
import { ProgramPlayers } from './program-player.ts';

export interface GameTask {
  readonly game: TournamentGame;
  readonly options: ArenaGameOptions;
}

const programs = new ProgramPlayers();

export default function playTask(task: GameTask): Promise<TournamentGameResult> {
  return playArenaGame(task.game, task.options, new Map(), programs);
}

export function teardown(): Promise<void> {
  return programs.close();
}
