/** The bad-input suite of the single server, against PostgreSQL and Redis. */
import { afterAll } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { hostileSuite } from '../server/hostile-suite.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('hostile-pg');
const isolated = isolation('hostile');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip) hostileSuite('bad input, PostgreSQL store', (o) => startTestServer({ ...isolated.config, ...o }));
