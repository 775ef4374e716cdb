/**
 * Issue 33.1: a tournament's chance is unknowable to its bots while the games are played, and
 * reproducible afterwards. The spy bot reads the command line and environment of every process above it,
 * as a cheater did; the key printed at the end is in none of them, and the key passed back on stdin
 * replays the very same games.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { capture } from '../cli/capture.ts';
import { PATIENCE_MS } from '../patience.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pirates-key-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `pirates tournament` as its own process (so /proc shows its real command line), stdin given. */
function tournament(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(ROOT, 'bin/pirates.js'), 'tournament', ...args],
      { cwd: ROOT, timeout: PATIENCE_MS },
      (error, out, err) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), out, err }),
    );
    child.stdin?.end(stdin);
  });
}

interface Run {
  readonly key: string;
  readonly pairs: unknown;
  /** What the spy found above it, then every line it was given. */
  readonly seen: string;
}

async function spyRun(keyOnStdin?: string): Promise<Run> {
  // The same file each run: the spy's name (its command) is part of its own stream, not of the game's chance.
  const file = join(work, 'spy.txt');
  rmSync(file, { force: true });
  const args = ['--bots', `random,cmd:node ${ROOT}test/fixtures/bots/spy.mjs ${file}`];
  args.push('--games', '2', '--turn-limit', '60', '--workers', '1', '--json');
  if (keyOnStdin !== undefined) args.push('--key-file', '-');
  const { code, out, err } = await tournament(args, keyOnStdin);
  expect(err).not.toContain('loses the game');
  expect(code).toBe(0);
  const report = JSON.parse(out) as { key: string; pairs: unknown };
  return { key: report.key, pairs: report.pairs, seen: readFileSync(file, 'latin1') };
}

describe('tournament chance (issue 33.1)', () => {
  it('a bot reading its parents’ command lines and environments finds no key; the key replays the games', async () => {
    const first = await spyRun();
    // A fresh 128-bit key, shown only at the end.
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    // The spy did read its parents (the tournament's own command line is there)...
    expect(first.seen).toContain('tournament --bots random,cmd:node');
    // ...and found no key: neither the key nor any game's seed (which starts with it).
    expect(first.seen).not.toContain(first.key);
    expect(first.seen).not.toContain(first.key.slice(0, 12));

    // The key back on stdin (not in the command line, where the replay's bots could read it): the same games.
    const replay = await spyRun(`${first.key}\n`);
    expect(replay.key).toBe(first.key);
    expect(replay.pairs).toEqual(first.pairs);
    expect(replay.seen).not.toContain(first.key);
    const lines = (run: Run) => run.seen.split('\n').filter((line) => line.startsWith('{"type":'));
    expect(lines(replay).length).toBeGreaterThan(2);
    expect(lines(replay)).toEqual(lines(first));
  });

  it('each run draws its own key; a key file that holds none is refused, and --seed with --key-file too', async () => {
    const keys = [];
    for (let i = 0; i < 2; i++) {
      const run = await capture(() =>
        main([
          'tournament',
          '--bots',
          'random,easy',
          '--games',
          '2',
          '--turn-limit',
          '20',
          '--workers',
          '1',
          '--json',
        ]),
      );
      expect(run.code).toBe(0);
      keys.push((JSON.parse(run.out) as { key: string }).key);
    }
    expect(keys[0]).not.toBe(keys[1]);
    const blank = join(work, 'blank.txt');
    writeFileSync(blank, '\n');
    const empty = await capture(() => main(['tournament', '--bots', 'random,easy', '--key-file', blank]));
    expect(empty.code).toBe(2);
    expect(empty.err).toContain(`${blank} should hold one key`);
    const both = await capture(() =>
      main(['tournament', '--bots', 'random,easy', '--seed', '1', '--key-file', blank]),
    );
    expect(both.code).toBe(2);
    expect(both.err).toContain('--seed and --key-file both give the key');
  });
});
