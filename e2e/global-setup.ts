import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startFakeTwilio } from '../src/server/test/fake-twilio';
import { freePort } from '../src/server/test/server-process';

export const E2E_ADMIN = { email: 'admin@clinic.test', password: 'Pollen-count-12' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the local mail server keeps what the server sent: one JSON file a message (e2e/mailbox.ts). */
    mailDir: string;
  }
}

/**
 * A real local SMTP server that keeps every message the e2e server sends in `dir`, as `{ to, raw }` JSON, one
 * file a message, so the browser tests (other processes) can read what a patient was e-mailed. STARTTLS is off
 * (its built-in certificate has expired) and no sign-in is asked.
 */
async function startMailServer(dir: string): Promise<{ server: SMTPServer; port: number }> {
  await mkdir(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // A mailbox that does not exist (@bounce.test) is refused for good, as a real server refuses it: the outbox
    // screen's failed e-mails come from it.
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) {
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = `${String(Date.now()).padStart(15, '0')}-${String(received).padStart(5, '0')}.json`;
        const message = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        writeFile(join(dir, name), JSON.stringify(message)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** How long a fresh server may take to start: the database is made, migrated and seeded first (minutes on a busy machine). */
const START_MS = 180_000;

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy in ${START_MS / 1000} s`);
}

/**
 * Starts the production build on a fresh embedded database with demonstration content and an admin, sending its
 * e-mail to a local mail server.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-e2e-'));
  const mailDir = join(dataDir, 'mail');
  const mail = await startMailServer(mailDir);
  // Texts go to a local fake of Twilio's API (its SDK pointed at it): staff see texts set up and their delivery.
  const twilio = await startFakeTwilio();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      // The booking tests pay with the test mode's cards, whatever Stripe keys the shell has.
      PAYMENTS: 'test',
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+353861234567',
      TWILIO_API_URL: twilio.url,
      LOG_LEVEL: 'warn',
      // Tests make slots on days of their own, any of which may be a public holiday: none is closed.
      PUBLIC_HOLIDAYS: 'false',
      // Each test's visitor names its own address (e2e/browser.ts visitorAddress), as a proxy in front would.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const teardown = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    await twilio.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    // Nothing is left running when the server never came up.
    await teardown();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  return teardown;
}
