/** The R11 leak suite (leak-suite.ts) against the default server: one process, SQLite. */
import { startTestServer } from './harness.ts';
import { leakSuite } from './leak-suite.ts';

leakSuite('R11 over the wire', (overrides) => startTestServer(overrides), 200);
