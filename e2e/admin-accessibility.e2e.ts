import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  firstRecordId,
  launchBrowser,
  openAdminPage,
  pageWidth,
  viewportSweep,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('back-office screens', () => {
  it('have no axe-core violations and fit the screen at 360 px and 1280 px', async () => {
    const articleId = await firstRecordId('/api/blogs', 'blogs');
    const memberId = await firstRecordId('/api/team_members', 'team_members');
    const faqId = await firstRecordId('/api/fa_questions', 'fa_questions');
    const categoryId = await firstRecordId('/api/fee_categories', 'fee_categories');
    const lists = [
      '/admin/blog',
      '/admin/team',
      '/admin/faq',
      '/admin/fees',
      `/admin/fees/${categoryId}/services`,
    ];
    const forms = [
      '/admin/article/create',
      `/admin/article/${articleId}`,
      '/admin/team/add',
      `/admin/team/edit/${memberId}`,
      '/admin/faq/add',
      `/admin/faq/edit/${faqId}`,
      '/admin/fees/add',
      `/admin/fees/${categoryId}`,
      `/admin/fees/${categoryId}/services/add`,
    ];
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      for (const path of [...lists, ...forms]) {
        await page.goto(path);
        await page.locator('main h1').waitFor();
        // Lists show their rows, forms their fields; axeViolations and pageWidth then wait for the
        // screen to settle (styles, fonts, no busy table, no transition running).
        if (lists.includes(path)) await page.locator('main table tbody tr').first().waitFor();
        else await page.locator('main form').waitFor();
        expect(await axeViolations(page, `${path} @${viewport.width}`)).toEqual([]);
        expect({ path, width: await pageWidth(page) }).toEqual({ path, width: viewport.width });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000); // a sweep of every screen at two widths: minutes on a busy machine
});
