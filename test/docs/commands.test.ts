/**
 * Commands in the docs cannot drift. Every command in a shell block of README.md and docs/*.md is either run
 * here (as written, or with flags appended that only make it smaller: the later flag wins) or follows a
 * `<!-- not run by the tests: why -->` line in the doc. Every `pirates` command quoted in the prose
 * (`node bin/pirates.js …`, `npx pirates …`) names a real command and only flags its usage lists.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.ts';

const ROOT = new URL('../../', import.meta.url);
const DOCS = ['README.md', ...readdirSync(new URL('docs/', ROOT)).map((file) => `docs/${file}`)].filter(
  (file) => file.endsWith('.md'),
);

interface Shown {
  readonly file: string;
  readonly command: string;
  /** The reason given by a `<!-- not run by the tests: … -->` line before the block, or null. */
  readonly notRun: string | null;
}

/** Every command line of every shell block, with the block's not-run reason if it has one. */
function shellCommands(): Shown[] {
  const found: Shown[] = [];
  for (const file of DOCS) {
    const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n');
    let inBlock = false;
    let notRun: string | null = null;
    let reason: string | null = null;
    for (const line of lines) {
      const marker = /^<!-- not run by the tests: (.+) -->$/.exec(line.trim());
      if (!inBlock && marker !== null) {
        reason = marker[1] ?? null;
        continue;
      }
      if (!inBlock && /^```(sh|bash|shell)\s*$/.test(line)) {
        inBlock = true;
        notRun = reason;
        reason = null;
        continue;
      }
      if (inBlock && line.startsWith('```')) {
        inBlock = false;
        continue;
      }
      if (!inBlock && line.trim() !== '') reason = null;
      if (!inBlock) continue;
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command === '' || command.startsWith('#')) continue;
      found.push({ file, command, notRun });
    }
  }
  return found;
}

/**
 * The commands run here, with the flags that make them small enough for a test (appended, so the written
 * flags are still parsed and checked). Each runs through `node bin/pirates.js`, as `npx pirates` does.
 */
const RUN: Readonly<Record<string, { args: string[]; smaller: string[]; script?: string }>> = {
  'npx vitest run test/engine/rules/r4-battle.test.ts': {
    script: 'node_modules/vitest/vitest.mjs',
    args: ['run', 'test/engine/rules/r4-battle.test.ts'],
    smaller: [],
  },
  'npx pirates tournament --bots heuristic,hard,expert --games 100 --seed 1': {
    args: ['tournament', '--bots', 'heuristic,hard,expert', '--games', '100', '--seed', '1'],
    smaller: ['--games', '2', '--bots', 'heuristic,random'],
  },
  'npx pirates tournament --bots heuristic,cmd:"node examples/bot.mjs" --games 4 --turn-limit 200': {
    args: [
      'tournament',
      '--bots',
      'heuristic,cmd:node examples/bot.mjs',
      '--games',
      '4',
      '--turn-limit',
      '200',
    ],
    smaller: ['--games', '2', '--turn-limit', '60', '--workers', '1'],
  },
  'npx pirates cannon --calibrate': { args: ['cannon', '--calibrate'], smaller: ['--shots', '20'] },
  'npx pirates fit-evaluation': { args: ['fit-evaluation'], smaller: ['--games', '8'] },
  'npx pirates fit-setup --games 200': {
    args: ['fit-setup', '--games', '200'],
    smaller: ['--games', '4', '--players', 'random', '--workers', '1'],
  },
  'npm run bench': { args: ['bench'], smaller: ['--scale', '0.01', '--rounds', '1', '--suite', 'engine'] },
};

describe('commands in the docs', () => {
  const shown = shellCommands();

  it('every command in a shell block is run here or says why not', () => {
    const unaccounted = shown.filter((c) => c.notRun === null && RUN[c.command] === undefined);
    expect(unaccounted.map((c) => `${c.file}: ${c.command}`)).toEqual([]);
    // And nothing listed here is gone from the docs.
    for (const command of Object.keys(RUN)) expect(shown.map((c) => c.command)).toContain(command);
  });

  for (const [command, { args, smaller, script }] of Object.entries(RUN)) {
    it(`runs: ${command}`, () => {
      const out = execFileSync(process.execPath, [script ?? 'bin/pirates.js', ...args, ...smaller], {
        cwd: new URL('.', ROOT),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(out.length).toBeGreaterThan(0);
    });
  }

  it('every pirates command quoted in the prose names a real command and flags it takes', () => {
    const wrong: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(new URL(file, ROOT), 'utf8');
      for (const match of text.matchAll(
        /`(?:node bin\/pirates\.js|npx pirates|pirates) ([a-z][a-z-]*)([^`]*)`/g,
      )) {
        const [whole, name = '', rest = ''] = match;
        const command = commands.find((c) => c.name === name);
        if (command === undefined) {
          wrong.push(`${file}: ${whole} (no such command)`);
          continue;
        }
        for (const flag of rest.match(/--[a-z-]+/g) ?? []) {
          if (flag !== '--help' && !command.usage.includes(flag)) wrong.push(`${file}: ${whole} (${flag})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
