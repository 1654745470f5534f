import { defineConfig } from 'vitest/config';

// Browser tests: one production server for the run (e2e/global-setup.ts), headless system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A busy CI machine can take seconds to refetch a list after a change: polls wait up to 10 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
