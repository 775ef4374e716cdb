/**
 * Issue 35 item 2's lobby (test/server/lobby-squat-suite.ts) on two `pirates serve` processes sharing one
 * PostgreSQL schema and one Redis prefix: every request alternates between them.
 */
import { tempDir } from '../server/harness.ts';
import { lobbySquatSuite, SQUAT_ENV } from '../server/lobby-squat-suite.ts';
import { spawnServer } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('lobby-squat');
const isolated = isolation('lobby_squat');
const dir = tempDir();

if (!skip)
  lobbySquatSuite(
    'issue 35: the lobby cannot be squatted (two processes, PostgreSQL + Redis)',
    () =>
      Promise.all(
        [0, 1].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, { ...isolated.env, ...SQUAT_ENV })),
      ),
    () => isolated.drop(),
  );
