/** The R11 leak suite of the single server, against PostgreSQL and Redis (fewer games: it is slower). */
import { afterAll } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { leakSuite } from '../server/leak-suite.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('leak-pg');
const isolated = isolation('leak');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip)
  leakSuite('R11 over the wire, PostgreSQL store', (o) => startTestServer({ ...isolated.config, ...o }), 60);
