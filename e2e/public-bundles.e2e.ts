import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PAGE_IDS, PUBLIC_PAGE_PATHS } from '../src/shared/public-pages';
import { baseUrl, firstRecordId, launchBrowser, openAdminPage, openPage, waitForSettled } from './browser';

/** The budget of a public page's first JavaScript, gzipped at level 9 as `npm run bench` counts it. */
const BUDGET_KB = 125;
/** Names Zod's own code keeps through minification: its classes register under `$Zod…`, its error as `ZodError`. */
const ZOD_MARKER = /\$Zod[A-Za-z]+|ZodError/;
/** The rich-text editor's engine (ProseMirror, under Tiptap) keeps its own name in its class names and errors. */
const EDITOR_MARKER = /ProseMirror/;
/** The takings chart's library (uPlot) keeps its legend's class name. */
const CHART_MARKER = /u-legend/;
/** The build's chunks of the back office and the editor, by the names Vite gives them. */
const BACK_OFFICE_CHUNK = /\/assets\/(?:[a-z-]*admin[a-z-]*|[a-z-]*rich-text-editor)-[\w-]+\.js$/;

/** How near the screen a deferred part comes before it loads (deferred-part.tsx). */
const NEAR_VIEWPORT_PX = 400;

let browser: Browser;
/** Each public page's scripts: their addresses and texts. */
const scriptsOf = new Map<string, { url: string; text: string }[]>();

/** The scripts `path` loads until it has settled, fetched again for their texts. */
async function loadedScripts(path: string, admin = false): Promise<{ url: string; text: string }[]> {
  const { page, context } = admin ? await openAdminPage(browser) : await openPage(browser);
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  await page.goto(path);
  await waitForSettled(page);
  // A part deferred until it comes near the screen (the footer) is first JavaScript where the page is short
  // enough to show it: wait for it to come to life there, or the count would depend on the machine's speed.
  await page.waitForFunction(
    (margin) =>
      [...document.querySelectorAll('[data-deferred-pending]')].every(
        (part) => (part.firstElementChild?.getBoundingClientRect().top ?? 0) > window.innerHeight + margin,
      ),
    NEAR_VIEWPORT_PX,
  );
  await context.close();
  return Promise.all([...urls].map(async (url) => ({ url, text: await (await fetch(url)).text() })));
}

beforeAll(async () => {
  browser = await launchBrowser();
  const article = (await (await fetch(`${baseUrl()}/api/blogs?page=1&per_page=1`)).json()) as {
    blogs: { slug: string }[];
  };
  const paths = [
    ...PUBLIC_PAGE_PATHS,
    ...BOOKING_PAGE_IDS.map((id) => `/sessions_availability/${id}`),
    `/article/${article.blogs[0]?.slug}`,
    `/employee/${await firstRecordId('/api/team_members', 'team_members')}`,
    '/login',
  ];
  for (const path of paths) scriptsOf.set(path, await loadedScripts(path));
});
afterAll(() => browser?.close());

describe("the public pages' first JavaScript", () => {
  it('is loaded by every page', () => {
    for (const [path, scripts] of scriptsOf) expect(scripts.length, path).toBeGreaterThan(3);
  });

  it(`stays within ${BUDGET_KB} KB gzipped on every page`, () => {
    const over = [...scriptsOf].flatMap(([path, scripts]) => {
      const bytes = scripts.reduce((sum, { text }) => sum + gzipSync(text, { level: 9 }).length, 0);
      const kb = Math.round((bytes / 1024) * 10) / 10;
      return kb > BUDGET_KB ? [`${path}: ${kb} KB`] : [];
    });
    expect(over).toEqual([]);
  });

  it('holds no Zod: the endpoint definitions they import carry their schemas as types only', () => {
    const withZod = [...scriptsOf].flatMap(([path, scripts]) =>
      scripts.filter(({ text }) => ZOD_MARKER.test(text)).map(({ url }) => `${path}: ${url}`),
    );
    expect(withZod).toEqual([]);
  });

  it('holds no back-office screen and no editor', () => {
    const staffCode = [...scriptsOf].flatMap(([path, scripts]) =>
      scripts
        .filter(({ url, text }) => BACK_OFFICE_CHUNK.test(new URL(url).pathname) || EDITOR_MARKER.test(text))
        .map(({ url }) => `${path}: ${url}`),
    );
    expect(staffCode).toEqual([]);
  });

  it('holds no chart library (the takings page loads uPlot itself)', () => {
    const chartCode = [...scriptsOf].flatMap(([path, scripts]) =>
      scripts.filter(({ text }) => CHART_MARKER.test(text)).map(({ url }) => `${path}: ${url}`),
    );
    expect(chartCode).toEqual([]);
  });

  it('would see each of them where they are: the back office loads its chunks, the build holds Zod and the editor', async () => {
    const backOffice = await loadedScripts('/admin', true);
    expect(backOffice.some(({ url }) => BACK_OFFICE_CHUNK.test(new URL(url).pathname))).toBe(true);
    // The back office's first load has no chart either (admin-takings.e2e.ts sees the takings page load it).
    expect(backOffice.filter(({ text }) => CHART_MARKER.test(text))).toEqual([]);
    const assets = resolve(import.meta.dirname, '../dist/client/assets');
    const texts = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'));
    expect(texts.some((text) => ZOD_MARKER.test(text))).toBe(true);
    expect(texts.some((text) => EDITOR_MARKER.test(text))).toBe(true);
    expect(texts.some((text) => CHART_MARKER.test(text))).toBe(true);
  });
});
