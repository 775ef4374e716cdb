import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trainCommand } from '../../src/cli/train.ts';
import { capture } from './capture.ts';

const ROOT = join(import.meta.dirname, '..', '..');

// Small enough for a busy machine: a few short games of cheap players, a tiny network.
const TINY = [
  'belief',
  '--games',
  '6',
  '--epochs',
  '1',
  '--players',
  'heuristic,belief:10',
  '--hidden',
  '4',
  '--held-out',
  '0.5',
  '--seed',
  'workers',
  '--json',
];

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pirates-train-workers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('pirates train belief --workers', () => {
  it('writes the same file, byte for byte, on one thread and on pools of two and three workers', async () => {
    // Each run is its own process, as a person runs the command: the file of one run cannot depend on what an
    // earlier run in the same process left behind.
    const files: string[] = [];
    for (const workers of ['1', '2', '3']) {
      const out = join(dir, `workers-${workers}.json`);
      // A failing command rejects (its exit code), with what it printed.
      await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'bin/pirates.js'), 'train', ...TINY, '--workers', workers, '--out', out],
        { cwd: ROOT },
      );
      files.push(readFileSync(out, 'utf8'));
    }
    const [one, ...pools] = files;
    // The held-out games were measured with the particle belief too, so its figures crossed the threads.
    const file = JSON.parse(one ?? '{}') as { training: { heldOut: { games: number; particle: unknown } } };
    expect(file.training.heldOut.games).toBe(3);
    expect(file.training.heldOut.particle).not.toBeNull();
    for (const pool of pools) expect(pool).toBe(one);
  });

  it('refuses a number of workers that is not a whole number from 1, and --workers for the value, changing nothing', async () => {
    for (const [args, words] of [
      [['belief', '--workers', '0'], '--workers'],
      [['belief', '--workers', 'many'], '--workers'],
      [['value', '--workers', '2'], '--workers is for pirates train belief'],
    ] as const) {
      const out = join(dir, 'never.json');
      const run = await capture(() => trainCommand.run([...args, '--out', out]));
      expect(run.code).not.toBe(0);
      expect(run.err).toContain(words);
      expect(() => readFileSync(out)).toThrow();
    }
  });
});
