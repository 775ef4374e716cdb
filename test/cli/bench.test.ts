/**
 * `pirates bench --suite selfplay`, small: it reports both self-play rates, measures another checkout's engine
 * given with `--engine` (here this checkout's, named by its folder), and refuses an engine that is not there.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchCommand } from '../../src/cli/bench.ts';
import { capture } from './capture.ts';

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
const SMALL = ['--suite', 'selfplay', '--scale', '0.02', '--rounds', '1', '--json'];

describe('pirates bench --suite selfplay', () => {
  it('plays games from createGame with the keyed chance and a bot chance, for this engine or another', async () => {
    for (const extra of [[], ['--engine', CHECKOUT]]) {
      const { code, out } = await capture(() => benchCommand.run([...SMALL, ...extra]));
      expect(code).toBe(0);
      const figures = JSON.parse(out).selfplay;
      expect(figures.selfPlayKeyedGamesPerSecond).toBeGreaterThan(0);
      expect(figures.selfPlayBotGamesPerSecond).toBeGreaterThan(0);
    }
  });

  it('refuses an --engine that names no engine, with a sentence and exit code 2', async () => {
    const { code, err } = await capture(() => benchCommand.run([...SMALL, '--engine', '/nowhere/at/all']));
    expect(code).toBe(2);
    expect(err).toContain('no engine at /nowhere/at/all/src/engine/index.ts');
  });
});
