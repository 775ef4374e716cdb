/**
 * Issue 35 item 4 on PostgreSQL + Redis: the beats and the clocks' shift in the shared database
 * (test/server/clock-outage-suite.ts says how).
 */
import { afterAll, describe, it } from 'vitest';
import { outageIsGivenBack } from '../server/clock-outage-suite.ts';
import { tempDir } from '../server/harness.ts';
import type { ServerProcess } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('clock-outage');
const isolated = isolation('clock_outage');
const dir = tempDir();
const servers: ServerProcess[] = [];
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

describe.skipIf(skip)(
  'issue 35: a clock does not run while the whole server is down (PostgreSQL + Redis)',
  () => {
    it('after a SIGKILL and a restart, the running seat is charged only the time a server could hear it', async () => {
      await outageIsGivenBack(`${dir}/unused.sqlite`, isolated.env, servers);
    });
  },
);
