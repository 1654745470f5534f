import { defineConfig } from 'vitest/config';

// Browser tests: one production server for the run (e2e/global-setup.ts), headless system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
