// Worker threads start plain Node, which cannot load TypeScript: register tsx first, then the abuser.
import { register } from 'tsx/esm/api';

register();
await import('./abuser.ts');
