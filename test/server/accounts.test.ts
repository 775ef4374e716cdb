/** Accounts that travel (accounts-suite.ts) against one server: SQLite. */
import { ACCOUNTS_CONFIG, accountsSuite } from './accounts-suite.ts';
import { startTestServer } from './harness.ts';

accountsSuite('accounts that travel', async () => {
  const server = await startTestServer(ACCOUNTS_CONFIG);
  return [server, server] as const;
});
