/**
 * Tournaments on every core: the same seed gives the same scores and ratings whatever the number of worker
 * threads (only the milliseconds may differ), with an external bot among the players too.
 */
import { describe, expect, it } from 'vitest';
import type { TournamentReport } from '../../src/ai/round-robin.ts';
import { runTournament } from '../../src/ai/round-robin.ts';
import { runArenaTournament } from '../../src/arena/tournament.ts';
import { PATIENCE_MS } from '../patience.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Everything but the time figures, which depend on the machine. */
const results = (report: TournamentReport) => ({
  pairs: report.pairs,
  bots: report.bots.map(({ name, elo, eloLow, eloHigh, forfeits }) => ({
    name,
    elo,
    eloLow,
    eloHigh,
    forfeits,
  })),
});

describe('a tournament on several workers', () => {
  // No bot with a time cap (medium, hard, expert): a cap reached on a busy machine changes a decision.
  const options = {
    bots: ['random', 'heuristic', 'ismcts:20', 'cmd:node examples/bot.mjs'],
    games: 2,
    seed: 'workers',
    shots: 'quick',
    turnLimit: 100,
    deadlineMs: PATIENCE_MS,
    cwd: ROOT,
  } as const;

  it('gives the same scores and ratings on 1, 2 and 3 workers', async () => {
    const one = results(await runArenaTournament({ ...options, workers: 1 }));
    const two = results(await runArenaTournament({ ...options, workers: 2 }));
    const three = results(await runArenaTournament({ ...options, workers: 3 }));
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(one.pairs).toHaveLength(6);
  });

  it('plays the very games of the one-thread round robin of src/ai', async () => {
    const inProcess = { ...options, bots: ['random', 'heuristic', 'ismcts:20'] };
    expect(results(await runArenaTournament({ ...inProcess, workers: 2 }))).toEqual(
      results(runTournament(inProcess)),
    );
  });
});
