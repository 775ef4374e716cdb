/**
 * The operator's path (issue 30): the built server in a fresh folder, as docs/deploy.md's "Production
 * install" says: the compiled code and the page (`npm run build`), package.json and package-lock.json,
 * `npm ci --omit=dev` (no tsx, no TypeScript, no Vite), `pirates serve`; then a whole game against the
 * computer over HTTP and WebSocket, the page's hashed script sent compressed and immutable. The install
 * needs nothing beyond the npm registry, which npm's cache here already holds (better-sqlite3 compiles from
 * source against this Node's headers).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createGame, hello, isState } from '../server/harness.ts';
import { playRandomly } from '../server/players.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

describe('a production install from the built folder', () => {
  let work = '';
  let app = '';
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pirates-production-'));
    app = join(work, 'app');
    mkdirSync(app);
    for (const file of ['package.json', 'package-lock.json', 'bin']) {
      cpSync(join(ROOT, file), join(app, file), { recursive: true });
    }
    // npm run build, into the fresh folder; the install beside it (all three on the two cores at once).
    await Promise.all([
      run(
        process.execPath,
        [
          join(ROOT, 'node_modules/typescript/bin/tsc'),
          '-p',
          'tsconfig.build.json',
          '--outDir',
          join(app, 'dist/lib'),
        ],
        { cwd: ROOT },
      ).then(() =>
        // build:node's second step: the model files, byte for byte (their hash is checked when read).
        run(process.execPath, [join(ROOT, 'scripts/copy-models.mjs'), join(app, 'dist/lib')], { cwd: ROOT }),
      ),
      run(
        process.execPath,
        [
          join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--logLevel',
          'warn',
          '--outDir',
          join(app, 'dist/web'),
          '--emptyOutDir',
        ],
        { cwd: ROOT },
      ),
      run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app }),
    ]);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server !== null) await server.exited;
    rmSync(work, { recursive: true, force: true });
  });

  it('installs the runtime libraries only: no tsx, TypeScript or Vite', () => {
    const installed = readdirSync(join(app, 'node_modules'));
    for (const runtime of ['fastify', 'better-sqlite3', 'pg', 'ioredis', 'zod'])
      expect(installed).toContain(runtime);
    for (const dev of ['tsx', 'typescript', 'vite', 'vitest', 'preact', 'esbuild'])
      expect(installed).not.toContain(dev);
    expect(existsSync(join(app, 'src'))).toBe(false);
  });

  it('the compiled code reads the learned belief from its own copy of the model file, hash checked', async () => {
    const module = join(app, 'dist/lib/ai/belief-model.js');
    const script = `const m = await import(${JSON.stringify(module)}); console.log(m.shippedBeliefNetwork().parameters.length);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app });
    expect(Number(stdout.trim())).toBeGreaterThan(1000);
  });

  it('serves, and a person plays a whole game against the computer', async () => {
    server = await spawnServer(join(work, 'data/games.sqlite'), {}, join(app, 'bin/pirates.js'));
    const game = await createGame(server.url, { opponent: 'computer', level: 'easy', turnLimit: 60 });
    const person = await Client.open(server.url, game.gameId);
    await person.ask(hello(game.token), isState);
    await playRandomly(person, 'operator');
    const end = person.messages.findLast((m) => m.t === 'update' || m.t === 'state');
    expect(end !== undefined && 'view' in end ? end.view.outcome : null).not.toBeNull();
    await person.close();
    // The page is the built one, from the package's own dist/web (the server runs from the app folder).
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const sent = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${server?.url}${script}`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = brotliDecompressSync(sent.body);
    expect(sent.body.length).toBeLessThan(plain.length / 2);
    // No TypeScript was run: the process had no tsx to load, and ran the compiled command.
    expect(server.output.join('')).not.toMatch(/tsx|\.ts\b/);
  });
});
