/**
 * Challenges by name (challenges-suite.ts) on two servers sharing PostgreSQL and Redis: each challenge made
 * on one and answered on the other, and "Forget me" raced from both.
 */
import { afterAll } from 'vitest';
import { CHALLENGES_CONFIG, challengesSuite } from '../server/challenges-suite.ts';
import { startTestServer } from '../server/harness.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('challenges-pg');
const isolated = isolation('challenges');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip)
  challengesSuite('challenges by name, on two processes (PostgreSQL, Redis)', async () => {
    const a = await startTestServer({ ...isolated.config, ...CHALLENGES_CONFIG });
    const b = await startTestServer({ ...isolated.config, ...CHALLENGES_CONFIG });
    return [a, b] as const;
  });
