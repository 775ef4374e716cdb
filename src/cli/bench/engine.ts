/**
 * Engine benchmark: complete random games (quick shots) per second on one core, public API next to the
 * bots' fast path, measured alternately in one run so machine noise hits both alike. Time is this process's
 * CPU time, not the wall clock, so other work on a shared machine inflates it less. The fast path is
 * measured as the bots use it, chance from their own fast generator (`fastCopyWithChance`), and once with
 * the game's own keyed chance (`fastCopy`: a ChaCha20 block per draw), which replays and tests use.
 */
import type * as Engine from '../../engine/index.ts';
import type { GameState } from '../../engine/index.ts';
import { loadEngine } from './selfplay.ts';
import { type BenchSuite, cpuMilliseconds, median, medianRate } from './suite.ts';

/**
 * What this benchmark needs of an engine (`--engine` measures another checkout's, in its own process, so
 * two versions are compared by the same code): names every version since the fast path has had.
 */
type BenchedEngine = Pick<
  typeof Engine,
  | 'applyAction'
  | 'createGame'
  | 'fastCopy'
  | 'fastCopyWithChance'
  | 'fastRandomPlayout'
  | 'legalActions'
  | 'randomFromSeed'
  | 'toAct'
>;

/** A game after both setups, so both paths measure play only. */
function startedGame(engine: BenchedEngine, seed: string): GameState {
  const { applyAction, createGame, legalActions, randomFromSeed } = engine;
  let state = createGame({ seed, shots: 'quick', turnLimit: 1000 });
  const random = randomFromSeed(`setup-${seed}`);
  for (const seat of ['red', 'blue'] as const) {
    const choices = legalActions(state, seat);
    const result = applyAction(state, seat, choices[random.int(choices.length)]);
    if (result.ok) state = result.state;
  }
  return state;
}

function publicGames(
  engine: BenchedEngine,
  starts: readonly GameState[],
): { count: number; ms: number; actions: number } {
  const { applyAction, legalActions, randomFromSeed, toAct } = engine;
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

function fastGames(
  engine: BenchedEngine,
  starts: readonly GameState[],
  chance: 'bot' | 'game',
): { count: number; ms: number } {
  const { fastCopy, fastCopyWithChance, fastRandomPlayout, randomFromSeed } = engine;
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
  async run({ scale, rounds, engine: enginePath }) {
    const engine: BenchedEngine = await loadEngine(enginePath);
    const publicStarts = Array.from({ length: Math.max(20, Math.round(400 * scale)) }, (_, i) =>
      startedGame(engine, `p${i}`),
    );
    const fastStarts = Array.from({ length: Math.max(200, Math.round(20_000 * scale)) }, (_, i) =>
      startedGame(engine, `f${i}`),
    );
    // Warm both paths before measuring.
    publicGames(engine, publicStarts.slice(0, 20));
    fastGames(engine, fastStarts.slice(0, 200), 'bot');
    fastGames(engine, fastStarts.slice(0, 200), 'game');
    const publicRuns: number[] = [];
    const fastRuns: number[] = [];
    const keyedRuns: number[] = [];
    let actionsPerGame = 0;
    for (let r = 0; r < rounds; r++) {
      publicRuns.push(
        medianRate(1, () => {
          const run = publicGames(engine, publicStarts);
          actionsPerGame = run.actions / run.count;
          return run;
        }),
      );
      fastRuns.push(medianRate(1, () => fastGames(engine, fastStarts, 'bot')));
      keyedRuns.push(medianRate(1, () => fastGames(engine, fastStarts, 'game')));
    }
    const publicRate = median(publicRuns);
    const fastRate = median(fastRuns);
    const keyedRate = median(keyedRuns);
    return {
      suite: 'engine',
      lines: [
        `random games, quick shots, one core, CPU time (median of ${rounds} rounds, ${actionsPerGame.toFixed(0)} actions a game)${enginePath === undefined ? '' : `, engine ${enginePath}`}:`,
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
