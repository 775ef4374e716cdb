/** The bad-input suite of the single server, against PostgreSQL and Redis. */
import { afterAll } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { hostileSuite } from '../server/hostile-suite.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('hostile-pg');
const isolated = isolation('hostile');
afterAll(() => (skip ? undefined : isolated.drop()));

// Each server its own Redis prefix (under the file's, so drop() clears them): with Redis the per-address
// limits are shared, and each test's server must start with a fresh allowance, as on SQLite.
let servers = 0;
if (!skip)
  hostileSuite('bad input, PostgreSQL store', (o) =>
    startTestServer({ ...isolated.config, redisPrefix: `${isolated.prefix}${servers++}:`, ...o }),
  );
