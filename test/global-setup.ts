/**
 * Run once by Vitest around the whole run (vitest.config.ts). The page built for the browser tests under
 * this run's name (test/e2e/harness.ts, sharedBuild) is removed with its lock and marks at the end, so runs do
 * not pile builds up in dist/; and before each rerun in watch mode, so a rerun after an edit builds the page
 * again rather than testing the old one.
 */
import type { TestProject } from 'vitest/node';
import { removeSharedBuild } from './e2e/harness.ts';

function removeThisRunsBuild(): void {
  const run = process.env.PIRATES_TEST_RUN;
  if (run !== undefined) removeSharedBuild(run);
}

export default function setup(project: TestProject): () => void {
  project.onTestsRerun(removeThisRunsBuild);
  return removeThisRunsBuild;
}
