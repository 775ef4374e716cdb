/**
 * The built page as a browser and a cache see it (issue 30): hashed files under /assets kept a year and
 * immutable, everything else revalidated; brotli or gzip copies made at build time sent to a browser that
 * takes them; a server without a build says so with a 503 and a warning; WEB_ROOT defaults to the package's
 * own build, not the working folder's, and one that is not there stops the start (exit 2, a sentence).
 * The page here is a small stand-in build (the real one's compression is checked in
 * test/package/production.test.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { packageRoot } from '../../src/server/package-root.ts';
import { startTestServer, type TestServer, tempDir } from './harness.ts';

const SCRIPT = `console.log(${JSON.stringify('the game '.repeat(2000))});\n`;

/** A build as Vite lays it out, with the compressed copies the build makes. */
function fakeBuild(dir: string): string {
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><title>Pirates! Stratego</title><script src="/assets/index-AbC123.js"></script>',
    'assets/index-AbC123.js': SCRIPT,
    'sw.js': 'self.addEventListener("install", () => {});',
    'manifest.webmanifest': '{"name":"Pirates! Stratego"}',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  writeFileSync(join(root, 'assets/index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets/index-AbC123.js.gz'), gzipSync(SCRIPT));
  return root;
}

interface Got {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET with the headers given, the body as sent (undecoded: fetch would decode it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the built page over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dir = tempDir();
    server = await startTestServer({ webRoot: fakeBuild(dir) }, dir);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps hashed files a year and immutable, and has everything else revalidated', async () => {
    const script = await get(`${server.url}/assets/index-AbC123.js`);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/play/some-game']) {
      const got = await get(`${server.url}${path}`);
      expect(got.status, path).toBe(200);
      expect(got.headers['cache-control'], path).toBe('no-cache');
      expect(got.headers.etag, path).toBeDefined();
    }
  });

  it('sends the brotli copy, or the gzip one, to a browser that takes it, and the file to one that does not', async () => {
    const brotli = await get(`${server.url}/assets/index-AbC123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 10);
    const gzip = await get(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await get(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers a hashed file of another release with a 404, not the page under a script name', async () => {
    const gone = await get(`${server.url}/assets/index-Old999.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).toMatch(/json/);
  });
});

describe('a server without a built page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers the page with a 503 that says how to build it, and warns at start', async () => {
    for (const path of ['/', '/play/some-game']) {
      const page = await get(`${server.url}${path}`);
      expect(page.status, path).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body.toString()).toContain('npm run build');
    }
    const warning = server.logs
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg.includes('no built web page'));
    expect(warning?.level).toBe(40);
  });
});

describe('WEB_ROOT', () => {
  it("defaults to the package's own dist/web, wherever the server starts", () => {
    // A process started in another folder (as a service manager starts it) reads its settings there.
    const config = new URL('../../src/server/config.ts', import.meta.url).href;
    const webRoot = execFileSync(
      process.execPath,
      [
        '--import',
        new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href,
        '--input-type=module',
        '-e',
        `const { configFromEnv } = await import(${JSON.stringify(config)}); process.stdout.write(configFromEnv({}).webRoot);`,
      ],
      { cwd: tempDir(), encoding: 'utf8' },
    );
    expect(webRoot).toBe(join(packageRoot(), 'dist', 'web'));
  });

  it('is relative to the working folder when set, and one that is not a build stops the start (exit 2)', () => {
    const dir = tempDir();
    const root = fakeBuild(dir);
    expect(configFromEnv({ WEB_ROOT: root }).webRoot).toBe(root);
    expect(() => configFromEnv({ WEB_ROOT: join(dir, 'nowhere') })).toThrow(
      /WEB_ROOT is .*nowhere, which does not exist/,
    );
    mkdirSync(join(dir, 'empty'));
    expect(() => configFromEnv({ WEB_ROOT: join(dir, 'empty') })).toThrow(/holds no built page/);
    const started = spawnSync(process.execPath, [join(packageRoot(), 'bin/pirates.js'), 'serve'], {
      cwd: dir,
      env: { ...process.env, WEB_ROOT: 'nowhere', PORT: '0', DATABASE_PATH: join(dir, 'games.sqlite') },
      encoding: 'utf8',
    });
    expect(started.status).toBe(2);
    expect(started.stderr).toBe(
      `pirates serve: WEB_ROOT is ${join(dir, 'nowhere')}, which does not exist: name the folder of a built page (npm run build).\n`,
    );
  });
});
