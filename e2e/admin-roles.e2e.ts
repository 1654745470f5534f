import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, launchBrowser, openAdminPage, screenshot, viewportSweep } from './browser';

// The back office as reception sees it. The e2e server has one account (an administrator) and no way yet to
// make another, so the browser is told its role is reception (`/api/admin/me`); what the server refuses each
// role is tested against the role table in src/server/modules/auth/staff-roles.test.ts.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function asReception(page: Page): Promise<void> {
  await page.route('**/api/admin/me', (route) =>
    route.fulfill({
      json: {
        admin_user: { id: 1, email: 'reception@clinic.test', name: 'Rita Reception', role: 'reception' },
      },
    }),
  );
}

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link');

describe("reception's back office", () => {
  for (const viewport of viewportSweep) {
    it(`lists only what reception may use, and refuses Activity plainly, at ${viewport.width} px`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await asReception(page);
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      await page.getByText('Rita Reception').waitFor({ state: 'attached' });
      const menu = page.getByRole('navigation', { name: 'Admin menu' });
      if (viewport.width < 800) await page.getByRole('button', { name: 'Menu' }).click();
      await menu.getByRole('link', { name: 'E-mails' }).waitFor();
      expect(await menuLinks(page).allInnerTexts()).toEqual([
        'Booking Appointments',
        'Patients',
        'Blog',
        'Availability settings',
        'Team',
        'FAQ',
        'FEES',
        'E-mails',
      ]);
      await screenshot(page, `admin-roles-reception-menu-${viewport.width}`);

      await page.goto('/admin/activity');
      await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
      await page.getByText('Your role cannot do this.').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `role refused ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-roles-refused-${viewport.width}`);

      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("says so when the server refuses a screen's call for the role", async () => {
    const { page, context } = await openAdminPage(browser);
    await asReception(page);
    await page.route('**/api/admin/team_members?*', (route) =>
      route.fulfill({
        status: 403,
        json: { code: 'role_forbidden', error_messages: 'Your role cannot do this.' },
      }),
    );
    await page.goto('/admin/team');
    await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
    await page.getByText('Your role cannot do this.').waitFor();
    // Another screen is the role's again.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await context.close();
  });
});
