/**
 * The Python client (python/pirates_learn.py, standard library only) against `pirates learn-server`: its own
 * unit tests, and both examples of docs/learn.md run as a user runs them.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

async function python(args: string[]): Promise<string> {
  const { stdout } = await run('python3', args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

describe('the Python client', () => {
  it('passes its own tests (python/test_pirates_learn.py)', async () => {
    await run('python3', ['-m', 'unittest', '-q', 'test_pirates_learn'], { cwd: `${root}python` });
  });

  it('examples/learn_random.py plays random games in a VectorEnv and explicit-chance games to their end', async () => {
    const out = await python(['examples/learn_random.py', '64']);
    const vector = /vector env: (\d+) games, red won (\d+), blue won (\d+), draws (\d+)/.exec(out);
    expect(vector).not.toBeNull();
    const [games, red, blue, draws] = (vector ?? []).slice(1).map(Number);
    expect(games).toBeGreaterThanOrEqual(64);
    expect((red ?? 0) + (blue ?? 0) + (draws ?? 0)).toBe(games);
    expect(out).toMatch(
      /chance game 1: \d+ chance nodes, \d+ decisions, resampled (yes|no), returns red [+-]\d blue [+-]\d/,
    );
    expect(out).toMatch(/chance game 2: /);
  });

  it('examples/learn_tabular.py learns a table of action kinds and reports its score before and after', async () => {
    const out = await python(['examples/learn_tabular.py', '96', '64']);
    const before = /before training: ([\d.]+) against random over 64 games/.exec(out);
    const after = /after 96 training games: ([\d.]+) against random over 64 games/.exec(out);
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    for (const score of [before?.[1], after?.[1]]) {
      expect(Number(score)).toBeGreaterThanOrEqual(0);
      expect(Number(score)).toBeLessThanOrEqual(1);
    }
  });
});
