import { mkdir, readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { renderDeferred } from './render-deferred';

export const baseUrl = (): string => inject('baseUrl');

let visitorsMade = 0;
// Each test file's visitors share a random /24 (a file makes far fewer than 250), so files rarely share one.
const fileRange = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
/**
 * A client address of its own for one visitor (a browser context, a booking sent through the API), sent as
 * X-Forwarded-For to the e2e server, which trusts its loopback peer as a proxy (e2e/global-setup.ts). Without it every
 * test would come from 127.0.0.1 and share the per-address limits (bookings a minute, referrals an hour), so the
 * order CI runs the files in would decide which of them meets a 429. Tests of those limits use one visitor.
 */
export function visitorAddress(): string {
  visitorsMade += 1;
  return `${fileRange}.${(visitorsMade % 250) + 1}`;
}

/** Debian's Chromium, never a downloaded browser; flags that keep it off the closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors (React 19 reports hydration mismatches as page errors). */
  errors: string[];
  /** Every request the page made, by URL. */
  requests: string[];
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(), ...options.extraHTTPHeaders },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => requests.push(request.url()));
  return { context, page, errors, requests };
}

export const viewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The widths every screen is checked at: a small phone, then a desktop. */
export const viewportSweep = [viewports.phone, viewports.desktop] as const;

/** Signs the e2e admin in through the API; answers a fresh token. */
export async function adminToken(): Promise<string> {
  const { E2E_ADMIN } = await import('./global-setup');
  const response = await fetch(`${baseUrl()}/api/admin/autorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return ((await response.json()) as { data: { token: { auth_token: string } } }).data.token.auth_token;
}

/** A page already signed in to the back office (a fresh token from the API, in local storage). */
export async function openAdminPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  return openStaffPage(browser, await adminToken(), options);
}

/** A page signed in to the back office with a staff member's token (in local storage). */
export async function openStaffPage(
  browser: Browser,
  token: string,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await watched.context.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
  return watched;
}

/** The first record's id of a public list (the seed has content), e.g. ('/api/blogs', 'blogs'). */
export async function firstRecordId(path: string, key: string): Promise<number> {
  const response = await fetch(`${baseUrl()}${path}?page=1&per_page=1`);
  const body = (await response.json()) as Record<string, { id: number }[]>;
  const id = body[key]?.[0]?.id;
  if (!id) throw new Error(`no record at ${path}`);
  return id;
}

/** Waits until React runs the page: server-rendered pages are hydrated, the back office is rendered. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Scrolls to a part of the page hydrated later (the footer, the home page's allergy types:
 * components/deferred-part) and waits until it is live, so a click reaches React and not the server's HTML.
 */
export async function waitUntilLive(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  // The locator finds the element anew each time: the live part replaces the server's.
  await expect
    .poll(() => target.evaluate((element) => !element.closest('[data-deferred-pending]')))
    .toBe(true);
}

/**
 * Waits until the screen is in its final state, for checks of what it looks like (axe, widths,
 * screenshots): React running, fonts and every stylesheet loaded, no region busy (a list reading its
 * page, a form saving), no 'Loading…' placeholder, and no CSS transition or animation running, such as
 * a list's rows fading back in (endless ones, like a spinner, excepted). Never a fixed sleep.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => {
    const stylesheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    if (stylesheets.some((link) => link.sheet === null)) return false;
    if (document.fonts.status !== 'loaded') return false;
    if (document.querySelector('[aria-busy="true"], .rich-text-editor--loading')) return false;
    const placeholders = [...document.querySelectorAll('[role="status"]')];
    if (placeholders.some((element) => element.textContent?.trim().startsWith('Loading'))) return false;
    return document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      );
  });
}

/** The page's full width once settled: more than the viewport means sideways scrolling. */
export async function pageWidth(page: Page): Promise<number> {
  await waitForSettled(page);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** True when the settled page needs no sideways scrolling. */
export async function fitsWidth(page: Page): Promise<boolean> {
  await waitForSettled(page);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  if (!fits) {
    // Which elements stick out, so a failure on a busy CI run says what to fix.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 8)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${element.className} right=${Math.round(element.getBoundingClientRect().right)}: ${(element.textContent ?? '').slice(0, 60)}`,
        ),
    );
    console.warn(`${page.url()} is wider than ${page.viewportSize()?.width} px:\n${wide.join('\n')}`);
  }
  return fits;
}

/** axe-core's findings on the settled page, one line each ('{label}: {rule} {elements}'); [] when none. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  await waitForSettled(page);
  // Unpainted, their backgrounds would be misjudged in the contrast check.
  const restore = await renderDeferred(page);
  const results = await new AxeBuilder({ page }).analyze();
  await restore();
  return results.violations.map(
    (violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.html).join(' ')}`,
  );
}

export const SCREENSHOTS = 'test-results/screenshots';

/** A full-page screenshot of the settled page, as test-results/screenshots/{name}.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await waitForSettled(page);
  await mkdir(SCREENSHOTS, { recursive: true });
  const restore = await renderDeferred(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  await restore();
}

/** The lazy chunk of the rich-text editor (TipTap). */
export const isEditorChunk = (url: string) => /\/assets\/rich-text-editor-[^/]*\.js$/.test(url);

/** Confirms the slot editor's warning that slots lie outside their place's opening hours ('Save anyway'). */
export async function saveOutsideOpeningHours(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Save slots outside the opening hours?' });
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
}

/** Clicks a form's submit button. */
export const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Types into a list's search box and waits for the search to reach the address. */
export async function searchList(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await page.waitForURL(/search=/);
}

/** A success notice on screen (the notifications' polite region). */
export const notice = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** The file a download started by `click` saved: its suggested name and its bytes. */
export async function downloadOf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}
