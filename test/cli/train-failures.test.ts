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
import type { Bot } from '../../src/ai/bot.ts';
import * as arena from '../../src/arena/train-belief.ts';
import { trainCommand } from '../../src/cli/train.ts';
import { capture } from './capture.ts';

// A player that breaks in the middle of a game: a bug in a bot must end the run with a sentence naming the
// game, not a stack trace. Only the players made through botNamed break, and only when a test asks.
let breaking = false;
vi.mock('../../src/arena/train-belief.ts', async (original) => {
  const real = await original<typeof import('../../src/arena/train-belief.ts')>();
  return {
    ...real,
    botNamed: vi.fn((name: string): Bot => {
      const bot = real.botNamed(name);
      if (!breaking || name !== 'random') return bot;
      let decisions = 0;
      return {
        ...bot,
        decide: (input) => {
          if (++decisions > 3) throw new Error('the bot lost its map');
          return bot.decide(input);
        },
      };
    }),
  };
});

const TINY = {
  belief: ['belief', '--games', '4', '--epochs', '1', '--players', 'heuristic,random', '--hidden', '4'],
  value: ['value', '--games', '6', '--epochs', '1', '--players', 'heuristic,random', '--hidden', '4'],
};
const ONE_THREAD = { belief: ['--workers', '1'], value: [] };

// A disk that fills up while anything is written under `fullDisk` (a folder): half the bytes land, then the
// error Node gives.
let fullDisk = '';
const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  const writeFile = (async (path: unknown, data: unknown, ...rest: unknown[]) => {
    const write = real.writeFile as (...a: unknown[]) => Promise<void>;
    if (fullDisk !== '' && typeof path === 'string' && path.startsWith(fullDisk)) {
      await write(path, String(data).slice(0, 10));
      throw noSpace();
    }
    return write(path, data, ...rest);
  }) as typeof real.writeFile;
  return { ...real, default: { ...real, writeFile }, writeFile };
});
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const writeFileSync = ((path: unknown, data: unknown, ...rest: unknown[]) => {
    const write = real.writeFileSync as (...a: unknown[]) => void;
    if (fullDisk !== '' && typeof path === 'string' && path.startsWith(fullDisk)) {
      write(path, String(data).slice(0, 10));
      throw noSpace();
    }
    write(path, data, ...rest);
  }) as typeof real.writeFileSync;
  return { ...real, default: { ...real, writeFileSync }, writeFileSync };
});

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pirates-train-failures-'));
  breaking = false;
  fullDisk = '';
  vi.mocked(arena.botNamed).mockClear();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function train(args: readonly string[]) {
  return capture(() => trainCommand.run([...args, '--held-out', '0.5', '--seed', 'failures']));
}

describe('pirates train, when something goes wrong after the games begin', () => {
  for (const what of ['belief', 'value'] as const) {
    it(`${what}: an --out that cannot be written is refused before any game is played`, async () => {
      const blocker = join(dir, 'a-file');
      writeFileSync(blocker, 'not a folder\n');
      const under = join(blocker, 'model.json');
      const run = await train([...TINY[what], ...ONE_THREAD[what], '--out', under]);
      expect(run.code).toBe(2);
      expect(run.err).toContain(
        `--out: cannot write the model to '${under}' (a file stands where a folder is needed).`,
      );
      const folder = join(dir, 'a-folder');
      mkdirSync(folder);
      const onFolder = await train([...TINY[what], ...ONE_THREAD[what], '--out', folder]);
      expect(onFolder.code).toBe(2);
      expect(onFolder.err).toContain(
        `--out: cannot write the model to '${folder}' (a folder stands where the file should be).`,
      );
      const slash = await train([...TINY[what], ...ONE_THREAD[what], '--out', `${join(dir, 'new')}/`]);
      expect(slash.code).toBe(2);
      expect(slash.err).toContain(`--out: '${join(dir, 'new')}/' names a folder; name the model file`);
      expect(arena.botNamed).not.toHaveBeenCalled();
    });

    it(`${what}: a model the disk refuses at the end is one sentence and exit code 1, the old file whole`, async () => {
      // By default --out is the shipped model: a write that fails half-way must not leave it cut short.
      const out = join(dir, 'model.json');
      writeFileSync(out, 'the model that was there\n');
      fullDisk = out;
      const run = await train([...TINY[what], ...ONE_THREAD[what], '--out', out, '--json']);
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toBe(
        `pirates train: could not write the model to '${out}' (ENOSPC: no space left on device, write); nothing there was changed.\n`,
      );
      expect(arena.botNamed).toHaveBeenCalled();
      expect(readFileSync(out, 'utf8')).toBe('the model that was there\n');
      expect(readdirSync(dir).sort()).toEqual(['model.json']);
    });

    it(`${what}: a checkpoint the disk refuses in mid-run names --checkpoints and the file`, async () => {
      const folder = join(dir, 'epochs');
      fullDisk = join(folder, 'epoch-1.json');
      const out = join(dir, 'model.json');
      const run = await train([...TINY[what], ...ONE_THREAD[what], '--out', out, '--checkpoints', folder]);
      expect(run.code).toBe(1);
      expect(run.err).toContain(
        `pirates train: --checkpoints: could not write '${fullDisk}' (ENOSPC: no space left on device, write).\n`,
      );
      expect(run.err).not.toMatch(/^\s+at /m);
      expect(existsSync(out)).toBe(false);
    });

    it(`${what}: a player that throws ends the run with the game named, exit code 1, nothing written`, async () => {
      breaking = true;
      const out = join(dir, 'model.json');
      const run = await train([...TINY[what], ...ONE_THREAD[what], '--out', out, '--json']);
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      // Game 1 is heuristic against itself; game 2 is the first with 'random' in it (as red).
      expect(run.err).toContain(
        'pirates train: game 2 (random as red, heuristic as blue) failed: the bot lost its map',
      );
      expect(run.err).not.toMatch(/^\s+at /m);
      expect(existsSync(out)).toBe(false);
    });
  }

  it('the same player, unbroken, trains and writes the file (the runs above fail for the reason they say)', async () => {
    const out = join(dir, 'model.json');
    const run = await train([...TINY.belief, ...ONE_THREAD.belief, '--out', out, '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(arena.botNamed).toHaveBeenCalledWith('random');
  });
});
