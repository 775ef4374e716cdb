import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // These machines are shared and have two cores: keep the pool small and the timeouts generous.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
