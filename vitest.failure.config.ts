import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Failure tests (`npm run test:failure`): real server processes stopped with SIGKILL, their mail server or
// database taken away under load. Each file starts its own servers and databases, so they run apart from the
// unit and API tests (vitest.config.ts leaves these files out).
export default defineConfig({
  test: {
    include: ['src/**/*.failure.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: availableParallelism(),
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
