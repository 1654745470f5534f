import { defineConfig } from 'vitest/config';

// Unit and API tests: each API test file builds the app on its own fresh database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
