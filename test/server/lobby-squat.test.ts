/** Issue 35 item 2's lobby (lobby-squat-suite.ts) on one `pirates serve` process on SQLite. */
import { tempDir } from './harness.ts';
import { lobbySquatSuite, SQUAT_ENV } from './lobby-squat-suite.ts';
import { spawnServer } from './process.ts';

const dir = tempDir();

lobbySquatSuite('issue 35: the lobby cannot be squatted (one process, SQLite)', async () => [
  await spawnServer(`${dir}/lobby.sqlite`, { ...SQUAT_ENV }),
]);
