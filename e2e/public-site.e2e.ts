import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic } from '../src/shared/clinic';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openPage,
  pageWidth,
  SCREENSHOTS,
  screenshot,
  viewportSweep,
  viewports,
  waitForHydration,
  waitUntilLive,
} from './browser';

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

  it("downloads the footer and the home page's allergy types only when they come near the screen, then brings them to life", async () => {
    const { page, errors, requests, context } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const deferredCode = () =>
      requests.filter((url) => /\/assets\/(site-footer|allergy-type-tabs)-[\w-]+\.js$/.test(url));
    expect(deferredCode()).toEqual([]);
    // The server's HTML is there meanwhile, links and all.
    expect(
      await page
        .locator('footer')
        .getByRole('link', { name: /privacy/i })
        .count(),
    ).toBe(1);
    const tabs = page.getByRole('button', { name: /house dust mite/i });
    await waitUntilLive(tabs);
    await tabs.click();
    await expect.poll(() => tabs.getAttribute('aria-expanded')).toBe('true');
    await waitUntilLive(page.locator('footer'));
    expect(deferredCode()).toHaveLength(2);
    expect(await page.locator('footer').count()).toBe(1);
    expect(await page.locator('.site-footer__location').count()).toBe(clinic.locationList.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the keyboard where the visitor tabbed to while the footer was still coming to life', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: viewports.desktop });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/site-footer-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.getAttribute('href')} ${element?.getAttribute('aria-label')}`;
      });
    await page.locator('footer a').first().focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
    const before = await focused();
    expect(before).not.toBe(`${await page.locator('footer a').first().getAttribute('href')} null`);
    release();
    await expect.poll(() => page.locator('[data-deferred-pending] footer').count()).toBe(0);
    await expect.poll(focused).toBe(before);
    expect(errors).toEqual([]);
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

  it('loads the next page anew when its code is gone (a new release while the tab was open)', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/');
    await waitForHydration(page);
    // The FAQ page's code answers 404 once, as the old release's files do once a new one is served.
    let refused = 0;
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'FAQs', exact: true }).click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe('/faq');
    await page.getByRole('heading', { level: 1, name: /FAQ/i }).waitFor();
    expect(await page.getByText('Sorry, something went wrong').count()).toBe(0);
    expect(refused).toBe(1);
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
    await waitUntilLive(page.locator('footer'));
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

  it('redirects an unknown path to /, a booking page of an unknown kind too, loaded or followed in the app', async () => {
    const { page, context } = await openPage(browser);
    for (const path of ['/no/such/page', '/sessions_availability/booking_other']) {
      const response = await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe('/');
      expect(response?.status(), path).toBe(200);
    }
    // A path starting with two slashes too, answered by the server before any page is drawn.
    for (const path of ['//blog', '//evil.example/x']) {
      const response = await page.request.get(`${baseUrl()}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe('/');
    }
    await page.goto('/sessions_availability/booking_test');
    await waitForHydration(page);
    // Followed inside the app (no page load): the router's own redirect.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/sessions_availability/constructor');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/');
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
    // Pressed before the footer is live (it comes to life near the screen), the press is done again once it is.
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    await context.close();
  });
});

describe('the clinic locations (issue 21)', () => {
  const expectedHours = (compact: boolean) =>
    clinic.locationList.map((place) => ({
      label: place.label,
      hours: place.hours.map(
        (hours) => `${compact ? hours.shortDays : hours.days} ${hours.opens}–${hours.closes}`,
      ),
    }));

  it('lists every location with its address, hours and directions in the footer and on the contact page, at 360 and 1280 px', async () => {
    expect(clinic.locationList.map((place) => place.label)).toEqual([
      'Suite 12, Sandyford (adults)',
      'Suite 23, Blackrock (adults)',
      'Suite 36, Sandyford (children)',
    ]);
    for (const viewport of viewportSweep) {
      const { page, requests, errors, context } = await openPage(browser, { viewport });
      for (const [path, scope, compact] of [
        ['/', 'footer .site-footer__location', true],
        ['/contact_us', 'main .contact-page__location', false],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        const places = page.locator(scope);
        expect(await places.count()).toBe(3);
        const shown = await places.evaluateAll((items) =>
          items.map((item) => ({
            label: item.querySelector('h3')?.textContent ?? '',
            address: item.querySelector('address')?.textContent ?? '',
            // The days as shown (the footer's short ones are hidden from screen readers, which hear them in full).
            hours: [...item.querySelectorAll('dt')].map((days) => {
              const shownDays = (days.querySelector('[aria-hidden="true"]') ?? days).textContent;
              const times = [...(days.nextElementSibling?.querySelectorAll('time') ?? [])];
              return `${shownDays} ${times.map((time) => time.textContent).join('–')}`;
            }),
          })),
        );
        expect(shown.map(({ label, hours }) => ({ label, hours }))).toEqual(expectedHours(compact));
        for (const [index, place] of clinic.locationList.entries()) {
          expect(shown[index]?.address).toContain(place.postcode);
          const directions = places
            .nth(index)
            .getByRole('link', { name: `Directions to ${place.label}, opens in a new tab`, exact: true });
          expect(await directions.getAttribute('href')).toBe(place.directionsUrl);
          expect(await directions.getAttribute('target')).toBe('_blank');
        }
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `${path} locations @${viewport.width}`)).toEqual([]);
        if (path === '/contact_us') await screenshot(page, `locations-contact-${viewport.width}`);
        else {
          await mkdir(SCREENSHOTS, { recursive: true });
          await page
            .locator('footer')
            .screenshot({ path: `${SCREENSHOTS}/locations-footer-${viewport.width}.png` });
        }
      }
      // No map is asked of Google until a 'Show map' is clicked; then only that location's.
      const external = () => requests.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:'));
      expect(external()).toEqual([]);
      expect(await page.locator('iframe').count()).toBe(0);
      await page.getByRole('button', { name: /^Show map\W+Suite 23, Blackrock \(adults\)$/ }).click();
      const frame = page.locator('main iframe');
      expect(await frame.count()).toBe(1);
      expect(await frame.getAttribute('src')).toBe(clinic.locations.adult_2.mapEmbedUrl);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000); // two pages at two widths, each checked by axe
});
