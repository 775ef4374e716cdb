/**
 * `pirates fit-evaluation`: refits the weights of the search's evaluation (src/ai/evaluation.ts) from
 * seeded games and prints them with how well they predict held-out games, next to the weights in use.
 * The AI layer does the work; this file reads flags and prints.
 */
import { FEATURES, WEIGHTS } from '../ai/evaluation.ts';
import { createBot } from '../ai/levels.ts';
import { defaultWorkers, fitOnCores } from '../arena/index.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { progressBar } from './progress.ts';

const USAGE = `Usage: pirates fit-evaluation [--games N] [--seed S] [--players BOT] [--explore P] [--json]

Plays N seeded games between two players of one kind (the heuristic unless --players says otherwise) that
choose at random with chance P, keeps a quarter of the positions with who won in the end, fits a logistic
regression on the even games and judges it on the odd ones. Paste the weights into src/ai/evaluation.ts
to use them.
  --games N       games to play (default 6000, about half a minute here with the heuristic)
  --seed S        seed (default 1); the same seed gives the same weights
  --players BOT   who plays the games: any name \`pirates tournament\` takes but oracle (default heuristic)
  --explore P     chance of a random choice instead of the player's, 0 to 1 (default 0.2)
  --workers N     worker threads that play the games (default: every core); the weights are the same
  --json          print one object { weights, heldOut, current, trainingSamples }`;

export const fitEvaluationCommand: Command = {
  name: 'fit-evaluation',
  summary: "Refit the search's position evaluation from seeded games",
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'fit-evaluation',
      args,
      {
        games: 'string',
        seed: 'string',
        players: 'string',
        explore: 'string',
        workers: 'string',
        json: 'boolean',
      },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const { values } = read;
    const games = read.whole('games', 6000, 2);
    const explore = read.number('explore', 0.2, 0, 1);
    const name = read.text('players', 'heuristic');
    const workers = read.whole('workers', defaultWorkers(), 1, 256);
    const made = createBot(name);
    if (!made.ok) read.problems.push(made.error.message);
    if (read.problems.length > 0) return read.refuse();
    const progress = progressBar({ json: values.json, unit: 'games' });
    // The games on every core (arena/fit.ts); the same seed gives the same weights whatever the workers.
    const fit = await fitOnCores({
      games,
      explore,
      seed: String(values.seed ?? '1'),
      players: name,
      workers,
      onGame: (done, total) => {
        if (done % 100 === 0 || done === total) progress.tick(done, total);
      },
    });
    progress.end();
    if (values.json) {
      process.stdout.write(`${JSON.stringify(fit)}\n`);
      return 0;
    }
    const lines = [`feature         fitted    in use`];
    FEATURES.forEach((name, i) => {
      lines.push(
        `${name.padEnd(14)} ${(fit.weights[i] ?? 0).toFixed(4).padStart(8)}  ${(WEIGHTS[i] ?? 0).toFixed(4).padStart(8)}`,
      );
    });
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    lines.push('');
    lines.push(
      `trained on ${fit.trainingSamples} positions; judged on ${fit.heldOut.samples} held-out ones:`,
    );
    lines.push(
      `  fitted:  log loss ${fit.heldOut.logLoss.toFixed(4)}, winner foreseen ${pct(fit.heldOut.accuracy)}`,
    );
    lines.push(
      `  in use:  log loss ${fit.current.logLoss.toFixed(4)}, winner foreseen ${pct(fit.current.accuracy)}`,
    );
    lines.push(`  weights: [${fit.weights.map((w) => w.toFixed(4)).join(', ')}]`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
