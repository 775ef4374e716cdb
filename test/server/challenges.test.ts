/** Challenges by name (challenges-suite.ts) against one server: SQLite. */
import { CHALLENGES_CONFIG, challengesSuite } from './challenges-suite.ts';
import { startTestServer } from './harness.ts';

challengesSuite('challenges by name', async () => {
  const server = await startTestServer(CHALLENGES_CONFIG);
  return [server, server] as const;
});
