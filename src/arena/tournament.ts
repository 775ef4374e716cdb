/**
 * Tournaments on every core, with external bots: src/ai's round robin, its games played by a pool of
 * worker threads (tinypool) or on this thread. Each game is played from its description alone and the
 * report takes the results in list order, so the same seed gives the same scores and ratings whatever
 * the number of workers (only the milliseconds differ). A bot given as an object (a `Bot`, or an `AsyncBot`
 * whose answers are promises) cannot be sent to a worker: the games it plays are played on this thread,
 * one at a time, while the pool plays the others. A program that speaks bot protocol 2 is started once per
 * thread that plays its games (each worker, and this thread) and plays them all; a protocol-1 program is
 * started for each game.
 */
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import type { AsyncBot } from '../ai/bot.ts';
import {
  botObjects,
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
import { ProgramPlayers } from './program-player.ts';

export interface ArenaTournamentOptions extends Omit<TournamentOptions, 'bots'> {
  /**
   * Bot names (createBot's, 'oracle:N', 'cmd:COMMAND' for an external program) or your own bots as objects,
   * `Bot` or `AsyncBot` (decide may return a promise), each under its `name` (every name once).
   */
  readonly bots: readonly (string | AsyncBot)[];
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  /** Milliseconds an external bot has for each decision (default 5000). */
  readonly deadlineMs?: number;
  /** Where external bots' commands run (default: this process's directory). */
  readonly cwd?: string;
  /** Milliseconds an external bot has from its start to say it is ready (default STARTUP_MS, 30 s). */
  readonly startupMs?: number;
  /**
   * Called when a bot loses a game by failing (crash, time, illegal answer), as soon as it is known, with
   * the seat's decision it failed (1 is its setup).
   */
  readonly onForfeit?: (
    game: TournamentGame,
    seat: 'red' | 'blue',
    message: string,
    decision: number,
  ) => void;
}

export const DEFAULT_DEADLINE_MS = 5000;

export function defaultWorkers(): number {
  return availableParallelism();
}

export async function runArenaTournament(options: ArenaTournamentOptions): Promise<TournamentReport> {
  const objects = botObjects(options.bots);
  if (typeof objects === 'string') throw new Error(objects);
  for (const bot of options.bots) {
    const refused = typeof bot === 'string' ? refusedName(bot, options.models) : null;
    if (refused !== null) throw new Error(refused);
  }
  const games = tournamentGames(options);
  const here = (game: TournamentGame) => objects.has(game.names.red) || objects.has(game.names.blue);
  const gameOptions = {
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.startupMs === undefined ? {} : { startupMs: options.startupMs }),
    // A candidate model file goes with every game, to whichever thread plays it: a worker's bots read it
    // there (the bytes are copied to the worker with the task).
    ...(options.models === undefined ? {} : { models: options.models }),
  };
  const workers = Math.max(1, Math.min(options.workers ?? defaultWorkers(), games.length));
  let done = 0;
  const finished = (game: TournamentGame, result: TournamentGameResult) => {
    done++;
    if (result.forfeit !== undefined) {
      options.onForfeit?.(game, result.forfeit.seat, result.forfeit.message, result.forfeit.decision);
    }
    options.onGame?.(done, games.length);
    return result;
  };
  const programs = new ProgramPlayers();
  const playHere = async (list: readonly TournamentGame[]) => {
    const played: TournamentGameResult[] = [];
    try {
      for (const game of list) {
        played.push(finished(game, await playArenaGame(game, gameOptions, objects, programs)));
      }
    } finally {
      await programs.close();
    }
    return played;
  };
  let results: TournamentGameResult[];
  if (workers === 1 || games.every(here)) {
    results = await playHere(games);
  } else {
    const pool = new Tinypool({
      filename: entryFile('game-worker', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      isolateWorkers: false,
      // Each worker ends its programs (those that play many games) before the pool stops it.
      teardown: 'teardown',
    });
    try {
      const [pooled, onThisThread] = await Promise.all([
        Promise.all(
          games
            .filter((game) => !here(game))
            .map(async (game) => {
              const task: GameTask = { game, options: gameOptions };
              return finished(game, (await pool.run(task)) as TournamentGameResult);
            }),
        ),
        playHere(games.filter(here)),
      ]);
      results = [...pooled, ...onThisThread];
    } finally {
      await pool.destroy();
    }
  }
  return tournamentReport(options, games, results);
}
