/**
 * Engine benchmark: complete random games (quick shots) per second on one core, public API next to the
 * bots' fast path, measured alternately in one run so machine noise hits both alike. Time is this process's
 * CPU time, not the wall clock, so other work on a shared machine inflates it less. The fast path is
 * measured as the bots use it, chance from their own fast generator (`fastCopyWithChance`), and once with
 * the game's own keyed chance (`fastCopy`: a ChaCha20 block per draw), which replays and tests use.
 */
import {
  applyAction,
  createGame,
  fastCopy,
  fastCopyWithChance,
  fastRandomPlayout,
  type GameState,
  legalActions,
  randomFromSeed,
  toAct,
} from '../../engine/index.ts';
import { type BenchSuite, cpuMilliseconds, median, medianRate } from './suite.ts';

/** A game after both setups, so both paths measure play only. */
function startedGame(seed: string): GameState {
  let state = createGame({ seed, shots: 'quick', turnLimit: 1000 });
  const random = randomFromSeed(`setup-${seed}`);
  for (const seat of ['red', 'blue'] as const) {
    const choices = legalActions(state, seat);
    const result = applyAction(state, seat, choices[random.int(choices.length)]);
    if (result.ok) state = result.state;
  }
  return state;
}

function publicGames(starts: readonly GameState[]): { count: number; ms: number; actions: number } {
  const random = randomFromSeed('public');
  let actions = 0;
  const began = cpuMilliseconds();
  for (const start of starts) {
    let state = start;
    while (state.outcome === null) {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const choices = legalActions(state, seat);
      const result = applyAction(state, seat, choices[random.int(choices.length)]);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      actions++;
    }
  }
  return { count: starts.length, ms: cpuMilliseconds() - began, actions };
}

function fastGames(starts: readonly GameState[], chance: 'bot' | 'game'): { count: number; ms: number } {
  const random = randomFromSeed('fast');
  const dice = randomFromSeed('dice');
  const began = cpuMilliseconds();
  for (const start of starts) {
    fastRandomPlayout(chance === 'bot' ? fastCopyWithChance(start, dice) : fastCopy(start), random);
  }
  return { count: starts.length, ms: cpuMilliseconds() - began };
}

export const engineSuite: BenchSuite = {
  name: 'engine',
  async run({ scale, rounds }) {
    const publicStarts = Array.from({ length: Math.max(20, Math.round(400 * scale)) }, (_, i) =>
      startedGame(`p${i}`),
    );
    const fastStarts = Array.from({ length: Math.max(200, Math.round(20_000 * scale)) }, (_, i) =>
      startedGame(`f${i}`),
    );
    // Warm both paths before measuring.
    publicGames(publicStarts.slice(0, 20));
    fastGames(fastStarts.slice(0, 200), 'bot');
    fastGames(fastStarts.slice(0, 200), 'game');
    const publicRuns: number[] = [];
    const fastRuns: number[] = [];
    const keyedRuns: number[] = [];
    let actionsPerGame = 0;
    for (let r = 0; r < rounds; r++) {
      publicRuns.push(
        medianRate(1, () => {
          const run = publicGames(publicStarts);
          actionsPerGame = run.actions / run.count;
          return run;
        }),
      );
      fastRuns.push(medianRate(1, () => fastGames(fastStarts, 'bot')));
      keyedRuns.push(medianRate(1, () => fastGames(fastStarts, 'game')));
    }
    const publicRate = median(publicRuns);
    const fastRate = median(fastRuns);
    const keyedRate = median(keyedRuns);
    return {
      suite: 'engine',
      lines: [
        `random games, quick shots, one core, CPU time (median of ${rounds} rounds, ${actionsPerGame.toFixed(0)} actions a game):`,
        `  public API  ${publicRate.toFixed(0).padStart(9)} games/s  ${(publicRate * actionsPerGame).toFixed(0).padStart(10)} actions/s`,
        `  fast path   ${fastRate.toFixed(0).padStart(9)} games/s  ${(fastRate * actionsPerGame).toFixed(0).padStart(10)} actions/s  (a bot's own chance)`,
        `  fast path   ${keyedRate.toFixed(0).padStart(9)} games/s  ${(keyedRate * actionsPerGame).toFixed(0).padStart(10)} actions/s  (the game's keyed chance)`,
        `  fast path / public API: ${(fastRate / publicRate).toFixed(1)}x`,
      ],
      figures: {
        publicGamesPerSecond: publicRate,
        fastGamesPerSecond: fastRate,
        fastKeyedGamesPerSecond: keyedRate,
        actionsPerGame,
        fastOverPublic: fastRate / publicRate,
      },
    };
  },
};
