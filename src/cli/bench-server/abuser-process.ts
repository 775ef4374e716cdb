/**
 * The abuser's own process (bench-server --hostile), started by startAbuser with the server's URL and an
 * IPC channel.
 */
import { abuse } from './abuser.ts';

await abuse(process.argv[2] ?? '');
