/**
 * Self-play benchmark: games from `createGame` to their end on the fast path, as a simulation or a training
 * run plays them: each game's deal (kinds and cards, keyed as docs/fairness.md says) and then a random
 * playout. Measured twice, alternately: with the game's own keyed chance (`fastCopy`: a real game, the same
 * coins and shots a replay gives) and with a bot's own generator (`fastCopyWithChance`). `--engine` loads
 * the engine from another checkout, so two versions are compared in separate processes by the same code.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Engine from '../../engine/index.ts';
import { type BenchSuite, cpuMilliseconds, median } from './suite.ts';

/** What this benchmark needs of an engine: names every version since the fast path has had. */
type SelfPlayEngine = Pick<
  typeof Engine,
  'createGame' | 'fastCopy' | 'fastCopyWithChance' | 'fastRandomPlayout' | 'randomFromSeed'
>;

/** The engine's entry file of `--engine PATH`: a checkout's `src/engine/index.ts`, or the checkout's folder. */
export function engineFile(path: string): string {
  return resolve(path.endsWith('.ts') ? path : `${path.replace(/\/$/, '')}/src/engine/index.ts`);
}

/** The engine at `path` (see `engineFile`), or this checkout's. */
export async function loadEngine(path: string | undefined): Promise<typeof Engine> {
  if (path === undefined) return import('../../engine/index.ts');
  return (await import(pathToFileURL(engineFile(path)).href)) as typeof Engine;
}

function selfPlay(engine: SelfPlayEngine, games: number, tag: string, chance: 'game' | 'bot') {
  const random = engine.randomFromSeed(`self-play-${tag}`);
  const dice = engine.randomFromSeed(`dice-${tag}`);
  const began = cpuMilliseconds();
  for (let i = 0; i < games; i++) {
    const state = engine.createGame({ seed: `${tag}-${i}`, shots: 'quick', turnLimit: 1000 });
    const game = chance === 'game' ? engine.fastCopy(state) : engine.fastCopyWithChance(state, dice);
    engine.fastRandomPlayout(game, random);
  }
  return { count: games, ms: cpuMilliseconds() - began };
}

export const selfPlaySuite: BenchSuite = {
  name: 'selfplay',
  async run({ scale, rounds, engine: enginePath }) {
    const engine = await loadEngine(enginePath);
    const games = Math.max(200, Math.round(10_000 * scale));
    // Warm both before measuring (other seeds than the measured ones: no memo helps a measured game).
    selfPlay(engine, 1000, 'warm', 'game');
    selfPlay(engine, 1000, 'warm-bot', 'bot');
    const keyedRuns: number[] = [];
    const botRuns: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const keyed = selfPlay(engine, games, `r${r}`, 'game');
      keyedRuns.push((keyed.count / keyed.ms) * 1000);
      const bot = selfPlay(engine, games, `b${r}`, 'bot');
      botRuns.push((bot.count / bot.ms) * 1000);
    }
    const keyedRate = median(keyedRuns);
    const botRate = median(botRuns);
    return {
      suite: 'selfplay',
      lines: [
        `self-play from createGame, quick shots, one core, CPU time (median of ${rounds} rounds of ${games} games)${enginePath === undefined ? '' : `, engine ${enginePath}`}:`,
        `  the game's keyed chance  ${keyedRate.toFixed(0).padStart(9)} games/s  ${(1000_000 / keyedRate).toFixed(1).padStart(7)} µs a game`,
        `  a bot's own chance       ${botRate.toFixed(0).padStart(9)} games/s  ${(1000_000 / botRate).toFixed(1).padStart(7)} µs a game`,
      ],
      figures: { selfPlayKeyedGamesPerSecond: keyedRate, selfPlayBotGamesPerSecond: botRate },
    };
  },
};
