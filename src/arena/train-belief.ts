/**
 * The learned belief's games on every core: `pirates train belief --workers N` plays its games in a pool of
 * worker threads (tinypool), each game from its number alone (`beliefGameSamples`), and hands them back in
 * game order, so the trained file is the same, byte for byte, whatever the number of workers.
 */
import { Tinypool } from 'tinypool';
import { type BeliefSample, type BeliefTrainingOptions, beliefGameSamples } from '../ai/belief-training.ts';
import type { Bot } from '../ai/bot.ts';
import { createBot } from '../ai/index.ts';
import { entryFile } from './entry-file.ts';

/** The options of the games, as a worker gets them: plain data (the players by name, made in the worker). */
export type BeliefGameOptions = Omit<BeliefTrainingOptions, 'makeBot'>;

/** One game of the training, as a worker gets it. */
export interface BeliefTask {
  readonly options: BeliefGameOptions;
  readonly game: number;
}

/** The bot called `name`, made fresh (beliefs are per game); a name `createBot` refuses throws its sentence. */
export function botNamed(name: string): Bot {
  const made = createBot(name);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** The samples of one game (what a worker runs). */
export function beliefTaskSamples(task: BeliefTask): BeliefSample[] {
  return beliefGameSamples({ ...task.options, makeBot: botNamed }, task.game);
}

/**
 * Every game's samples, by game number, played by `workers` threads. `onGame` after each game, in the order
 * they finish.
 */
export async function beliefGamesOnCores(
  options: BeliefGameOptions,
  workers: number,
  onGame?: (done: number, total: number) => void,
): Promise<BeliefSample[][]> {
  const tasks: BeliefTask[] = Array.from({ length: options.games }, (_, game) => ({ options, game }));
  const threads = Math.max(1, Math.min(workers, tasks.length));
  const pool = new Tinypool({
    filename: entryFile('belief-worker', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    isolateWorkers: false,
  });
  let done = 0;
  try {
    return await Promise.all(
      tasks.map(async (task) => {
        const samples = (await pool.run(task)) as BeliefSample[];
        onGame?.(++done, tasks.length);
        return samples;
      }),
    );
  } finally {
    await pool.destroy();
  }
}
