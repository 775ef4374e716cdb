/**
 * The browser game: the page Vite built (dist/web), with every non-API GET falling back to its index.html so
 * `/play/<id>` links open the app. Vite's hashed files (`/assets/*`) never change under their name, so
 * browsers and proxies keep them a year; everything else (index.html, the service worker, the manifest) is
 * checked each time, so a new release reaches every page. Text files go out as the brotli or gzip copies
 * made at build time when the browser accepts them. Without a build, the page says so with a 503.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '../../protocol/index.ts';

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pirates! Stratego</title></head>
<body>
<h1>Pirates! Stratego</h1>
<p>The game server is running, but the web client is not built, so there is nothing to play here yet.</p>
<p>Build it with <code>npm run build</code> (it goes to <code>dist/web</code>), then restart the server.
The API is at <code>/api</code>; see docs/protocol.md.</p>
</body>
</html>
`;

/** A year, the most HTTP caches keep anything: for files whose name changes with their content. */
export const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** Stored but checked with the server (ETag) before each use. */
export const CHECKED_CACHE = 'no-cache';

export async function registerWebClient(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = existsSync(join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = relative(webRoot, path).startsWith(`assets${sep}`);
        res.setHeader('cache-control', hashed ? HASHED_CACHE : CHECKED_CACHE);
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn(
      { webRoot },
      `no built web page in ${webRoot}: the page answers 503 (npm run build makes it)`,
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const api = path.startsWith('/api/') || path === '/api';
    // A hashed file of another release is not the page: a 404, never index.html under a script's name.
    if (request.method !== 'GET' || api || path.startsWith('/assets/')) {
      return reply
        .code(404)
        .send(errorMessage('request/not-found', `There is no ${request.method} ${path} here.`));
    }
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.code(503).header('cache-control', 'no-store').type('text/html').send(NOT_BUILT);
  });
}
