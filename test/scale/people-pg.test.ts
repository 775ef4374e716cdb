/**
 * Issue 19's names, ratings, rematch and emotes (people-suite.ts) on two servers sharing PostgreSQL and Redis:
 * Red's socket and every HTTP call on one, Blue's socket, join and the spectator on the other.
 */
import { afterAll } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { peopleSuite } from '../server/people-suite.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('people-pg');
const isolated = isolation('people');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip)
  peopleSuite('players, ratings, rematch and emotes across two processes (PostgreSQL, Redis)', async () => {
    // An absent seat may be claimed (or handed to the computer) after 1 s.
    const a = await startTestServer({ ...isolated.config, awayMs: 1000 });
    const b = await startTestServer({ ...isolated.config, awayMs: 1000 });
    return [a, b] as const;
  });
