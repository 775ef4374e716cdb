import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/patience.ts';

// One name for this run, inherited by every worker: the browser tests share one build of the page under it
// (test/e2e/harness.ts, sharedBuild), and test/global-setup.ts removes that build when the run ends.
process.env.PIRATES_TEST_RUN ??= randomUUID();

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  // The package's own name resolves to the sources (examples/ import it by name, as users do; tsconfig's paths).
  resolve: {
    alias: [
      { find: /^pirates-stratego$/, replacement: source('index.ts') },
      { find: /^pirates-stratego\/(engine|learn|ai|protocol|arena)$/, replacement: source('$1/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // These machines are shared and have two cores: keep the pool small. The time limits are far above any
    // test's need (the slowest file takes under 90 s on a quiet machine): they only end a test that hangs,
    // so a slow or busy machine never fails one (test/patience.ts has the waits inside tests).
    maxWorkers: 2,
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // expect.poll waits as patiently as every other wait in the tests (its own default is one second).
    expect: { poll: { timeout: PATIENCE_MS, interval: 50 } },
  },
});
