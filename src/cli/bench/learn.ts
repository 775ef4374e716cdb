/**
 * The learning API's speed (issue 49 item 5): a `VectorEnv` of 256 games stepped with random legal actions,
 * observations and masks written every step, in game-steps a second, on one core and then on every core
 * (one process a core, the same work each, started together; their rates summed). Beside it, self-play from
 * the first deal as the `selfplay` suite measures it and as the env plays it, in games a second.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { randomFromSeed } from '../../engine/index.ts';
import { NUM_DISTINCT_ACTIONS, VectorEnv } from '../../learn/index.ts';
import { type BenchSuite, cpuMilliseconds, median } from './suite.ts';

/** Set in the processes this suite starts for the every-core figure: they measure one core and print JSON. */
const CHILD = 'PIRATES_BENCH_LEARN_CHILD';

const GAMES = 256;

/** Steps `steps` batches of random legal actions; returns game-steps and games finished in the CPU time the steps took. */
export function stepRandomly(steps: number, seed: string): { gameSteps: number; games: number; ms: number } {
  const env = new VectorEnv({ games: GAMES, seed, shots: 'quick' });
  const random = randomFromSeed(`bench-learn-${seed}`);
  const actions = new Int32Array(GAMES);
  let result = env.reset();
  let finished = 0;
  // Only the env's own work is timed (the step), not this loop's choice of a random legal action.
  let ms = 0;
  for (let s = 0; s < steps; s++) {
    const { masks, done } = result;
    for (let g = 0; g < GAMES; g++) {
      if (done[g] === 1) {
        finished++;
        actions[g] = 0;
        continue;
      }
      // A random legal index: count the ones, draw one (the mask is the only thing a learner gets).
      const base = g * NUM_DISTINCT_ACTIONS;
      let count = 0;
      for (let i = 0; i < NUM_DISTINCT_ACTIONS; i++) count += masks[base + i] ?? 0;
      let pick = random.int(count);
      let chosen = 0;
      for (let i = 0; i < NUM_DISTINCT_ACTIONS; i++) {
        if (masks[base + i] === 1 && pick-- === 0) {
          chosen = i;
          break;
        }
      }
      actions[g] = chosen;
    }
    const began = cpuMilliseconds();
    result = env.step(actions);
    ms += cpuMilliseconds() - began;
  }
  return { gameSteps: steps * GAMES, games: finished, ms };
}

interface OneCore {
  readonly stepsPerSecond: number;
  readonly gamesPerSecond: number;
}

function oneCore(scale: number, rounds: number, tag: string): OneCore {
  const steps = Math.max(50, Math.round(2000 * scale));
  stepRandomly(Math.max(20, Math.round(steps / 4)), `warm-${tag}`);
  const stepRates: number[] = [];
  const gameRates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const { gameSteps, games, ms } = stepRandomly(steps, `${tag}-${r}`);
    stepRates.push((gameSteps / ms) * 1000);
    gameRates.push((games / ms) * 1000);
  }
  return { stepsPerSecond: median(stepRates), gamesPerSecond: median(gameRates) };
}

/** The same measurement in `cores` processes at once; each prints its one-core figures as JSON. */
async function everyCore(cores: number, scale: number, rounds: number): Promise<number> {
  const bin = fileURLToPath(new URL('../../../bin/pirates.js', import.meta.url));
  const runs = Array.from(
    { length: cores },
    (_, i) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [bin, 'bench', '--suite', 'learn', '--json', '--scale', String(scale), '--rounds', String(rounds)],
          { env: { ...process.env, [CHILD]: String(i) }, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on('error', reject);
        child.on('close', (code) => {
          if (code !== 0) return reject(new Error(`bench learn child ${i} exited ${code}`));
          const figures = JSON.parse(out) as { learn: { vectorEnvStepsPerSecond: number } };
          resolve(figures.learn.vectorEnvStepsPerSecond);
        });
      }),
  );
  const rates = await Promise.all(runs);
  return rates.reduce((sum, rate) => sum + rate, 0);
}

export const learnSuite: BenchSuite = {
  name: 'learn',
  async run({ scale, rounds }) {
    const child = process.env[CHILD];
    const one = oneCore(scale, rounds, child === undefined ? 'one' : `child-${child}`);
    const figures: Record<string, number> = {
      vectorEnvStepsPerSecond: one.stepsPerSecond,
      vectorEnvGamesPerSecond: one.gamesPerSecond,
    };
    if (child !== undefined) return { suite: 'learn', lines: [], figures };
    const cores = availableParallelism();
    const all = await everyCore(cores, scale, rounds);
    figures.vectorEnvStepsPerSecondAllCores = all;
    return {
      suite: 'learn',
      lines: [
        `VectorEnv of ${GAMES} games, quick shots, random legal actions, observations and masks every step, CPU time (median of ${rounds} rounds):`,
        `  one core          ${one.stepsPerSecond.toFixed(0).padStart(9)} game-steps/s  ${one.gamesPerSecond.toFixed(0).padStart(7)} games/s from the first deal`,
        `  ${String(cores).padStart(2)} cores at once  ${all.toFixed(0).padStart(9)} game-steps/s  (${(all / one.stepsPerSecond).toFixed(2)}x one core; each process's own CPU time)`,
      ],
      figures,
    };
  },
};
