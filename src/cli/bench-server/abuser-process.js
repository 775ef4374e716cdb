// The abuser's own process (bench-server --hostile), started by startAbuser with the server's URL and an IPC
// channel. Plain Node cannot load TypeScript: register tsx first.
import { register } from 'tsx/esm/api';

register();
const { abuse } = await import('./abuser.ts');
await abuse(process.argv[2] ?? '');
