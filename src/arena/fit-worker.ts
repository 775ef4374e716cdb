/** A worker thread of the fitting pool (fit.ts): plays the game it is handed and hands back what the fit needs. */
import type { Sample } from '../ai/fit-evaluation.ts';
import type { SetupGame } from '../ai/fit-setup.ts';
import { type FitTask, runFitTask } from './fit.ts';

export default function playFitTask(task: FitTask): Sample[] | SetupGame {
  return runFitTask(task);
}
