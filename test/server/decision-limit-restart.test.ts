/**
 * Issue 35 item 3 across a restart, on the SQLite file (decision-limit-restart-suite.ts says how).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { limitSurvivesRestart } from './decision-limit-restart-suite.ts';
import { tempDir } from './harness.ts';
import type { ServerProcess } from './process.ts';

const dir = tempDir();
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 35: a decision limit is not made fresh by a restart', () => {
  it('a connected seat stalling in play keeps its limit running after a SIGKILL and a restart', async () => {
    await limitSurvivesRestart(join(dir, 'limits.sqlite'), {}, servers);
  });
});
