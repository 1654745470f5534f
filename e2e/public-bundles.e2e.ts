import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PAGE_IDS, PUBLIC_PAGE_PATHS } from '../src/shared/public-pages';
import { baseUrl, firstRecordId, launchBrowser, openPage, waitForSettled } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Names Zod's own code keeps through minification: its classes register under `$Zod…`, its error as `ZodError`. */
const ZOD_MARKER = /\$Zod[A-Za-z]+|ZodError/;

describe("the public pages' first JavaScript", () => {
  it('holds no Zod: the endpoint definitions they import carry their schemas as types only', async () => {
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
    const { page, context } = await openPage(browser);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    const withZod: string[] = [];
    for (const path of paths) {
      scripts.clear();
      await page.goto(path);
      await waitForSettled(page);
      expect(scripts.size, path).toBeGreaterThan(3);
      for (const url of scripts) {
        if (ZOD_MARKER.test(await (await fetch(url)).text())) withZod.push(`${path}: ${url}`);
      }
    }
    await context.close();
    expect(withZod).toEqual([]);
  });

  it("would see Zod in a script that holds it: the build's own lazy checks hold it", () => {
    const assets = resolve(import.meta.dirname, '../dist/client/assets');
    const withZod = readdirSync(assets).filter(
      (name) => name.endsWith('.js') && ZOD_MARKER.test(readFileSync(join(assets, name), 'utf8')),
    );
    expect(withZod.length).toBeGreaterThan(0);
  });
});
