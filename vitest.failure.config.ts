import { defineConfig } from 'vitest/config';

// Failure tests (`npm run test:failure`): real server processes, a mail server taken down and brought back, two
// instances on one PostgreSQL. Each file starts what it needs and waits for states with deadlines.
export default defineConfig({
  test: {
    include: ['src/**/*.failure.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Server processes compete for the two cores of a CI machine: one file at a time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
