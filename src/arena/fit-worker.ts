/** A worker thread of the fitting pool (fit.ts): plays the game it is handed and hands back its samples. */
import type { Sample } from '../ai/fit-evaluation.ts';
import { type FitTask, fitTaskSamples } from './fit.ts';

export default function playFitTask(task: FitTask): Sample[] {
  return fitTaskSamples(task);
}
