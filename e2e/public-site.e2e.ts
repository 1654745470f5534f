import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, pageWidth, viewports, waitForHydration } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('public site', () => {
  it('shows a page with JavaScript off, with its head tags from the server', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto('/our_team');
    await page.getByRole('heading', { level: 1, name: 'Our Team' }).waitFor();
    expect(await page.title()).toMatch(/^Our Team \| /);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/our_team`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Our Team');
    await context.close();
  });

  it('hydrates without errors and without fetching its data again', async () => {
    const { page, errors, requests, context } = await openPage(browser);
    await page.goto('/our_team');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
    await context.close();
  });

  it('navigates with the menu and submenus on a desktop', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/');
    // The submenu buttons open their menus once React runs; a click before hydration does nothing.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Patient Info' }).click();
    await page.getByRole('link', { name: 'Allergy Symptoms' }).click();
    await page.waitForURL('**/allergy_symptoms');
    await page.getByRole('heading', { level: 1, name: 'Allergy Symptoms' }).waitFor();
    expect(await page.title()).toMatch(/^Allergy Symptoms \| /);
    await page.getByRole('button', { name: 'About us' }).click();
    await page.getByRole('link', { name: 'Our Team' }).click();
    await page.waitForURL('**/our_team');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles the menu at 360 px and fits the screen', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/');
    await waitForHydration(page);
    const faqLink = page.getByRole('link', { name: 'FAQs', exact: true });
    expect(await faqLink.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await faqLink.click();
    await page.waitForURL('**/faq');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('scrolls to the top on navigation', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page
      .locator('footer')
      .getByRole('link', { name: /privacy/i })
      .first()
      .click();
    await page.waitForURL('**/privacy_policy');
    // The router changes the URL before React commits the new page (a transition), then scrolls.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('redirects an unknown path to /', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto('/no/such/page');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(response?.status()).toBe(200);
    await context.close();
  });

  it('loads the map only after a click', async () => {
    const { page, requests, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const external = () => requests.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:'));
    expect(external()).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    await page
      .getByRole('button', { name: /show map|load map/i })
      .first()
      .click();
    expect(await page.locator('iframe').count()).toBe(1);
    await context.close();
  });
});
