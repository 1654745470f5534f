import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, pageWidth, viewports } from './browser';
import { E2E_ADMIN } from './global-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('admin sign-in', () => {
  it('signs in, shows the admin menu and signs out', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(E2E_ADMIN.email);
    await page.getByLabel(/password/i).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL('**/admin');
    const menu = page.getByRole('navigation', { name: /admin/i });
    await menu.waitFor();
    for (const item of [
      'Calendar',
      'Booking Appointments',
      'Blog',
      'Availability settings',
      'Team',
      'FAQ',
      'FEES',
    ]) {
      await expect(menu.getByRole('link', { name: item, exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await page.locator('footer').count()).toBe(0);

    // A signed-in visitor of /login goes to /admin.
    await page.goto('/login');
    await page.waitForURL('**/admin');

    // The back office closes before the token is revoked, so no read it starts meanwhile is refused: the
    // revoking call is held here until the page is at /login without its token, then sent with it.
    let release = (): void => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sentToken: string | null = null;
    await page.route('**/api/admin/autorization/logout', async (route) => {
      sentToken = route.request().headers().authorization ?? null;
      await released;
      await route.fallback();
    });
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const revoked = page.waitForResponse('**/api/admin/autorization/logout');
    release();
    expect((await revoked).status()).toBe(204);
    expect(sentToken).toBe(`Bearer ${token}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out everywhere after a confirmation', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(E2E_ADMIN.email);
    await page.getByLabel(/password/i).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL('**/admin');
    const everywhere = page.getByRole('button', { name: 'Sign out everywhere' });
    await everywhere.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await everywhere.click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the notice for a wrong password', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(E2E_ADMIN.email);
    await page.getByLabel(/password/i).fill('Wrong-pw12');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it('shows the validation texts', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    // The validation code loads when the form is first used: wait for its first answer.
    await page.getByText('Required', { exact: true }).first().waitFor();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(2);
    await page.getByLabel(/e-?mail/i).fill('nope');
    await page.getByLabel(/password/i).fill('abc');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Too Short!', { exact: true }).waitFor();
    // Passphrases of up to 64 characters sign in; 'Too Long!' from 65 on.
    await page.getByLabel(/password/i).fill('a'.repeat(65));
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.getByText('Too Long!', { exact: true }).waitFor();
    await page.getByLabel(/password/i).fill('a'.repeat(64));
    await page.getByText('Too Long!', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('sends a signed-out deep link to /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/admin/blog');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('goes to /login when a stored token is no longer valid (any 401)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('auth_token', 'x'.repeat(43)));
    await page.goto('/admin');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('works at 360 px with the admin menu toggle', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(E2E_ADMIN.email);
    await page.getByLabel(/password/i).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL('**/admin');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    await page.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL('**/admin/faq');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const width = await pageWidth(page);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
