import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, launchBrowser, openAdminPage, screenshot, viewportSweep } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('an address under /admin that is no back-office screen', () => {
  for (const viewport of viewportSweep) {
    it(`says Not found, with a way back to the dashboard, at ${viewport.width} px`, async () => {
      const { page, errors } = await openAdminPage(browser, { viewport });
      // The outbox is /admin/emails: its old name is no screen.
      await page.goto('/admin/outbox');
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
      await page.getByText('There is no back-office page at /admin/outbox.').waitFor();
      expect(await page.getByText(/coming soon/i).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `not found ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-not-found-${viewport.width}`);

      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');
      expect(errors).toEqual([]);
    });
  }

  it('says so for a deeper path under a real screen too, naming it', async () => {
    const { page, errors } = await openAdminPage(browser);
    await page.goto('/admin/blog/no-such-screen/at-all');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await page.getByText('There is no back-office page at /admin/blog/no-such-screen/at-all.').waitFor();
    expect(errors).toEqual([]);
  });
});
