import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Failure tests (`npm run test:failure`): real server processes stopped with SIGKILL, their mail server or
// database taken away under load. Each file starts its own servers and databases, so they run apart from the
// unit and API tests (vitest.config.ts leaves these files out). The global setup migrates one PGlite data
// folder per run, which the servers' stores copy.
export default defineConfig({
  test: {
    include: ['src/**/*.failure.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: availableParallelism(),
    globalSetup: ['src/server/test/failure-test-setup.ts', 'scripts/server-bundle-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
