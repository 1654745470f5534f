import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic } from '../src/shared/clinic';
import { PUBLIC_PAGE_PATHS } from '../src/shared/public-pages';
import {
  axeViolations,
  baseUrl,
  firstRecordId,
  launchBrowser,
  openPage,
  pageWidth,
  screenshot,
  viewportSweep,
  waitForHydration,
  waitUntilLive,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const firstTeamMemberPath = async () =>
  `/employee/${await firstRecordId('/api/team_members', 'team_members')}`;

describe('every public page', () => {
  // One test per width: each sweeps every screen, minutes on a busy machine.
  it.each(
    viewportSweep,
  )('has no axe-core violations and asks no third party for anything, at $width px', async (viewport) => {
    const paths = [...PUBLIC_PAGE_PATHS, await firstTeamMemberPath()];
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
  }, 180_000);
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
    await waitUntilLive(tabs);
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

/** The attributes and box of each image `images` finds, once every one of them has loaded (lazy ones scrolled to). */
async function loadedImages(images: Locator) {
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((element: HTMLImageElement) =>
      element.complete ? undefined : new Promise((resolve) => element.addEventListener('load', resolve)),
    );
  }
  return images.evaluateAll((elements: HTMLImageElement[]) =>
    elements.map((element) => ({
      alt: element.getAttribute('alt'),
      width: element.getAttribute('width'),
      height: element.getAttribute('height'),
      loaded: element.naturalWidth > 0,
      shown: element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0,
    })),
  );
}

/**
 * Every image found has width and height attributes, loaded, shows, and has the alt text `alt` expects
 * (decorative by default: alt "").
 */
async function expectSizedImages(images: Locator, label: string, alt: unknown = '') {
  for (const image of await loadedImages(images)) {
    expect({ label, ...image }).toEqual({
      label,
      alt,
      width: expect.stringMatching(/^\d+$/),
      height: expect.stringMatching(/^\d+$/),
      loaded: true,
      shown: true,
    });
  }
}

/**
 * The layout shifts the page has had so far: their sum (the CLS figure's raw sum; the page stays still: 0) and, for
 * a failure's message, what moved in each (tag and class, from where to where).
 */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ sum: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const describe = (shift: Shift) =>
          (shift.sources ?? []).map(({ node, previousRect: from, currentRect: to }) => {
            const element = node instanceof Element ? node : node?.parentElement;
            const name = element
              ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`
              : '?';
            return `${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${name} ${from.y}→${to.y} (h ${from.height}→${to.height})`;
          });
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as Shift[];
          resolve({
            sum: shifts.reduce((sum, shift) => sum + shift.value, 0),
            moved: shifts.flatMap(describe),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer is never called.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ sum: 0, moved: [] })));
      }),
  );

async function expectStill(page: Page) {
  const { sum, moved } = await layoutShifts(page);
  expect(sum, moved.join('\n')).toBeLessThan(0.01);
}

/** The play button of the video on the page: labelled with the video's title, in the poster's centre. */
async function expectCentredPlayButton(page: Page, title: string) {
  const button = page.getByRole('button', { name: `Play the video: ${title}` });
  await button.scrollIntoViewIfNeeded();
  const poster = page.locator('.info-video__poster');
  await expectSizedImages(poster, `${page.url()} poster`);
  const [buttonBox, posterBox] = [await button.boundingBox(), await poster.boundingBox()];
  if (!buttonBox || !posterBox) throw new Error('the play button or the poster has no box');
  const centre = (box: { x: number; y: number; width: number; height: number }) => ({
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(Math.abs(centre(buttonBox).x - centre(posterBox).x)).toBeLessThan(3);
  expect(Math.abs(centre(buttonBox).y - centre(posterBox).y)).toBeLessThan(3);
  expect(buttonBox.height).toBeGreaterThanOrEqual(44);
  expect(await button.textContent()).toBe('Play the video');
}

describe('imagery', () => {
  it('home: the hero, the allergy-type icons and the video poster, sized before they load, at 360 and 1280 px', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, requests, context } = await openPage(browser, { viewport });
      await page.goto('/');
      await waitForHydration(page);
      await expectSizedImages(page.locator('img.hero__art'), 'hero');
      const icons = page.locator('.allergy-tabs__icon');
      await waitUntilLive(icons.first());
      expect(await icons.count()).toBe(7);
      await expectSizedImages(icons, 'allergy-type icons');
      await expectCentredPlayButton(page, clinic.videos.home.title);
      await expectStill(page);
      expect(await axeViolations(page, `/ @${viewport.width}`)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `imagery-home-${viewport.width}`);
      // Nothing comes from YouTube until the visitor presses play; then the player replaces the poster.
      expect(requests.filter((url) => !url.startsWith(baseUrl()))).toEqual([]);
      expect(errors).toEqual([]);
      await page.getByRole('button', { name: /^Play the video: / }).click();
      await page.locator('.info-video iframe').waitFor();
      expect(await page.locator('.info-video__poster').count()).toBe(0);
      await context.close();
    }
  });

  it('the allergy test and about pages: their poster and icons', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/allergy_test');
      await waitForHydration(page);
      await expectCentredPlayButton(page, clinic.videos.allergyTest.title);
      await screenshot(page, `imagery-allergy-test-${viewport.width}`);
      await page.goto('/about_us');
      await waitForHydration(page);
      await expectSizedImages(page.locator('.allergy-tabs__icon'), 'about icons');
      await page.getByRole('button', { name: 'Food' }).click();
      await screenshot(page, `imagery-about-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the blog list and an article show their covers, sized before they load', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/blog');
      await waitForHydration(page);
      const covers = page.locator('img.blog-card__image');
      expect(await covers.count()).toBe(4);
      // The seeded covers are described (issue 21): each card's image says what it shows.
      await expectSizedImages(covers, 'blog covers', expect.stringMatching(/^Illustration: .{20,}\.$/));
      await expectStill(page);
      await screenshot(page, `imagery-blog-${viewport.width}`);
      await page.locator('.blog-card__title a').first().click();
      await page.waitForURL('**/article/*');
      // The router changes the URL before the article has arrived.
      await page.locator('img.article__image').waitFor();
      await expectSizedImages(
        page.locator('img.article__image'),
        'article cover',
        expect.stringMatching(/^Illustration: .{20,}\.$/),
      );
      expect(await page.locator('img.article__image').getAttribute('src')).toMatch(/^\/uploads\//);
      expect(await axeViolations(page, `article @${viewport.width}`)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `imagery-article-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('team members without a photo get an avatar: their initials on a disc of their own colour', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/our_team');
      await waitForHydration(page);
      const avatars = page.locator('.team-card .team-photo--initials');
      const count = await avatars.count();
      expect(count).toBe(await page.locator('.team-card').count());
      const looks = await avatars.evaluateAll((elements) =>
        elements.map((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return {
            text: element.textContent,
            hidden: element.getAttribute('aria-hidden'),
            square: box.width > 0 && Math.abs(box.width - box.height) < 0.5,
            ratio: style.aspectRatio,
            background: style.backgroundColor,
          };
        }),
      );
      for (const look of looks) {
        expect(look).toEqual({
          text: expect.stringMatching(/^\p{Lu}{1,2}$/u),
          hidden: 'true',
          square: true,
          ratio: '1 / 1',
          background: expect.stringMatching(/^rgb\(/),
        });
      }
      expect(new Set(looks.map((look) => look.background)).size).toBeGreaterThan(2);
      await screenshot(page, `imagery-team-${viewport.width}`);
      await page.locator('.team-card__link').first().click();
      await page.waitForURL('**/employee/*');
      const large = page.locator('.team-photo--large.team-photo--initials');
      await large.waitFor();
      expect(await large.textContent()).toBe(looks[0]?.text);
      await screenshot(page, `imagery-team-member-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
