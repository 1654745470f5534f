import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/server/test/server-process';
import { axeViolations, screenshot, viewports } from './browser';

/**
 * Two-step sign-in in Chromium, on a server of this file's own: passkeys belong to a host name (WebAuthn refuses an
 * IP address such as the shared server's 127.0.0.1), so this one's PUBLIC_URL is http://localhost:PORT; and its
 * staff member gets second factors the other files' admin must not have.
 */
const STAFF = { email: 'two-step@clinic.test', password: 'Ragweed-season-9' };
let origin: string;
let server: ChildProcess;
let dataDir: string;
let browser: Browser;

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy');
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'clinic-e2e-two-step-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      PAYMENTS: 'test',
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      SEED: 'false',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      // Contexts that must not share the sign-in limits come from addresses of their own (X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // localhost is the server's IPv4 address only: it listens on 127.0.0.1.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--host-resolver-rules=MAP localhost 127.0.0.1',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The app's code for the 30-second step `stepsAhead` after now (the server takes one step either side). */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Whether the control is where the keyboard's focus is. */
const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL('**/login');
}

/** Screenshots at both widths, and axe on each, of the screen as it is now. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page, `${name} @${viewport.width}`)).toEqual([]);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

describe('two-step sign-in', () => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext({ baseURL: origin, viewport: viewports.desktop });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(() => context?.close());

  it('sets up the authenticator app from the key shown, and signs in with a code from it', async () => {
    await signInWithPassword(page);
    await page.waitForURL('**/admin');
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Your account' })
      .click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await lookAt(page, 'account-second-factor');

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = page.getByTestId('totp-secret');
    await key.waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await key.textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await lookAt(page, 'account-totp-setup');
    // A wrong code: the field says so and has the keyboard again (not the page, nor a disabled button).
    const setupCode = page.getByLabel('Enter the 6-digit code the app shows');
    await setupCode.fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('That code is not right. Check it and try again.').waitFor();
    await expect.poll(() => isFocused(page, 'Enter the 6-digit code the app shows')).toBe(true);
    await lookAt(page, 'account-totp-wrong-code');
    await setupCode.fill(appCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('region', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await lookAt(page, 'account-recovery-codes');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left.').waitFor();

    await logOut(page);
    await signInWithPassword(page);
    const code = page.getByLabel('Code from your authenticator app');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Use a recovery code' }).waitFor();
    await lookAt(page, 'login-second-step');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That code is not right. Check it and try again.').waitFor();
    // The set-up used this step's code: the next step's is one the app shows within 30 seconds.
    await code.fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/admin(\/account)?$/);
    expect(errors).toEqual([]);
  });

  it('returns to the password, e-mail kept and password focused, when the fifth wrong code ends the sign-in', async () => {
    // An address of its own: five wrong codes hold the sign-in limits of the address they came from.
    const elsewhere = await browser.newContext({
      baseURL: origin,
      viewport: viewports.phone,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' },
    });
    const tab = await elsewhere.newPage();
    tab.on('pageerror', (error) => errors.push(error.message));
    await signInWithPassword(tab);
    const code = tab.getByLabel('Code from your authenticator app');
    await code.waitFor();
    // 'Back to the password' keeps the e-mail and puts the keyboard on the password.
    await tab.getByRole('button', { name: 'Back to the password' }).click();
    await expect.poll(() => isFocused(tab, 'Password')).toBe(true);
    expect(await tab.getByLabel('E-mail').inputValue()).toBe(STAFF.email);
    await tab.getByLabel('Password', { exact: true }).fill(STAFF.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await code.waitFor();
    const answered = () =>
      tab.waitForResponse((response) => response.url().endsWith('/api/admin/autorization/second_factor'));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await code.fill('000000');
      const answer = answered();
      await tab.getByRole('button', { name: 'Continue' }).click();
      expect((await answer).status()).toBe(401);
      await tab.getByText('That code is not right. Check it and try again.').waitFor();
      expect(await isFocused(tab, 'Code from your authenticator app')).toBe(true);
    }
    await code.fill('000000');
    await tab.getByRole('button', { name: 'Continue' }).click();
    const said = tab.getByRole('alert').filter({ hasText: 'that was the fifth wrong try' });
    await said.waitFor();
    expect(await said.textContent()).toBe(
      'That code is not right either, and that was the fifth wrong try: this sign-in has ended. Please sign in again with your password.',
    );
    await tab.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await tab.getByLabel('E-mail').inputValue()).toBe(STAFF.email);
    expect(await tab.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => isFocused(tab, 'Password')).toBe(true);
    await lookAt(tab, 'login-second-step-ended');
    await elsewhere.close();
    expect(errors).toEqual([]);
  });

  it('adds a passkey (a virtual authenticator) and signs in with it', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto('/admin/account');
    await page.getByLabel('Name of the passkey (optional)').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop').waitFor();
    await lookAt(page, 'account-passkeys');

    await logOut(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    // Back where the sign-out left from: /login was reloaded with its state.
    await page.waitForURL(/\/admin(\/account)?$/);
    expect(errors).toEqual([]);
  });

  it('lets an administrator require it, and leads one without a second factor to set one up', async () => {
    await page.goto('/admin/settings');
    const label = 'Require two-step sign-in of every staff member';
    const required = page.getByLabel(label);
    // With a second factor of one's own nothing is asked: the box saves, and keeps the keyboard while it does.
    await required.focus();
    await page.keyboard.press('Space');
    await page.getByText('Two-step sign-in is now required of every staff member.').waitFor();
    expect(await required.isChecked()).toBe(true);
    expect(await isFocused(page, label)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await lookAt(page, 'settings');
    await page.keyboard.press('Space');
    await page.getByText('Two-step sign-in is no longer required.').waitFor();
    expect(await required.isChecked()).toBe(false);
    expect(await isFocused(page, label)).toBe(true);

    // Removing a passkey asks for the password, as removing the app does; a wrong one keeps the dialog open.
    await page.goto('/admin/account');
    await page.getByRole('button', { name: 'Remove Test laptop' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect.poll(() => isFocused(page, 'Your password')).toBe(true);
    await removal.getByRole('button', { name: 'Remove' }).click();
    await removal
      .getByText('Enter your password, or a code from your authenticator app, to remove it.')
      .waitFor();
    await removal.getByLabel('Your password').fill('Not-the-password-1');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await removal.getByText('That password is not right. Check it and try again.').waitFor();
    await expect.poll(() => isFocused(page, 'Your password')).toBe(true);
    await lookAt(page, 'account-passkey-removal');
    await removal.getByLabel('Your password').fill(STAFF.password);
    await removal.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Remove the app' }).click();
    await page.getByLabel('Your password, to confirm').fill(STAFF.password);
    await page
      .getByRole('form', { name: 'Remove the authenticator app' })
      .getByRole('button', { name: 'Remove the app' })
      .click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();

    // Without one of their own, the administrator is told first that they will have to set one up at once.
    await page.goto('/admin/settings');
    await page
      .getByText('You have none yet: you would have to set yours up at once, on Your account.')
      .waitFor();
    await required.click();
    const warning = page.getByRole('dialog', { name: 'Require two-step sign-in, yours too?' });
    await warning.getByRole('button', { name: 'Require it and set mine up' }).click();
    // Only the account page is open now.
    await page.waitForURL('**/admin/account');
    const lead = page.getByText('The clinic requires two-step sign-in.');
    await lead.waitFor();
    await page.goto('/admin/faq');
    await page.waitForURL('**/admin/account');
    await lead.waitFor();
    await lookAt(page, 'account-required');
    expect(errors).toEqual([]);
  });
});
