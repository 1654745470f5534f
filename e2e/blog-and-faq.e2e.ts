import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/shared/escape-html';
import { baseUrl, launchBrowser, openPage, waitForHydration } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('blog', () => {
  it('shows four articles a page and pages with the selector, also without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, errors, context } = await openPage(browser, { javaScriptEnabled });
      await page.goto('/blog');
      expect(await page.locator('.blog-card').count()).toBe(4);
      const firstTitle = await page.locator('.blog-card__title').first().textContent();
      const pages = page.getByRole('navigation', { name: 'Blog pages' });
      await pages.getByRole('link', { name: /^2$|page 2/i }).click();
      await page.waitForURL('**/blog?page=2');
      // With JavaScript the URL changes before page 2's articles have arrived.
      await expect
        .poll(() => page.locator('.blog-card__title').first().textContent(), { timeout: 10_000 })
        .not.toBe(firstTitle);
      expect(await page.locator('.blog-card').count()).toBeGreaterThan(0);
      expect(await pages.locator('[aria-current="page"]').textContent()).toContain('2');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('opens an article with its Open Graph tags, content and More From section', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/blog');
    const title = (await page.locator('.blog-card__title').first().textContent())?.trim() ?? '';
    await page.locator('.blog-card__title a').first().click();
    await page.waitForURL('**/article/*');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('heading', { name: 'More From the Blog' }).count()).toBe(1);
    const html = await (await fetch(page.url())).text();
    expect(html).toContain(`<meta property="og:type" content="article" />`);
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(title)}" />`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers 404 for a missing article or team member and says so, with and without JavaScript', async () => {
    const response = await fetch(`${baseUrl()}/article/no-such-article`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Article not found');
    expect(html).not.toContain('Loading the article');
    const missing: [path: string, heading: string, explanation: string][] = [
      ['/article/no-such-article', 'Article not found', 'does not exist or is no longer published'],
      ['/employee/999999', 'Team member not found', 'is not on the clinic team page'],
    ];
    for (const [path, heading, explanation] of missing)
      for (const javaScriptEnabled of [false, true]) {
        const { page, errors, context } = await openPage(browser, { javaScriptEnabled });
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (javaScriptEnabled) await waitForHydration(page);
        expect(await page.getByRole('alert').filter({ hasText: explanation }).count()).toBe(1);
        expect(await page.title()).toMatch(/not found/i);
        expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
        await context.close();
      }
  });
});

describe('FAQs', () => {
  it('expand and collapse', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/faq');
    await waitForHydration(page);
    const first = page.locator('.faq-item__heading button').first();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    const panelId = (await first.getAttribute('aria-controls')) ?? '';
    expect(await page.locator(`#${panelId}`).isVisible()).toBe(true);
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator(`#${panelId}`).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
