// The abuser's process when running from the TypeScript sources: plain Node cannot load TypeScript, so
// register tsx first, then load the real entry. The compiled command starts abuser-process.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./abuser-process.ts');
