/**
 * The package as a user gets it: `npm run pack:lib` (which builds dist/lib), the tarball installed into an
 * empty folder with npm, and a small TypeScript program there that imports it by name, is type-checked by the
 * repository's tsc against the shipped .d.ts files, compiled and run: it plays a game. Its `pirates` command
 * runs what it can without the server's libraries, and its docs link only to files it ships.
 * The install is offline: npm's cache here lacks the registry's metadata for the dependencies, so each
 * dependency (and theirs) is packed from this repository's node_modules and handed to the same
 * `npm install`, which then needs nothing from the network.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
import { dirname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The packed package's dependencies (its staged manifest) and theirs, by name, as installed here. */
function dependencyNames(from: string, seen = new Set<string>()): Set<string> {
  const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (seen.has(name)) continue;
    seen.add(name);
    dependencyNames(join(ROOT, 'node_modules', name), seen);
  }
  return seen;
}

const PROGRAM = `
import { createBot, type Bot, playMatch } from 'pirates-stratego/ai';
import { runArenaTournament } from 'pirates-stratego/arena';
import { randomFromSeed, type Seat, viewFor, createGame } from 'pirates-stratego/engine';
import { clientMessageSchema } from 'pirates-stratego/protocol';
import { NUM_DISTINCT_ACTIONS, OBSERVATION_SIZE, VectorEnv, legalActionMask } from 'pirates-stratego/learn';
import * as everything from 'pirates-stratego';

const made = createBot('heuristic');
if (!made.ok) throw new Error(made.error.message);
const heuristic: Bot = made.value;
const players: Record<Seat, Bot> = { red: heuristic, blue: everything.randomBot };
const result = playMatch(players, { red: randomFromSeed('r'), blue: randomFromSeed('b') }, {
  seed: 'from-the-tarball',
  shots: 'quick',
  turnLimit: 200,
});
const view = viewFor(createGame({ seed: 'v' }), 'red');
const hello = clientMessageSchema.safeParse({ type: 'nonsense' });
// The learning API: a batched env's first step, its masks those of the views.
const env = new VectorEnv({ games: 2, seed: 'package' });
const first = env.reset();
const setupMask = legalActionMask(env.view(0, 'red'));
// Two worker threads, from the compiled worker in the package.
const tournament = await runArenaTournament({
  bots: ['random', 'heuristic'],
  games: 2,
  seed: 'package',
  shots: 'quick',
  turnLimit: 100,
  workers: 2,
});
console.log(JSON.stringify({
  winner: result.winner,
  turns: result.turns,
  legal: view.legalActions.length,
  refused: !hello.success,
  same: everything.createGame === createGame,
  tournamentGames: tournament.pairs[0]?.games,
  learnRow: first.observations.length / 2 === OBSERVATION_SIZE && first.masks.length / 2 === NUM_DISTINCT_ACTIONS,
  setups: setupMask.reduce((sum, bit) => sum + bit, 0),
}));
`;

describe('the package, packed and installed elsewhere', () => {
  let work = '';
  let tarball = '';
  let files: string[] = [];

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'pirates-package-'));
    const packed = JSON.parse(
      npm(['run', '--silent', 'pack:lib', '--', '--pack-destination', work], ROOT),
    ) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(work, packed[0]?.filename ?? '');
    files = (packed[0]?.files ?? []).map((f) => f.path);
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const deps = join(work, 'deps');
    mkdirSync(deps);
    for (const name of dependencyNames(join(ROOT, 'dist/package'))) {
      npm(['pack', '--ignore-scripts', '--pack-destination', deps, join(ROOT, 'node_modules', name)], ROOT);
    }
    const depTarballs = readdirSync(deps).map((file) => join(deps, file));
    npm(['install', '--offline', '--no-audit', '--no-fund', tarball, ...depTarballs], app);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the compiled library with its types, the licence and the docs, not the sources or tests', () => {
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/lib/engine/index.js');
    expect(files).toContain('dist/lib/engine/index.d.ts');
    expect(files).toContain('dist/lib/ai/index.d.ts');
    expect(files).toContain('dist/lib/protocol/index.d.ts');
    expect(files).toContain('dist/lib/learn/index.d.ts');
    expect(files).toContain('python/pirates_learn.py');
    expect(files).toContain('docs/learn.md');
    expect(files).toContain('dist/lib/arena/game-worker.js');
    expect(files).toContain('dist/lib/arena/belief-worker.js');
    expect(files).toContain('dist/lib/cli/main.js');
    expect(files).toContain('bin/pirates.js');
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('dist/') && !f.startsWith('dist/lib/'))).toEqual([]);
  });

  it('links its docs only to files it ships', () => {
    const root = join(work, 'app/node_modules/pirates-stratego');
    const broken: string[] = [];
    for (const doc of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\((?!https?:|#)([^)#\s]+)[^)]*\)/g)) {
        const path = normalize(join(dirname(doc), target));
        if (!files.includes(path) && !existsSync(join(root, path))) broken.push(`${doc}: ${target}`);
      }
    }
    expect(files).toContain('README.md');
    expect(files).toContain('docs/bots.md');
    expect(broken).toEqual([]);
  });

  /** The installed package's `pirates`, as `npx pirates` runs it in the user's folder. */
  function pirates(args: string[]): { status: number; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [join(work, 'app/node_modules/.bin/pirates'), ...args], {
      cwd: join(work, 'app'),
      encoding: 'utf8',
    });
    return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  it('runs its pirates command: --version, --help, a tournament with a program, the cannon', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(pirates(['--version'])).toMatchObject({ status: 0, stdout: `${manifest.version}\n` });
    const help = pirates(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('tournament');
    expect(pirates(['tournament', '--help']).stdout).toContain('--bots');
    const bot = join(work, 'app/node_modules/pirates-stratego/examples/bot.mjs');
    const tournament = pirates([
      'tournament',
      '--bots',
      `heuristic,cmd:node ${bot}`,
      '--games',
      '2',
      '--turn-limit',
      '60',
      '--workers',
      '2',
      '--html',
      'report.html',
    ]);
    expect(tournament.stderr).toBe('');
    expect(tournament.status).toBe(0);
    expect(tournament.stdout).toContain('heuristic');
    expect(tournament.stdout).toContain('cmd:node');
    expect(readFileSync(join(work, 'app/report.html'), 'utf8')).toContain('<html');
    const cannon = pirates(['cannon', '--calibrate', '--shots', '5']);
    expect(cannon.status).toBe(0);
    expect(cannon.stdout).toContain('skull');
  });

  it('says plainly that it has no game server', () => {
    for (const command of ['serve', 'bench-server']) {
      const refused = pirates([command, '--port', '0']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/lacks the game server's libraries \('[a-z@/-]+' is not installed\)/);
      expect(refused.stderr).not.toContain('    at ');
    }
  });

  it('installs with only the libraries the engine, bots and protocol need', () => {
    const installed = readdirSync(join(work, 'app/node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toContain('pirates-stratego');
    expect(installed).toContain('tinypool');
    for (const server of ['fastify', 'better-sqlite3', 'pg', 'ioredis', 'preact', 'tsx']) {
      expect(installed).not.toContain(server);
    }
  });

  function program(name: string, source: string): string {
    const dir = join(work, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'main.ts'), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          skipLibCheck: false,
          outDir: 'out',
          // The installed package lives in ../app/node_modules.
          typeRoots: [],
        },
        files: ['main.ts'],
      }),
    );
    // Resolution walks up from the program: put it inside the app so it finds app/node_modules.
    return dir;
  }

  it('type-checks a program against the shipped .d.ts files and plays a game with it', () => {
    const dir = program('app/good', PROGRAM);
    execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
    const out = execFileSync(process.execPath, [join(dir, 'out/main.js')], { encoding: 'utf8' });
    const result = JSON.parse(out) as Record<string, unknown>;
    expect(['red', 'blue', null]).toContain(result.winner);
    expect(result.turns).toBeGreaterThan(0);
    expect(result.legal).toBeGreaterThan(0);
    expect(result.refused).toBe(true);
    expect(result.same).toBe(true);
    expect(result.tournamentGames).toBe(2);
    expect(result.learnRow).toBe(true);
    expect(result.setups).toBe(720);
  });

  it('refuses a program that misuses the types (the .d.ts files are real, not any)', () => {
    const dir = program(
      'app/bad',
      "import { createGame } from 'pirates-stratego/engine';\nconst turn: string = createGame({ seed: 'x' }).turn;\n",
    );
    let message = '';
    try {
      execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
    } catch (error) {
      message = String((error as { stdout?: string }).stdout);
    }
    expect(message).toContain("Type 'number' is not assignable to type 'string'");
  });
});
