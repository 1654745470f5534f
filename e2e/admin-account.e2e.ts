import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  baseUrl,
  launchBrowser,
  openAdminPage,
  openPage,
  pageWidth,
  screenshot,
  viewportSweep,
  visitorAddress,
} from './browser';
import { E2E_ADMIN } from './global-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Signs the e2e admin in from another browser at an address of its own; answers its token and address. */
async function otherSession(): Promise<{ token: string; address: string }> {
  const address = visitorAddress();
  const response = await fetch(`${baseUrl()}/api/admin/autorization/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': firefoxOnWindows,
      'x-forwarded-for': address,
    },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const body = (await response.json()) as { data: { token: { auth_token: string } } };
  return { token: body.data.token.auth_token, address };
}

const meStatus = async (token: string) =>
  (await fetch(`${baseUrl()}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('Your account', () => {
  it.each(
    viewportSweep,
  )('lists the sessions and ends one after a confirmation, at $width px', async (viewport) => {
    const other = await otherSession();
    const { page, errors, context } = await openAdminPage(browser, { viewport });
    await page.goto('/admin');
    // A phone shows the menu behind its toggle.
    if (viewport.width < 700) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL('**/admin/account');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

    const sessions = page.getByRole('list', { name: 'Your sessions' });
    const mine = sessions.getByRole('listitem').filter({ hasText: 'This browser' });
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    const theirs = sessions.getByRole('listitem').filter({ hasText: other.address });
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain('Firefox 128 on Windows');

    expect(await axeViolations(page, `/admin/account @${viewport.width}`)).toEqual([]);
    expect(await pageWidth(page)).toBe(viewport.width);
    await screenshot(page, `admin-account-${viewport.width}`);

    await theirs.getByRole('button', { name: /End session: Firefox 128 on Windows/ }).click();
    const dialog = page.getByRole('dialog', { name: 'End this session?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Firefox 128 on Windows at ${other.address}`);
    if (viewport.width > 700) await screenshot(page, `admin-account-confirm-${viewport.width}`);
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expect.poll(() => theirs.count()).toBe(0);
    // The ended session's button went with its row: the focus lands on the page's main region, not the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await meStatus(other.token)).toBe(401);
    await expect.poll(() => mine.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out when this browser ends its own session', async () => {
    const { page, context } = await openAdminPage(browser);
    await page.goto('/admin/account');
    const mine = page.getByRole('listitem').filter({ hasText: 'This browser' });
    await mine.getByRole('button', { name: /Sign out here: / }).click();
    await page
      .getByRole('dialog', { name: 'Sign out here?' })
      .getByRole('button', { name: 'Sign out here' })
      .click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});

describe('a session that ran out', () => {
  it('leads to /login saying why, at 360 px and 1280 px', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openPage(browser, { viewport });
      // The server's 401 for a session unused past ADMIN_IDLE_MINUTES (its API tests move the clock; this
      // server's clock cannot be moved), for a token the browser still holds.
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('auth_token', 'x'.repeat(43)));
      await page.route('**/api/admin/**', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'session_idle',
            error_messages: 'You were signed out after 30 minutes without activity.',
          }),
        }),
      );
      await page.goto('/admin');
      await page.waitForURL('**/login');
      const reason = page
        .getByRole('status')
        .filter({ hasText: 'You were signed out after 30 minutes without activity.' });
      await reason.waitFor();
      expect(await axeViolations(page, `/login signed out @${viewport.width}`)).toEqual([]);
      expect(await pageWidth(page)).toBe(viewport.width);
      await screenshot(page, `login-signed-out-${viewport.width}`);
      // It is this arrival's news, not the sign-in page's for good.
      await page.unrouteAll();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await reason.count()).toBe(0);
      // The fake token answered 401 and was cleared; nothing else went wrong.
      expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
      await context.close();
    }
  });

  it('warns an administrator without a second factor before requiring two-step sign-in of everyone', async () => {
    const settings = async () =>
      (
        (await (
          await fetch(`${baseUrl()}/api/admin/settings`, {
            headers: { authorization: `Bearer ${(await otherSession()).token}` },
          })
        ).json()) as { settings: { require_second_factor: boolean } }
      ).settings.require_second_factor;
    expect(await settings()).toBe(false);
    const { page, errors, context } = await openAdminPage(browser);
    await page.goto('/admin/settings');
    const box = page.getByLabel('Require two-step sign-in of every staff member');
    await page
      .getByText('You have none yet: you would have to set yours up at once, on Your account.')
      .waitFor();
    await box.focus();
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Require two-step sign-in, yours too?' });
    await dialog.getByText('You have no authenticator app or passkey yet.', { exact: false }).waitFor();
    for (const viewport of viewportSweep) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `settings warning ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-settings-second-factor-warning-${viewport.width}`);
    }
    // Not now: nothing saved, the box as it was and the keyboard back on it. (Confirming here would leave the shared
    // server's admin able only to set one up: the second-factor file confirms on a server of its own.)
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await box.isChecked()).toBe(false);
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await settings()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
