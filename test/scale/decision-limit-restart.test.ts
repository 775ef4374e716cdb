/**
 * Issue 35 item 3 on PostgreSQL + Redis: a decision limit survives a restart and is the same on another
 * process (test/server/decision-limit-restart-suite.ts says how).
 */
import { afterAll, describe, it } from 'vitest';
import {
  limitIsSharedAcrossProcesses,
  limitSurvivesRestart,
} from '../server/decision-limit-restart-suite.ts';
import { tempDir } from '../server/harness.ts';
import type { ServerProcess } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('decision-limit-restart');
const isolated = isolation('decision_limits');
const dir = tempDir();
const servers: ServerProcess[] = [];
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

describe.skipIf(skip)('issue 35: decision limits across processes (PostgreSQL + Redis)', () => {
  it('a second process that loads the game tells the stalling seat the same limit, not a fresh one', async () => {
    await limitIsSharedAcrossProcesses(isolated.env, dir, servers);
  });
  it('a connected seat stalling in play keeps its limit running after a SIGKILL and a restart', async () => {
    await limitSurvivesRestart(`${dir}/unused.sqlite`, isolated.env, servers);
  });
});
