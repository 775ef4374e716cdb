/**
 * Bot protocol 1 against protocol 2, side by side in one process (issue 49.6): the same Python bot
 * (examples/bot.py in protocol 1, examples/bot2.py in protocol 2: the same choices; and bot2.py --index,
 * with integer actions, whose random choices differ) plays GAMES games
 * against heuristic on one thread, as `pirates tournament --workers 1` plays them, ROUNDS times,
 * alternately, the very same games (the program's name, from which its seed comes, is the same: the
 * command picks the file from an environment variable). For each run: the program's milliseconds a decision as the host times them (from writing
 * the line to reading the answer: building and writing the line, the pipe, the program's start-up where
 * it has one, its reading and choosing, the answer), their median over the games, the run's wall time a
 * program decision, and the process starts (the command notes each start in a file). Then the medians
 * over the rounds.
 *   npx tsx scripts/bot-protocols-side-by-side.ts [GAMES] [ROUNDS]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tournamentGames } from '../src/ai/round-robin.ts';
import { playArenaGame } from '../src/arena/play-game.ts';
import { ProgramPlayers } from '../src/arena/program-player.ts';

const games = Number(process.argv[2] ?? 40);
const rounds = Number(process.argv[3] ?? 5);
const root = new URL('../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pirates-protocols-'));

interface Run {
  /** All the program's milliseconds over all its decisions (start-ups included). */
  readonly msPerDecision: number;
  /** The median over the games of a game's milliseconds a decision. */
  readonly gameMedianMs: number;
  readonly wallMsPerDecision: number;
  readonly decisions: number;
  readonly starts: number;
}

const PROTOCOLS = ['protocol 1', 'protocol 2', 'protocol 2, integers'] as const;
type Protocol = (typeof PROTOCOLS)[number];
const bots: Record<Protocol, string> = {
  'protocol 1': 'examples/bot.py',
  'protocol 2': 'examples/bot2.py',
  'protocol 2, integers': 'examples/bot2.py --index',
};
const runs: Record<Protocol, Run[]> = { 'protocol 1': [], 'protocol 2': [], 'protocol 2, integers': [] };
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function once(protocol: Protocol, round: number): Promise<Run> {
  const starts = join(work, 'starts');
  writeFileSync(starts, '');
  process.env.SIDE_BY_SIDE_BOT = bots[protocol];
  const name = `cmd:echo started >> ${starts}; exec python3 $SIDE_BY_SIDE_BOT`;
  const plan = tournamentGames({
    bots: ['heuristic', name],
    games,
    seed: `protocols-${round}`,
    shots: 'quick',
    turnLimit: 200,
  });
  const programs = new ProgramPlayers();
  let ms = 0;
  let decisions = 0;
  const perGame: number[] = [];
  const began = performance.now();
  try {
    for (const game of plan) {
      const result = await playArenaGame(game, { deadlineMs: 5000, cwd: root }, new Map(), programs);
      if (result.forfeit !== undefined) throw new Error(`${protocol}: ${result.forfeit.message}`);
      const seat = game.names.red === name ? 'red' : 'blue';
      ms += result.ms[seat];
      decisions += result.decisions[seat];
      perGame.push(result.ms[seat] / result.decisions[seat]);
    }
  } finally {
    await programs.close();
  }
  const wall = performance.now() - began;
  return {
    msPerDecision: ms / decisions,
    gameMedianMs: median(perGame),
    wallMsPerDecision: wall / decisions,
    decisions,
    starts: readFileSync(starts, 'utf8').trim().split('\n').length,
  };
}

const show = (run: Omit<Run, 'decisions'>) =>
  `${run.msPerDecision.toFixed(2).padStart(6)} ms a decision (${run.gameMedianMs.toFixed(2).padStart(5)} median of games), ${run.wallMsPerDecision.toFixed(2).padStart(6)} ms wall a decision, ${String(run.starts).padStart(3)} process starts`;

try {
  for (let round = 0; round < rounds; round++) {
    for (const protocol of PROTOCOLS) {
      const run = await once(protocol, round);
      runs[protocol].push(run);
      console.log(`${protocol.padEnd(20)}  ${show(run)} (${run.decisions} decisions)`);
    }
  }
  console.log(`\nmedians of ${rounds} rounds of ${games} games (python3 bot vs heuristic, one thread):`);
  for (const protocol of PROTOCOLS) {
    const r = runs[protocol];
    const pick = (key: keyof Run) => median(r.map((x) => x[key]));
    console.log(
      `${protocol.padEnd(20)}  ${show({ msPerDecision: pick('msPerDecision'), gameMedianMs: pick('gameMedianMs'), wallMsPerDecision: pick('wallMsPerDecision'), starts: pick('starts') })}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
