// Worker threads start plain Node, which cannot load TypeScript: register tsx first (as bin/pirates.js
// does), then load the real worker. The same file works under `npm start` and under Vitest.
import { register } from 'tsx/esm/api';

register();
await import('./bot-worker.ts');
