/** The lobby with identities, rated games from it (rated-lobby-suite.ts) against one server: SQLite. */
import { startTestServer } from './harness.ts';
import { RATED_LOBBY_CONFIG, ratedLobbySuite } from './rated-lobby-suite.ts';

ratedLobbySuite('the lobby with identities, and its rated games', async () => {
  const server = await startTestServer(RATED_LOBBY_CONFIG);
  return [server, server] as const;
});
