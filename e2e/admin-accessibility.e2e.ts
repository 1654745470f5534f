import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openAdminPage, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The first record's id of an admin list, read through the public API (the seed has content). */
async function firstId(path: string, key: string): Promise<number> {
  const response = await fetch(`${baseUrl()}${path}`);
  const body = (await response.json()) as Record<string, { id: number }[]>;
  const id = body[key]?.[0]?.id;
  if (!id) throw new Error(`no record at ${path}`);
  return id;
}

describe('back-office screens', () => {
  it('have no axe-core violations and fit the screen at 360 px and 1280 px', async () => {
    const articleId = await firstId('/api/blogs?per_page=1', 'blogs');
    const memberId = await firstId('/api/team_members?per_page=1', 'team_members');
    const faqId = await firstId('/api/fa_questions?per_page=1', 'fa_questions');
    const categoryId = await firstId('/api/fee_categories?per_page=1', 'fee_categories');
    const paths = [
      '/admin/blog',
      '/admin/article/create',
      `/admin/article/${articleId}`,
      '/admin/team',
      '/admin/team/add',
      `/admin/team/edit/${memberId}`,
      '/admin/faq',
      '/admin/faq/add',
      `/admin/faq/edit/${faqId}`,
      '/admin/fees',
      '/admin/fees/add',
      `/admin/fees/${categoryId}`,
      `/admin/fees/${categoryId}/services`,
      `/admin/fees/${categoryId}/services/add`,
    ];
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      for (const path of paths) {
        await page.goto(path);
        await page.locator('main h1').waitFor();
        // Lists and forms show their content once their data has arrived.
        await page.locator('main table, main form').first().waitFor();
        if (path.startsWith('/admin/article')) await page.locator('.rich-text-editor__content').waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map(
            (v) => `${path} @${viewport.width}: ${v.id} ${v.nodes.map((n) => n.html).join(' ')}`,
          ),
        ).toEqual([]);
        expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
          path,
          width: viewport.width,
        });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000); // a sweep of every screen at two widths: minutes on a busy machine
});
