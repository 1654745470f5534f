// `npm test`: type-check, lint, unused code (knip), unit and API tests on PGlite, the same tests on PostgreSQL when
// TEST_DATABASE_URL is set, the failure tests (real servers killed and their database stopped; on PostgreSQL
// too when TEST_DATABASE_URL is set), then the browser tests against a production build. Stops at the first
// failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type-check', 'npx', ['tsc', '--noEmit']],
  ['Lint', 'npx', ['biome', 'check', '.']],
  ['Unused files, exports and dependencies', 'npx', ['knip', '--no-progress']],
  [
    'Unit and API tests (PGlite)',
    'npx',
    ['vitest', 'run', '--config', 'vitest.config.ts'],
    { TEST_DATABASE_URL: '' },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'API tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--config', 'vitest.config.ts', 'src/server'],
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests.');
}
steps.push(['Failure tests', 'npx', ['vitest', 'run', '--config', 'vitest.failure.config.ts']]);
if (process.env.SKIP_E2E !== '1') {
  steps.push(['Build', 'npm', ['run', 'build']]);
  steps.push(['Browser tests (Chromium)', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']]);
}

for (const [name, command, args, extraEnv] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll checks passed.');
