/**
 * The end-to-end harness: build the page once, serve it, drive Debian's Chromium through playwright-core
 * (never `playwright install`). The server is the real game server when `pirates serve` can run; otherwise a
 * tiny static server with the SPA fallback, which is all local play needs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { PATIENCE_MS } from '../patience.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Each test file builds into its own folder, so files running side by side never empty each other's build. */
export function distFor(name: string): string {
  return join(ROOT, 'dist', `web-e2e-${name}`);
}
export const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser tests can run; under CI a missing Chromium fails them (.ci/run installs it), never skips. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is missing at ${CHROMIUM}: .ci/run installs it.`);
  return false;
}

/** Builds the page with the project's Vite config into `outDir`. */
export async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The page as the browser tests use it, built once per test run and shared by every file (a build costs
 * seconds of CPU, and CI runs both Node versions' suites side by side on two cores). The first file to ask
 * builds it while holding a lock (creating a folder is atomic); the others wait for its mark, and all of them
 * only read it afterwards. vitest.config.ts names the run; test/global-setup.ts removes the build at its end.
 * Outside a Vitest run (no run name) each caller builds its own.
 */
export async function sharedBuild(): Promise<string> {
  const run = process.env.PIRATES_TEST_RUN;
  if (run === undefined || !/^[\w-]+$/.test(run)) {
    const own = distFor(`own-${process.pid}`);
    await buildWeb(own);
    return own;
  }
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const { out, lock, built, failed } = sharedBuildPaths(run);
  try {
    mkdirSync(lock, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const deadline = Date.now() + PATIENCE_MS;
    while (!existsSync(built)) {
      if (existsSync(failed)) throw new Error(`the shared build failed: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`the shared build at ${out} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return out;
  }
  try {
    await buildWeb(out);
    writeFileSync(built, '');
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
  return out;
}

/** Where one test run's shared build lives, with its lock and its marks beside it. */
function sharedBuildPaths(run: string): { out: string; lock: string; built: string; failed: string } {
  const out = join(ROOT, 'dist', `web-e2e-run-${run}`);
  return { out, lock: `${out}.lock`, built: `${out}.built`, failed: `${out}.failed` };
}

/** Removes one test run's shared build with its lock and marks (test/global-setup.ts: at the end, before a rerun). */
export function removeSharedBuild(run: string): void {
  for (const path of Object.values(sharedBuildPaths(run))) rmSync(path, { recursive: true, force: true });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** Serves a build; unknown paths get index.html (the page routes /play/:id and /rules itself). */
export async function startStaticServer(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      file = join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts the real game server (`pirates serve`) on a free port; fails with its output if it cannot. `env`
 * sets more of its settings (e.g. TURN_LIMIT for the games the lobby pairs).
 */
export async function startGameServer(
  webRoot: string,
  env: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const port = 31_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, [join(ROOT, 'bin/pirates.js'), 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(resultsDir(), `server-${port}`, 'pirates.sqlite'),
      WEB_ROOT: webRoot,
      AWAY_SECONDS: '2',
      BOT_DELAY_MIN_MS: '0',
      BOT_DELAY_MAX_MS: '50',
      BOT_WORKERS: '1',
      LOG_LEVEL: 'warn',
      // Stopped at the end of a test: no proxy in front waits to notice it draining.
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) return { url, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await close();
  throw new Error(`pirates serve did not start on port ${port}: ${output.join('').slice(-2000)}`);
}

/** Chromium, whose pages wait as long as test/patience.ts allows (a busy machine never fails a test). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // The tests find things by their English names: English unless a test asks for another language.
    const context = await newContext({ locale: 'en-US', ...options });
    context.setDefaultTimeout(PATIENCE_MS);
    return context;
  };
  return browser;
}

export function resultsDir(): string {
  mkdirSync(RESULTS, { recursive: true });
  return RESULTS;
}

/**
 * The built page served statically and a Chromium for it, for a describe block: started before its tests,
 * closed after. Call inside `describe`; read `site.browser` and `site.url` inside the tests.
 */
export function staticSite(): { browser: Browser; url: string } {
  const site = {} as { browser: Browser; url: string };
  let server: { url: string; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    server = await startStaticServer(await sharedBuild());
    site.url = server.url;
    site.browser = await launch();
  });
  afterAll(async () => {
    await site.browser?.close();
    await server?.close();
  });
  return site;
}

/**
 * The real game server with the built page and a Chromium for it, for a describe block (as `staticSite`):
 * started before its tests, closed after. Read `site.browser` and `site.url` inside the tests.
 */
export function gameSite(): { browser: Browser; url: string } {
  const site = {} as { browser: Browser; url: string };
  let server: { url: string; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    server = await startGameServer(await sharedBuild());
    site.url = server.url;
    site.browser = await launch();
  });
  afterAll(async () => {
    await site.browser?.close();
    await server?.close();
  });
  return site;
}
