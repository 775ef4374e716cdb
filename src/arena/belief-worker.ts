/** A worker thread of the belief's training pool (train-belief.ts): plays the game it is handed and hands back its samples. */
import type { BeliefSample } from '../ai/belief-training.ts';
import { type BeliefTask, beliefTaskSamples } from './train-belief.ts';

export default function playBeliefTask(task: BeliefTask): BeliefSample[] {
  return beliefTaskSamples(task);
}
