import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as beliefTraining from '../../src/ai/belief-training.ts';
import { loadBeliefNetwork } from '../../src/ai/network.ts';
import { loadValueNetwork } from '../../src/ai/value-network.ts';
import * as valueTraining from '../../src/ai/value-training.ts';
import { trainCommand } from '../../src/cli/train.ts';
import { capture } from './capture.ts';

// The trainers, counted: a refused --checkpoints must be refused before any game is played.
vi.mock('../../src/ai/belief-training.ts', async (original) => {
  const real = await original<typeof import('../../src/ai/belief-training.ts')>();
  return { ...real, trainBelief: vi.fn(real.trainBelief) };
});
vi.mock('../../src/ai/value-training.ts', async (original) => {
  const real = await original<typeof import('../../src/ai/value-training.ts')>();
  return { ...real, trainValue: vi.fn(real.trainValue) };
});

const TINY = {
  belief: ['belief', '--games', '4', '--epochs', '2', '--players', 'heuristic,random', '--hidden', '4'],
  value: ['value', '--games', '6', '--epochs', '2', '--hidden', '4'],
};
const SHARED = ['--held-out', '0.5', '--seed', 'checkpoints', '--json'];

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pirates-checkpoints-'));
  vi.mocked(beliefTraining.trainBelief).mockClear();
  vi.mocked(valueTraining.trainValue).mockClear();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function train(args: readonly string[]): Promise<{ code: number; err: string }> {
  const run = await capture(() => trainCommand.run([...args]));
  return { code: run.code, err: run.err };
}

describe('pirates train --checkpoints', () => {
  for (const what of ['belief', 'value'] as const) {
    it(`${what}: writes the model after each epoch, epoch 0 untrained and the last the final file`, async () => {
      const out = join(dir, 'model.json');
      const folder = join(dir, 'made', 'for', 'it');
      const run = await train([...TINY[what], ...SHARED, '--out', out, '--checkpoints', folder]);
      expect(run.code).toBe(0);
      expect(readdirSync(folder).sort()).toEqual(['epoch-0.json', 'epoch-1.json', 'epoch-2.json']);
      const text = (epoch: number) => readFileSync(join(folder, `epoch-${epoch}.json`), 'utf8');
      expect(text(2)).toBe(readFileSync(out, 'utf8'));
      for (const epoch of [0, 1]) {
        const file = JSON.parse(text(epoch)) as { training: { epochs: number; curve: { epoch: number }[] } };
        expect(file.training.epochs).toBe(epoch);
        expect(file.training.curve.map((c) => c.epoch)).toEqual([0, 1].slice(0, epoch + 1));
        const loaded = what === 'belief' ? loadBeliefNetwork(file) : loadValueNetwork(file);
        expect(loaded.ok).toBe(true);
      }
      expect(text(0)).not.toBe(text(1));
      // A checkpoint is the file a shorter run writes: epoch 1 is `--epochs 1`'s file, byte for byte.
      const short = join(dir, 'short.json');
      const args = [...TINY[what], ...SHARED, '--out', short];
      args[args.indexOf('--epochs') + 1] = '1';
      expect((await train(args)).code).toBe(0);
      expect(readFileSync(short, 'utf8')).toBe(text(1));
      // The count the refusals below rely on does see the trainer run.
      const trainer = what === 'belief' ? beliefTraining.trainBelief : valueTraining.trainValue;
      expect(trainer).toHaveBeenCalledTimes(2);
    });
  }

  it('refuses a folder that cannot be made, with a sentence, before any game is played', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder\n');
    for (const what of ['belief', 'value'] as const) {
      const out = join(dir, `${what}.json`);
      const run = await train([...TINY[what], '--out', out, '--checkpoints', join(blocker, 'epochs')]);
      expect(run.code).toBe(2);
      expect(run.err).toContain(
        `--checkpoints: cannot make or write in the folder '${join(blocker, 'epochs')}' (a file stands where a folder is needed).`,
      );
      expect(existsSync(out)).toBe(false);
    }
    expect(beliefTraining.trainBelief).not.toHaveBeenCalled();
    expect(valueTraining.trainValue).not.toHaveBeenCalled();
  });

  it('refuses a folder that already holds checkpoints, and an empty name', async () => {
    const folder = join(dir, 'old');
    mkdirSync(folder);
    writeFileSync(join(folder, 'epoch-0.json'), '{}\n');
    writeFileSync(join(folder, 'notes.txt'), 'kept\n');
    const held = await train([...TINY.value, '--checkpoints', folder]);
    expect(held.code).toBe(2);
    expect(held.err).toContain(
      `the folder '${folder}' already holds checkpoints (epoch-0.json) of another run`,
    );
    const empty = await train([...TINY.belief, '--checkpoints', '']);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('--checkpoints needs a folder');
    expect(beliefTraining.trainBelief).not.toHaveBeenCalled();
    expect(valueTraining.trainValue).not.toHaveBeenCalled();
  });
});
