import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../client/entry-server';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The page renderer, prefetching through the API in-process as web-routes.ts does. */
async function renderPage(url: string) {
  return render({
    url,
    origin: 'http://clinic.test',
    fetchJson: async (apiUrl: string) => {
      const response = await t.app.inject({ url: apiUrl, headers: { accept: 'application/json' } });
      if (response.statusCode >= 400) {
        const body = response.json() as { error_messages?: string };
        throw Object.assign(new Error(body.error_messages ?? 'failed'), {
          status: response.statusCode,
          body,
        });
      }
      return response.json();
    },
  });
}

describe('server-rendered pages for hostile paths', () => {
  it.each([
    '/article/%00',
    '/article/a%00b',
    '/article/%1b',
  ])('answers 404, not 200 with an error: %s', async (url) => {
    const page = await renderPage(url);
    expect(page.status).toBe(404);
    expect(page.element).not.toContain('Something went wrong');
  });
});

describe('a booking page of an unknown kind', () => {
  it.each([
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'booking_other',
  ])('is an unknown path, sent to / as the spec says, named as an object key or not: %s', async (kind) => {
    const page = await renderPage(`/sessions_availability/${kind}`);
    expect(page.status).toBe(302);
    expect(page.redirect).toBe('/');
  });

  it.each(['booking_test', 'booking_video'])('%s is a booking page', async (kind) => {
    const page = await renderPage(`/sessions_availability/${kind}`);
    expect(page.status).toBe(200);
    expect(page.element).toContain('Choose who the');
  });
});

describe('a blog page past any list', () => {
  it.each([
    '/blog?page=100001',
    `/blog?page=${'9'.repeat(40)}`,
  ])('%s says there are no articles there', async (url) => {
    const page = await renderPage(url);
    expect(page.status).toBe(200);
    expect(page.element).toContain('There are no articles on this page.');
    expect(page.element).not.toContain('whole number');
  });
});

describe('canonical address', () => {
  it.each([
    ['/our_team?utm_source=mail&x=%3Cscript%3E', 'http://clinic.test/our_team'],
    ['/blog?page=2&utm_campaign=spring', 'http://clinic.test/blog?page=2'],
    ['/blog?page=1', 'http://clinic.test/blog'],
    ['/blog?page=-3', 'http://clinic.test/blog'],
    ['/blog?page=02', 'http://clinic.test/blog?page=2'],
    ['/Blog/?page=3', 'http://clinic.test/blog?page=3'],
    ['/faq?page=2', 'http://clinic.test/faq'],
    ['/?page=2', 'http://clinic.test/'],
    ['/OUR_TEAM/', 'http://clinic.test/our_team'],
    ['/%6Fur_team', 'http://clinic.test/our_team'],
  ])('of %s is %s', async (url, canonical) => {
    const page = await renderPage(url);
    expect(page.head).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(page.head).toContain(`<meta property="og:url" content="${canonical}" />`);
  });
});
