/** The `random` bot: a uniformly random legal action. A floor for tests, useless as a rating anchor (AI.md). */
import type { Action } from '../engine/index.ts';
import type { Bot, DecisionInput } from './bot.ts';

export const randomBot: Bot = {
  name: 'random',
  decide({ view, random }: DecisionInput): Action {
    const choices = view.legalActions;
    const choice = choices[random.int(choices.length)];
    if (choice === undefined) throw new Error('randomBot: asked to decide with no legal action');
    return choice;
  },
};
