// The belief training pool's worker when running from the TypeScript sources (the repository): worker threads
// start plain Node, which cannot load TypeScript, so register tsx first (as bin/pirates.js does), then load
// the real worker. The compiled package (dist/lib) uses belief-worker.js directly.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./belief-worker.ts');
export default worker.default;
