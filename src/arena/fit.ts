/**
 * Fitting the evaluation on every core: `pirates fit-evaluation`'s games played by a pool of worker threads
 * (tinypool), each from its number alone, and the fit made from their samples in game order, so the same
 * seed gives the same weights whatever the number of workers.
 */
import { Tinypool } from 'tinypool';
import type { Bot } from '../ai/bot.ts';
import { type Fit, fitFromGames, fitGameSamples, type Sample } from '../ai/fit-evaluation.ts';
import { createBot } from '../ai/index.ts';
import { entryFile } from './entry-file.ts';
import { defaultWorkers } from './tournament.ts';

/** One game of a fit, as a worker gets it: plain data (the player by name). */
export interface FitTask {
  readonly seed: string;
  readonly explore: number;
  /** A `pirates tournament` bot name; 'heuristic' plays the heuristic's own fast path. */
  readonly players: string;
  readonly game: number;
}

export interface ArenaFitOptions {
  readonly games: number;
  readonly seed: string;
  readonly explore?: number;
  readonly players?: string;
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  readonly onGame?: (done: number, total: number) => void;
}

/** The samples of one game of the fit (what a worker runs). */
export function fitTaskSamples(task: FitTask): Sample[] {
  const made = task.players === 'heuristic' ? null : createBot(task.players);
  if (made !== null && !made.ok) throw new Error(made.error.message);
  // Any other player is made fresh per game and seat (beliefs are per game).
  const players =
    made === null ? undefined : () => (createBot(task.players) as { ok: true; value: Bot }).value;
  return fitGameSamples(
    { games: 0, seed: task.seed, explore: task.explore, ...(players ? { players } : {}) },
    task.game,
  );
}

export async function fitOnCores(options: ArenaFitOptions): Promise<Fit> {
  const tasks: FitTask[] = Array.from({ length: options.games }, (_, game) => ({
    seed: options.seed,
    explore: options.explore ?? 0.2,
    players: options.players ?? 'heuristic',
    game,
  }));
  const workers = Math.max(1, Math.min(options.workers ?? defaultWorkers(), tasks.length));
  let done = 0;
  const finished = (samples: Sample[]) => {
    options.onGame?.(++done, tasks.length);
    return samples;
  };
  if (workers === 1) return fitFromGames(tasks.map((task) => finished(fitTaskSamples(task))));
  const pool = new Tinypool({
    filename: entryFile('fit-worker', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    isolateWorkers: false,
  });
  try {
    const perGame = await Promise.all(
      tasks.map(async (task) => finished((await pool.run(task)) as Sample[])),
    );
    return fitFromGames(perGame);
  } finally {
    await pool.destroy();
  }
}
