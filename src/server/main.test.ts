// The real server process refuses to start on a public PUBLIC_URL without Stripe keys, or with a RETENTION_DAYS
// it cannot read: it exits non-zero with the configuration's message before it opens a database or listens.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeArgumentsFor } from './test/server-process';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

let scratch: string;
/** Held by the test while the server runs: had the server got as far as listening, it would fail on it. */
let heldPort: Server;
let port: number;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'clinic-main-test-'));
  heldPort = createServer();
  await new Promise<void>((resolve) => heldPort.listen(0, '127.0.0.1', resolve));
  const address = heldPort.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((resolve) => heldPort.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the server (`nodeArgumentsFor`) to its end; answers its exit code and output. */
async function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, nodeArgumentsFor('main'), {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(scratch, 'db'),
      // Whatever the shell running the tests has: empty is unset for readConfig.
      DATABASE_URL: '',
      PAYMENTS: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_URL: '',
      CLINIC_PREPARE_DATABASE_ONLY: '',
      RETENTION_DAYS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { code, stdout, stderr };
}

describe('the server process', () => {
  it('exits non-zero without listening on a public PUBLIC_URL with no Stripe keys, saying what to set', async () => {
    const { code, stdout, stderr } = await runServer({ PUBLIC_URL: 'https://dublinallergyclinic.ie' });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Invalid configuration: PUBLIC_URL https://dublinallergyclinic.ie is not a local address and no Stripe keys are set, so bookings would be marked paid without taking any money. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take card payments through Stripe, or PAYMENTS=test for a demonstration site where no real payment is taken.',
    );
    // Nothing logged (no "Server listening", no "site ready"), no database made, and the port it was
    // given is still only the test's (listening on it would have ended in EADDRINUSE instead).
    expect(stdout).toBe('');
    expect(existsSync(join(scratch, 'db'))).toBe(false);
    expect(heldPort.listening).toBe(true);
  }, 120_000);

  it('exits non-zero without listening on a RETENTION_DAYS that is no whole number of days, saying what it expects', async () => {
    const { code, stdout, stderr } = await runServer({ RETENTION_DAYS: '90 days' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Invalid configuration:\n  RETENTION_DAYS: expected a whole number of days from 1 to 3650 (the privacy policy says 90); not "90 days"\n',
    );
    expect(stdout).toBe('');
    expect(existsSync(join(scratch, 'db'))).toBe(false);
  }, 120_000);
});
