/**
 * The browser game's build (issue 7): Vite serves and bundles src/web into dist/web, where the game server
 * (`pirates serve`) finds it. JSX is Preact's; the dev server hands /api (HTTP and WebSocket) to the game
 * server on port 3000, so online play works while developing the page.
 *
 * The page installs as an app and plays the computer offline (issue 20): vite-plugin-pwa writes the web app
 * manifest and a Workbox service worker that precaches the whole build (the game's Worker included), so a
 * page opened without a network still starts. /api is never cached: online play needs the server. The
 * learned models' files are assets of their own (src/ai/belief-model.ts, value-model.ts: the Worker fetches
 * one only for a computer that uses it). A model is precached when a level the page offers uses it, so that
 * computer plays offline; a model no page level uses is not, so no visitor downloads it for nothing.
 *
 * Every text file also gets a brotli (.br) and a gzip (.gz) copy at build time (issue 30), which the server
 * sends to a browser that accepts them (@fastify/static's preCompressed), so no request costs compression.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { LEVELS, usesBeliefModel, usesValueModel } from './src/ai/levels.ts';

/** The model files no level of the page uses: built (a CLI level may name them), never precached. */
const unusedModels = [
  ...(LEVELS.some(usesBeliefModel) ? [] : ['**/belief-*.json']),
  ...(LEVELS.some(usesValueModel) ? [] : ['**/value-*.json']),
];

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  plugins: [
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      manifest: {
        name: 'Pirates! Stratego',
        short_name: 'Pirates!',
        description:
          'Hide your flag, board the enemy ship, fire the cannon. Play the computer, a friend, or pass and play.',
        theme_color: '#1b6b8f',
        background_color: '#1b6b8f',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        // json: a learned model's file, fetched by the game's Worker when a computer uses it.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest,json}'],
        globIgnores: unusedModels,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
  },
});
