/** Issue 19's names, ratings, rematch and emotes (people-suite.ts) against the default server: one process, SQLite. */
import { startTestServer } from './harness.ts';
import { peopleSuite } from './people-suite.ts';

peopleSuite('players, ratings, rematch and emotes', async () => {
  // An absent seat may be claimed (or handed to the computer) after 1 s.
  const server = await startTestServer({ awayMs: 1000 });
  return [server, server] as const;
});
