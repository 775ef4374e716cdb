/**
 * `pirates fit-setup`: what each kind is worth on deck at setup, from seeded games with uniformly drawn
 * decks (src/ai/fit-setup.ts), printed beside the deck weights the levels draw by. The AI layer does the
 * work; this file reads flags and prints.
 */
import { createBot } from '../ai/levels.ts';
import { DECK_WEIGHT } from '../ai/setup-choice.ts';
import { defaultWorkers, fitSetupOnCores } from '../arena/index.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { progressBar } from './progress.ts';

const USAGE = `Usage: pirates fit-setup [--games N] [--seed S] [--players BOT] [--workers N] [--json]

Plays N seeded games in which both seats put three pieces drawn uniformly on deck, then play on as BOT,
and prints for each kind the share of games won with it on deck against a deck without it (with a 95%
interval) and its fitted effect on the log odds of winning (± its 95% interval), beside the deck weights the levels draw their setups by
(DECK_WEIGHT in src/ai/setup-choice.ts; docs/ai.md, "What a deck is worth").
  --games N       games to play, up to 1,000,000 (default 2400, about 17 minutes on two cores with expert:1000)
  --seed S        seed (default 1); the same seed gives the same figures
  --players BOT   who plays after setup: a built-in bot, not oracle nor a cmd: program (default expert:1000)
  --workers N     worker threads that play the games (default: every core); the figures are the same
  --json          print one object { games, redWon, kinds: [{ kind, setups, won, low, high, effect, se }] }`;

export const fitSetupCommand: Command = {
  name: 'fit-setup',
  summary: 'Measure what each kind is worth on deck at setup, from seeded games',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'fit-setup',
      args,
      { games: 'string', seed: 'string', players: 'string', workers: 'string', json: 'boolean' },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const { values } = read;
    const games = read.whole('games', 2400, 1, 1_000_000);
    const name = read.text('players', 'expert:1000');
    const workers = read.whole('workers', defaultWorkers(), 1, 256);
    if (name.startsWith('cmd:')) {
      read.problems.push('--players: fit-setup plays built-in bots only, not programs (cmd:).');
    } else {
      const made = createBot(name);
      if (!made.ok) read.problems.push(`--players: ${made.error.message}`);
    }
    if (read.problems.length > 0) return read.refuse();
    const progress = progressBar({ json: values.json, unit: 'games' });
    const fit = await fitSetupOnCores({
      games,
      seed: String(values.seed ?? '1'),
      players: name,
      workers,
      onGame: (done, total) => {
        if (done % 10 === 0 || done === total) progress.tick(done, total);
      },
    });
    progress.end();
    if (values.json) {
      process.stdout.write(`${JSON.stringify(fit)}\n`);
      return 0;
    }
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const lines = [
      `${fit.games} games of ${name}, decks drawn uniformly; red won ${pct(fit.redWon)}`,
      '',
      `${'on deck'.padEnd(13)} ${'setups'.padStart(7)}   ${'won against a deck without it'.padEnd(29)} ${'effect (95%)'.padEnd(17)} weight now`,
    ];
    for (const k of fit.kinds) {
      const won = `${pct(k.won)} (${pct(k.low)}-${pct(k.high)})`;
      const effect = `${k.effect >= 0 ? '+' : ''}${k.effect.toFixed(3)} ± ${(1.96 * k.se).toFixed(3)}`;
      lines.push(
        `${k.kind.padEnd(13)} ${String(k.setups).padStart(7)}   ${won.padEnd(29)} ${effect.padEnd(17)} ${String(DECK_WEIGHT[k.kind]).padStart(6)}`,
      );
    }
    lines.push('');
    lines.push(
      "setups: a seat whose deck holds the kind and whose enemy's deck does not (a draw counts half).",
    );
    lines.push(
      'effect: the fitted change in the log odds of winning per piece of that kind on deck, against the mean kind.',
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
