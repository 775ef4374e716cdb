/**
 * `pirates tournament`: a seeded round robin between bots with Elo (Bradley-Terry) and 95% intervals.
 * Quick shots by default, so the cannon's luck is equal and the table measures decisions (AI.md).
 */
import { contestant, runTournament, type TournamentReport } from '../ai/round-robin.ts';
import type { Command } from './command.ts';
import { parseFlags, refuse } from './flags.ts';

const USAGE = `Usage: pirates tournament --bots A,B,... [--games N] [--seed S] [--shots quick|aimed] [--turn-limit T] [--json]

Round robin: every pair plays N games (each seed twice, seats swapped), with separate random streams for
chance and for each bot. Prints the score of every pair with a 95% interval and each bot's Elo
(Bradley-Terry, bootstrap 95% interval; heuristic = 0 when it plays, else the first bot).
  --bots A,B,...   bot names: random, heuristic, easy, medium, hard, expert, ismcts:N, belief:N, imagine:N,
                   oracle:N (sees the true state: for measurement only)
  --games N        games per pair (default 200)
  --seed S         tournament seed (default 1)
  --shots MODE     quick (default) or aimed
  --turn-limit T   a game reaching T turns is a draw, half a point each (default 300)
  --json           print { bots: [{ name, elo, eloLow, eloHigh, msPerDecision }], pairs: [{ a, b, games, aScore, low, high }] }`;

export const tournamentCommand: Command = {
  name: 'tournament',
  summary: 'Bot tournaments: round robin, score per pair, Elo with intervals',
  usage: USAGE,
  async run(args) {
    const flags = parseFlags(args, {
      bots: 'string',
      games: 'string',
      seed: 'string',
      shots: 'string',
      'turn-limit': 'string',
      json: 'boolean',
    });
    if (!flags.ok) return refuse('tournament', flags.message, USAGE);
    const { values } = flags;
    const bots = String(values.bots ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b.length > 0);
    const games = Number(values.games ?? '200');
    const turnLimit = Number(values['turn-limit'] ?? '300');
    const shots = values.shots ?? 'quick';
    const problems: string[] = [];
    if (bots.length < 2) problems.push('--bots needs at least two names, comma-separated.');
    for (const name of bots) {
      const made = contestant(name);
      if (typeof made === 'string') problems.push(made);
    }
    if (!Number.isInteger(games) || games < 1) problems.push('--games must be a whole number above 0.');
    if (!Number.isInteger(turnLimit) || turnLimit < 1)
      problems.push('--turn-limit must be a whole number above 0.');
    if (shots !== 'quick' && shots !== 'aimed') problems.push("--shots must be 'quick' or 'aimed'.");
    if (problems.length > 0) {
      process.stderr.write(`pirates tournament: ${problems.join('\n')}\n`);
      return 2;
    }
    const began = Date.now();
    let report: TournamentReport;
    try {
      report = runTournament({
        bots,
        games,
        seed: String(values.seed ?? '1'),
        shots: shots === 'aimed' ? 'aimed' : 'quick',
        turnLimit,
        onGame: (done, total) => progress(done, total, began),
      });
    } catch (error) {
      process.stderr.write(`\npirates tournament: ${(error as Error).message}\n`);
      return 1;
    }
    process.stderr.write('\n');
    process.stdout.write(values.json ? `${JSON.stringify(jsonOf(report))}\n` : table(report));
    return 0;
  },
};

function progress(done: number, total: number, began: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = ((Date.now() - began) / 1000).toFixed(0);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games, ${seconds} s`,
  );
}

function jsonOf(report: TournamentReport) {
  return {
    bots: report.bots.map(({ name, elo, eloLow, eloHigh, msPerDecision }) => ({
      name,
      elo,
      eloLow,
      eloHigh,
      msPerDecision,
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
  lines.push(`${'bot'.padEnd(nameWidth)}     Elo   95% interval      ms/decision  slowest ms`);
  const sorted = [...report.bots].sort((x, y) => y.elo - x.elo);
  for (const b of sorted) {
    lines.push(
      `${b.name.padEnd(nameWidth)}  ${b.elo.toFixed(0).padStart(6)}   ${b.eloLow.toFixed(0).padStart(6)} .. ${b.eloHigh.toFixed(0).padEnd(6)}  ${b.msPerDecision.toFixed(2).padStart(11)}  ${b.slowestMs.toFixed(0).padStart(10)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
