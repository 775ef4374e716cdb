/**
 * Tournaments on every core, with external bots: src/ai's round robin, its games played by a pool of
 * worker threads (tinypool) or on this thread. Each game is played from its description alone and the
 * report takes the results in list order, so the same seed gives the same scores and ratings whatever
 * the number of workers (only the milliseconds differ).
 */
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import {
  type TournamentGame,
  type TournamentGameResult,
  type TournamentOptions,
  type TournamentReport,
  tournamentGames,
  tournamentReport,
} from '../ai/round-robin.ts';
import { refusedName } from './contestants.ts';
import { entryFile } from './entry-file.ts';
import type { GameTask } from './game-worker.ts';
import { playArenaGame } from './play-game.ts';

export interface ArenaTournamentOptions extends TournamentOptions {
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  /** Milliseconds an external bot has for each decision (default 5000). */
  readonly deadlineMs?: number;
  /** Where external bots' commands run (default: this process's directory). */
  readonly cwd?: string;
  /** Called when a bot loses a game by failing (crash, time, illegal answer), as soon as it is known. */
  readonly onForfeit?: (game: TournamentGame, seat: 'red' | 'blue', message: string) => void;
}

export const DEFAULT_DEADLINE_MS = 5000;

export function defaultWorkers(): number {
  return availableParallelism();
}

export async function runArenaTournament(options: ArenaTournamentOptions): Promise<TournamentReport> {
  for (const name of options.bots) {
    const refused = refusedName(name);
    if (refused !== null) throw new Error(refused);
  }
  const games = tournamentGames(options);
  const gameOptions = {
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  };
  const workers = Math.max(1, Math.min(options.workers ?? defaultWorkers(), games.length));
  let done = 0;
  const finished = (game: TournamentGame, result: TournamentGameResult) => {
    done++;
    if (result.forfeit !== undefined) options.onForfeit?.(game, result.forfeit.seat, result.forfeit.message);
    options.onGame?.(done, games.length);
    return result;
  };
  let results: TournamentGameResult[];
  if (workers === 1) {
    results = [];
    for (const game of games) results.push(finished(game, await playArenaGame(game, gameOptions)));
  } else {
    const pool = new Tinypool({
      filename: entryFile('game-worker', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      isolateWorkers: false,
    });
    try {
      results = await Promise.all(
        games.map(async (game) => {
          const task: GameTask = { game, options: gameOptions };
          return finished(game, (await pool.run(task)) as TournamentGameResult);
        }),
      );
    } finally {
      await pool.destroy();
    }
  }
  return tournamentReport(options, games, results);
}
