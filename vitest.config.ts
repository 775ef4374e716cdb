import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // These machines are shared and have two cores: keep the pool small. The time limits are far above any
    // test's need (the slowest file takes under 90 s on a quiet machine): they only end a test that hangs,
    // so a slow or busy machine never fails one (test/patience.ts has the waits inside tests).
    maxWorkers: 2,
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
