/**
 * The browser game: `dist/web` (built by Vite) when it exists, with every non-API GET falling back to its
 * index.html so `/play/<id>` links open the app. Without a build, `/` says how to make one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '../../protocol/index.ts';

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pirates! Stratego</title></head>
<body>
<h1>Pirates! Stratego</h1>
<p>The game server is running, but the web client is not built.</p>
<p>Build it with <code>npm run build:web</code> (it goes to <code>dist/web</code>), then restart the server
with <code>npm start</code>. The API is at <code>/api</code>; see docs/protocol.md.</p>
</body>
</html>
`;

export async function registerWebClient(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = existsSync(join(webRoot, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webRoot, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/api') {
      return reply
        .code(404)
        .send(errorMessage('request/not-found', `There is no ${request.method} ${path} here.`));
    }
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply
      .code(path === '/' ? 200 : 404)
      .type('text/html')
      .send(NOT_BUILT);
  });
}
