/**
 * The browser game's build (issue 7): Vite serves and bundles src/web into dist/web, where the game server
 * (`pirates serve`) finds it. JSX is Preact's; the dev server hands /api (HTTP and WebSocket) to the game
 * server on port 3000, so online play works while developing the page.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
  },
});
