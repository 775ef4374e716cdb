/**
 * Your own bots in a tournament, from TypeScript: a `Bot` object and an async one (a model that answers
 * later, e.g. served on another thread or machine) play the built-in bots. Games between named bots run on
 * the worker threads; the games your objects play run on this thread (a function cannot cross to a worker).
 * Run: npx tsx examples/your-bot-tournament.ts
 */
import { type AsyncBot, type Bot, heuristicBot } from 'pirates-stratego/ai';
import { runArenaTournament } from 'pirates-stratego/arena';

/** Raids an empty deck when it can, else does what the heuristic would. */
export const raider: Bot = {
  name: 'raider',
  decide({ view, history, random }) {
    const raid = view.legalActions.find((action) => action.type === 'raid');
    return raid ?? heuristicBot.decide({ view, history, random });
  },
};

/** Answers a moment later, as a model behind an await would: a promise of one of the legal actions. */
export const later: AsyncBot = {
  name: 'later',
  async decide({ view, random }) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const action = view.legalActions[random.int(view.legalActions.length)];
    if (action === undefined) throw new Error('later was asked with no legal action.');
    return action;
  },
};

export function yourBotsTournament(games: number, workers?: number) {
  return runArenaTournament({
    bots: ['random', 'easy', raider, later],
    games,
    seed: 'your-bots',
    shots: 'quick',
    turnLimit: 150,
    ...(workers === undefined ? {} : { workers }),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await yourBotsTournament(4);
  for (const bot of report.bots) console.log(`${bot.name.padEnd(8)} Elo ${bot.elo.toFixed(0)}`);
}
