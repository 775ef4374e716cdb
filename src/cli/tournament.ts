/**
 * `pirates tournament`: a seeded round robin between bots with Elo (Bradley-Terry) and 95% intervals, on
 * every core, with external bots that speak the bot protocol (docs/bots.md).
 * Quick shots by default, so the cannon's luck is equal and the table measures decisions (AI.md).
 * The tournament's chance comes from a key drawn when it starts, shown only when it ends: a bot that reads
 * this process's command line or environment finds nothing to foresee it with; `--key-file` replays it.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { TournamentReport } from '../ai/round-robin.ts';
import { externalCommand, refusedName } from '../arena/contestants.ts';
import { STARTUP_MS } from '../arena/external-bot.ts';
import { reportHtml } from '../arena/report-html.ts';
import { DEFAULT_DEADLINE_MS, defaultWorkers, runArenaTournament } from '../arena/tournament.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { candidateHeader, readCandidateFiles } from './model-flags.ts';
import { progressBar } from './progress.ts';

const USAGE = `Usage: pirates tournament --bots A,B,... [--games N] [--key-file FILE|-] [--seed S] [--shots quick|aimed]
                          [--turn-limit T] [--workers N] [--deadline-ms MS] [--startup-ms MS] [--html FILE] [--json]
                          [--value-model FILE] [--belief-model FILE]

Round robin: every pair plays N games (each seed twice, seats swapped), with separate random streams for
chance and for each bot. Prints the score of every pair with a 95% interval and each bot's Elo
(Bradley-Terry, bootstrap 95% interval; heuristic = 0 when it plays, else the first bot).
  --bots A,B,...   bot names: random, heuristic, easy, medium, hard, expert, ismcts:N, belief:N, imagine:N,
                   learned, learned:N (hard's search on the learned belief), expert-2026:N (the frozen expert),
                   expert-belief:N, expert-value:N (expert's search on the learned belief, on the learned
                   value), oracle:N (sees the true state: for measurement only), oracle-expert:N (the oracle
                   with expert's leaf score and no playout: its edge over expert:N is the pieces' truth alone),
                   and cmd:COMMAND, a program that plays by the bot protocol (docs/bots.md), e.g.
                   cmd:python3 mybot.py (no comma in COMMAND)
  --games N        games per pair (default 200)
  --key-file FILE  replay a tournament: read its key (printed at the end of a run) from FILE, or from stdin
                   with '-' (echo KEY | pirates tournament ... --key-file -). Without it a new key is drawn,
                   never written anywhere a bot can read it while the games are played
  --seed S         the key given on the command line, for tournaments between bots you trust: a cmd: bot
                   can read its parent's command line and foresee every coin and shot
  --shots MODE     quick (default) or aimed
  --turn-limit T   a game reaching T turns is a draw, half a point each (default 300)
  --workers N      games played at once, one worker thread each (default: every core, ${defaultWorkers()} here);
                   the scores and ratings are the same for any N
  --deadline-ms MS time an external bot has for each decision (default ${DEFAULT_DEADLINE_MS}); one that
                   crashes, runs out of time or answers an illegal action loses that game
  --startup-ms MS  time an external bot has from its start to say ready (default ${STARTUP_MS}; docs/bots.md)
  --html FILE      also write a report page: the Elo table and plot, and the score matrix as a heat map
  --value-model FILE
                   a candidate learned value (a file written by pirates train value) that expert-value plays
                   with in this tournament, in place of the shipped src/ai/models/value.json: read once,
                   refused unless it is a value model (its format is checked, not its hash), and named
                   with its SHA-256 at the top of the printout (and as models in the JSON, on the HTML page)
  --belief-model FILE
                   the same for the learned belief (pirates train belief): expert, learned and
                   expert-belief draw their worlds from it
  --json           print { key, bots: [{ name, elo, eloLow, eloHigh, msPerDecision, slowestMs, forfeits }],
                   pairs: [{ a, b, games, aScore, low, high }] }, and models: { value: { file, sha256 },
                   belief: ... } when a candidate model is given`;

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
        'key-file': 'string',
        shots: 'string',
        'turn-limit': 'string',
        workers: 'string',
        'deadline-ms': 'string',
        'startup-ms': 'string',
        html: 'string',
        json: 'boolean',
        'value-model': 'string',
        'belief-model': 'string',
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
    const startupMs = read.whole('startup-ms', STARTUP_MS, 1);
    if (bots.length < 2) read.problems.push('--bots needs at least two names, comma-separated.');
    if (new Set(bots).size < bots.length) read.problems.push('--bots names a bot twice.');
    for (const name of bots) {
      const refused = refusedName(name);
      if (refused !== null) read.problems.push(refused);
    }
    if (read.values.seed !== undefined && read.values['key-file'] !== undefined) {
      read.problems.push('--seed and --key-file both give the key: give one.');
    }
    const candidates = await readCandidateFiles(
      {
        ...(read.values['value-model'] === undefined ? {} : { value: read.values['value-model'] }),
        ...(read.values['belief-model'] === undefined ? {} : { belief: read.values['belief-model'] }),
      },
      bots,
    );
    if (!candidates.ok) read.problems.push(...candidates.problems);
    if (read.problems.length > 0 || !candidates.ok) return read.refuse();
    const { models, named } = candidates.value;
    const key = await tournamentKey(read.values.seed, read.values['key-file']);
    if (!key.ok) {
      process.stderr.write(`pirates tournament: ${key.message}\n`);
      return 2;
    }
    if (read.values.seed !== undefined && bots.some((name) => externalCommand(name) !== null)) {
      process.stderr.write(
        'pirates tournament: warning: --seed is on the command line, where a cmd: bot can read it and foresee every coin and shot; leave it out (a key is drawn) or replay with --key-file.\n',
      );
    }
    // Before any game: whoever reads the printout, even of a run cut short, knows which model played.
    if (!read.values.json) process.stdout.write(candidateHeader(named));
    const progress = progressBar({ json: read.values.json, unit: 'games' });
    let report: TournamentReport;
    try {
      report = await runArenaTournament({
        bots,
        games,
        seed: key.key,
        shots,
        turnLimit,
        workers,
        deadlineMs,
        startupMs,
        models,
        onGame: (done, total) => progress.tick(done, total),
        // The game's seed is not said: it holds the key, which nobody may know before the last game ends.
        onForfeit: (game, seat, message, decision) =>
          progress.note(
            `pirates tournament: ${game.names[seat]} (${seat}, game ${game.index + 1}) loses the game on its decision ${decision}${decision === 1 ? ' (its setup)' : ''}: ${message}`,
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
          reportHtml(jsonOf(report), { seed: key.key, games, models: named }),
        );
      } catch (error) {
        process.stderr.write(
          `pirates tournament: could not write ${read.values.html}: ${(error as Error).message}\n`,
        );
        return 1;
      }
    }
    process.stdout.write(
      read.values.json
        ? `${JSON.stringify({ key: key.key, ...(Object.keys(named).length > 0 ? { models: named } : {}), ...jsonOf(report) })}\n`
        : `${table(report)}\nkey ${key.key} (replay: echo ${key.key} | pirates tournament ... --key-file -)\n`,
    );
    return 0;
  },
};

/**
 * The tournament's key, from which all its chance comes: read from a file or stdin for a replay, the
 * `--seed` given, or 128 random bits drawn now. It is never put in a bot's command line or environment.
 */
async function tournamentKey(
  seed: string | undefined,
  keyFile: string | undefined,
): Promise<{ ok: true; key: string } | { ok: false; message: string }> {
  if (seed !== undefined) return { ok: true, key: seed };
  if (keyFile === undefined) return { ok: true, key: randomBytes(16).toString('hex') };
  let text: string;
  try {
    text = keyFile === '-' ? await readStdin() : await readFile(keyFile, 'utf8');
  } catch (error) {
    return { ok: false, message: `could not read the key from ${keyFile}: ${(error as Error).message}` };
  }
  const key = text.trim();
  if (key === '' || key.includes('\n') || key.length > 256) {
    return {
      ok: false,
      message: `${keyFile === '-' ? 'stdin' : keyFile} should hold one key (the one a tournament printed), on one line.`,
    };
  }
  return { ok: true, key };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

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
