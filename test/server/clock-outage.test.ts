/**
 * Issue 35 item 4: no time lost to the server, on the SQLite file (clock-outage-suite.ts says how).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { outageIsGivenBack } from './clock-outage-suite.ts';
import { tempDir } from './harness.ts';
import type { ServerProcess } from './process.ts';

const dir = tempDir();
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 35: a clock does not run while the whole server is down', () => {
  it('after a SIGKILL and a restart, the running seat is charged only the time a server could hear it', async () => {
    await outageIsGivenBack(join(dir, 'outage.sqlite'), {}, servers);
  });
});
