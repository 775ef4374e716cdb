/**
 * Fitting on every core: the games of `pirates fit-evaluation` and `pirates fit-setup` played by a pool of
 * worker threads (tinypool), each from its number alone, and the fit made from their results in game order,
 * so the same seed gives the same fit whatever the number of workers.
 */
import { Tinypool } from 'tinypool';
import type { Bot } from '../ai/bot.ts';
import { type Fit, fitFromGames, fitGameSamples, type Sample } from '../ai/fit-evaluation.ts';
import { fitSetup, type SetupFit, type SetupGame, setupGame } from '../ai/fit-setup.ts';
import { createBot } from '../ai/index.ts';
import { entryFile } from './entry-file.ts';
import { defaultWorkers } from './tournament.ts';

/** One game of a fit, as a worker gets it: plain data (the player by name). */
export type FitTask = EvaluationTask | SetupTask;

/** A game of `pirates fit-evaluation`: its sampled positions. */
export interface EvaluationTask {
  readonly fit?: 'evaluation';
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

/** A game of `pirates fit-setup`: the two decks and who won. */
export interface SetupTask {
  readonly fit: 'setup';
  readonly seed: string;
  readonly players: string;
  readonly game: number;
}

/** What a worker runs: the task's game, by the fit it is for. */
export function runFitTask(task: FitTask): Sample[] | SetupGame {
  return task.fit === 'setup' ? setupTaskGame(task) : fitTaskSamples(task);
}

function playersNamed(name: string): () => Bot {
  const made = createBot(name);
  if (!made.ok) throw new Error(made.error.message);
  // Made fresh per game and seat (beliefs are per game).
  return () => (createBot(name) as { ok: true; value: Bot }).value;
}

export function setupTaskGame(task: SetupTask): SetupGame {
  return setupGame(task.seed, task.game, playersNamed(task.players));
}

/** The samples of one game of the fit (what a worker runs). */
export function fitTaskSamples(task: EvaluationTask): Sample[] {
  // 'heuristic' plays its own fast path; any other player is made fresh per game and seat.
  const players = task.players === 'heuristic' ? undefined : playersNamed(task.players);
  return fitGameSamples(
    { games: 0, seed: task.seed, explore: task.explore, ...(players ? { players } : {}) },
    task.game,
  );
}

export async function fitOnCores(options: ArenaFitOptions): Promise<Fit> {
  const tasks: EvaluationTask[] = Array.from({ length: options.games }, (_, game) => ({
    seed: options.seed,
    explore: options.explore ?? 0.2,
    players: options.players ?? 'heuristic',
    game,
  }));
  return fitFromGames(await onCores(tasks, fitTaskSamples, options));
}

export interface ArenaSetupFitOptions {
  readonly games: number;
  readonly seed: string;
  /** Who plays the games after setup (a `pirates tournament` bot name). */
  readonly players: string;
  /** Worker threads (default: every core). 1 plays on this thread. */
  readonly workers?: number;
  readonly onGame?: (done: number, total: number) => void;
}

export async function fitSetupOnCores(options: ArenaSetupFitOptions): Promise<SetupFit> {
  const tasks: SetupTask[] = Array.from({ length: options.games }, (_, game) => ({
    fit: 'setup',
    seed: options.seed,
    players: options.players,
    game,
  }));
  return fitSetup(await onCores(tasks, setupTaskGame, options));
}

/** Each task's result in task order, played on this thread (one worker) or by the pool. */
async function onCores<T extends FitTask, R>(
  tasks: readonly T[],
  here: (task: T) => R,
  options: { readonly workers?: number; readonly onGame?: (done: number, total: number) => void },
): Promise<R[]> {
  const workers = Math.max(1, Math.min(options.workers ?? defaultWorkers(), tasks.length));
  let done = 0;
  const finished = (result: R) => {
    options.onGame?.(++done, tasks.length);
    return result;
  };
  if (workers === 1) return tasks.map((task) => finished(here(task)));
  const pool = new Tinypool({
    filename: entryFile('fit-worker', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    isolateWorkers: false,
  });
  try {
    return await Promise.all(tasks.map(async (task) => finished((await pool.run(task)) as R)));
  } finally {
    await pool.destroy();
  }
}
