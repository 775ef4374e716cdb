/**
 * Run once by Vitest around the whole run (vitest.config.ts): at its end, the page built for the browser
 * tests under this run's name (test/e2e/harness.ts, sharedBuild) is removed with its lock and marks, so
 * runs do not pile builds up in dist/.
 */
import { rmSync } from 'node:fs';
import { sharedBuildFolder } from './e2e/harness.ts';

export default function setup(): () => void {
  return () => {
    const run = process.env.PIRATES_TEST_RUN;
    if (run === undefined) return;
    const folder = sharedBuildFolder(run);
    for (const path of [folder, `${folder}.lock`, `${folder}.built`, `${folder}.failed`])
      rmSync(path, { recursive: true, force: true });
  };
}
