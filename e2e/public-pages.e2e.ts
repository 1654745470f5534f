import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '../src/shared/public-pages';
import {
  axeViolations,
  baseUrl,
  firstRecordId,
  launchBrowser,
  openPage,
  pageWidth,
  viewportSweep,
  waitForHydration,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const firstTeamMemberPath = async () =>
  `/employee/${await firstRecordId('/api/team_members', 'team_members')}`;

describe('every public page', () => {
  it('has no axe-core violations and asks no third party for anything, at 360 px and 1280 px', async () => {
    const paths = [...PUBLIC_PAGE_PATHS, await firstTeamMemberPath()];
    for (const viewport of viewportSweep) {
      const { page, requests, errors, context } = await openPage(browser, { viewport });
      for (const path of paths) {
        requests.length = 0;
        const response = await page.goto(path);
        expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page, `${path} @${viewport.width}`)).toEqual([]);
        const external = requests.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:'));
        expect({ path, external }).toEqual({ path, external: [] });
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        expect(await page.locator('h1').count()).toBe(1);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000); // a sweep of every screen at two widths: minutes on a busy machine
});

describe('pages', () => {
  it('team list links to a member and back', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/our_team');
    const firstCard = page.locator('.team-card__link').first();
    const name = (await firstCard.locator('.team-card__name').textContent()) ?? '';
    await firstCard.click();
    await page.waitForURL('**/employee/*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toContain(name);
    await page.getByRole('link', { name: /back to our team/i }).click();
    await page.waitForURL('**/our_team');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the old team detail address works too', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    const path = (await firstTeamMemberPath()).replace('/employee/', '/our_team/');
    await page.goto(path);
    expect(await page.locator('h1').textContent()).toBeTruthy();
    await context.close();
  });

  it('the allergy-type tabs start closed and toggle', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    const tabs = page.getByRole('button', { name: /oral allergy syndrome/i });
    expect(await page.locator('[aria-expanded="true"]').count()).toBe(0);
    await tabs.click();
    expect(await tabs.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: /house dust mite/i }).click();
    expect(await tabs.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: /house dust mite/i }).click();
    expect(await page.locator('[aria-expanded="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves robots.txt and a sitemap', async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(await robots.text()).toContain('Sitemap:');
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain('/article/');
  });
});
