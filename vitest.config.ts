import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit and API tests: the run migrates once (test-database-setup.ts); each API test file builds the app
// on its own copy of that database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    // The failure tests run on their own (vitest.failure.config.ts, `npm run test:failure`).
    exclude: [...configDefaults.exclude, 'src/**/*.failure.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each worker loads the app's modules and PGlite once for all its files instead of once a file; every
    // file still builds its own app on its own database.
    isolate: false,
    // Vitest leaves a core to itself by default, which on a 2-core machine runs the files one at a time;
    // its own process is idle while the files run, so use every core.
    maxWorkers: availableParallelism(),
    globalSetup: ['src/server/test/test-database-setup.ts', 'scripts/server-bundle-setup.ts'],
    setupFiles: ['src/server/test/fixture-counters-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
