// The computer players' worker when running from the TypeScript sources (a clone, Vitest): worker threads
// start plain Node, which cannot load TypeScript, so register tsx first (as bin/pirates.js does), then load
// the real worker. The compiled server (npm run build) starts bot-worker.js directly (arena/entry-file.ts).
import { register } from 'tsx/esm/api';

register();
await import('./bot-worker.ts');
