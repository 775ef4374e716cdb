/**
 * `pirates tournament`: a seeded round robin between bots with Elo (Bradley-Terry) and 95% intervals, on
 * every core, with external bots that speak the bot protocol (docs/bots.md).
 * Quick shots by default, so the cannon's luck is equal and the table measures decisions (AI.md).
 */
import { writeFile } from 'node:fs/promises';
import type { TournamentReport } from '../ai/round-robin.ts';
import { refusedName } from '../arena/contestants.ts';
import { reportHtml } from '../arena/report-html.ts';
import { DEFAULT_DEADLINE_MS, defaultWorkers, runArenaTournament } from '../arena/tournament.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { progressBar } from './progress.ts';

const USAGE = `Usage: pirates tournament --bots A,B,... [--games N] [--seed S] [--shots quick|aimed] [--turn-limit T]
                          [--workers N] [--deadline-ms MS] [--html FILE] [--json]

Round robin: every pair plays N games (each seed twice, seats swapped), with separate random streams for
chance and for each bot. Prints the score of every pair with a 95% interval and each bot's Elo
(Bradley-Terry, bootstrap 95% interval; heuristic = 0 when it plays, else the first bot).
  --bots A,B,...   bot names: random, heuristic, easy, medium, hard, expert, ismcts:N, belief:N, imagine:N,
                   oracle:N (sees the true state: for measurement only), and cmd:COMMAND, a program that
                   plays by the bot protocol (docs/bots.md), e.g. cmd:python3 mybot.py (no comma in COMMAND)
  --games N        games per pair (default 200)
  --seed S         tournament seed (default 1)
  --shots MODE     quick (default) or aimed
  --turn-limit T   a game reaching T turns is a draw, half a point each (default 300)
  --workers N      games played at once, one worker thread each (default: every core, ${defaultWorkers()} here);
                   the scores and ratings are the same for any N
  --deadline-ms MS time an external bot has for each decision (default ${DEFAULT_DEADLINE_MS}); one that
                   crashes, runs out of time or answers an illegal action loses that game
  --html FILE      also write a report page: the Elo table and plot, and the score matrix as a heat map
  --json           print { bots: [{ name, elo, eloLow, eloHigh, msPerDecision, slowestMs, forfeits }],
                   pairs: [{ a, b, games, aScore, low, high }] }`;

export const tournamentCommand: Command = {
  name: 'tournament',
  summary: 'Bot tournaments: round robin on every core, external bots, Elo with intervals',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'tournament',
      args,
      {
        bots: 'string',
        games: 'string',
        seed: 'string',
        shots: 'string',
        'turn-limit': 'string',
        workers: 'string',
        'deadline-ms': 'string',
        html: 'string',
        json: 'boolean',
      },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const bots = read.list('bots');
    const games = read.whole('games', 200);
    const turnLimit = read.whole('turn-limit', 300);
    const shots = read.choice('shots', 'quick', ['quick', 'aimed']);
    const workers = read.whole('workers', defaultWorkers(), 1, 1024);
    const deadlineMs = read.whole('deadline-ms', DEFAULT_DEADLINE_MS, 1);
    if (bots.length < 2) read.problems.push('--bots needs at least two names, comma-separated.');
    if (new Set(bots).size < bots.length) read.problems.push('--bots names a bot twice.');
    for (const name of bots) {
      const refused = refusedName(name);
      if (refused !== null) read.problems.push(refused);
    }
    if (read.problems.length > 0) return read.refuse();
    const progress = progressBar({ json: read.values.json, unit: 'games' });
    let report: TournamentReport;
    try {
      report = await runArenaTournament({
        bots,
        games,
        seed: read.text('seed', '1'),
        shots,
        turnLimit,
        workers,
        deadlineMs,
        onGame: (done, total) => progress.tick(done, total),
        onForfeit: (game, seat, message) =>
          progress.note(
            `pirates tournament: ${game.names[seat]} (${seat}, game ${game.index + 1}, seed ${game.seed}) loses the game: ${message}`,
          ),
      });
    } catch (error) {
      progress.end();
      process.stderr.write(`pirates tournament: ${(error as Error).message}\n`);
      return 1;
    }
    progress.end();
    if (read.values.html !== undefined) {
      try {
        await writeFile(
          read.values.html,
          reportHtml(jsonOf(report), { seed: read.text('seed', '1'), games }),
        );
      } catch (error) {
        process.stderr.write(
          `pirates tournament: could not write ${read.values.html}: ${(error as Error).message}\n`,
        );
        return 1;
      }
    }
    process.stdout.write(read.values.json ? `${JSON.stringify(jsonOf(report))}\n` : table(report));
    return 0;
  },
};

export function jsonOf(report: TournamentReport): TournamentReport {
  return {
    bots: report.bots.map(({ name, elo, eloLow, eloHigh, msPerDecision, slowestMs, forfeits }) => ({
      name,
      elo,
      eloLow,
      eloHigh,
      msPerDecision,
      slowestMs,
      forfeits,
    })),
    pairs: report.pairs,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function table(report: TournamentReport): string {
  const nameWidth = Math.max(4, ...report.bots.map((b) => b.name.length));
  const lines: string[] = [];
  lines.push(`${'pair'.padEnd(nameWidth * 2 + 4)}  games  score of first   95% interval`);
  for (const p of report.pairs) {
    lines.push(
      `${`${p.a} vs ${p.b}`.padEnd(nameWidth * 2 + 4)}  ${String(p.games).padStart(5)}  ${pct(p.aScore).padStart(14)}   ${pct(p.low)} - ${pct(p.high)}`,
    );
  }
  lines.push('');
  const forfeits = report.bots.some((b) => b.forfeits > 0);
  lines.push(
    `${'bot'.padEnd(nameWidth)}     Elo   95% interval      ms/decision  slowest ms${forfeits ? '  forfeits' : ''}`,
  );
  const sorted = [...report.bots].sort((x, y) => y.elo - x.elo);
  for (const b of sorted) {
    lines.push(
      `${b.name.padEnd(nameWidth)}  ${b.elo.toFixed(0).padStart(6)}   ${b.eloLow.toFixed(0).padStart(6)} .. ${b.eloHigh.toFixed(0).padEnd(6)}  ${b.msPerDecision.toFixed(2).padStart(11)}  ${b.slowestMs.toFixed(0).padStart(10)}${forfeits ? String(b.forfeits).padStart(10) : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
