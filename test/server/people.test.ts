/** Issue 19's names, ratings, rematch and emotes (people-suite.ts) against the default server: one process, SQLite. */
import { startTestServer } from './harness.ts';
import { peopleSuite } from './people-suite.ts';

peopleSuite('players, ratings, rematch and emotes', async () => {
  const server = await startTestServer();
  return [server, server] as const;
});
