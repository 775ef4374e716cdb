/** The bad-input suite (hostile-suite.ts) against the default server: one process, SQLite. */
import { startTestServer } from './harness.ts';
import { hostileSuite } from './hostile-suite.ts';

hostileSuite('bad input', (overrides) => startTestServer(overrides));
