import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlankHtml } from '../../../shared/blank-html';
import { plainText, plainTextExcerpt } from '../../../shared/excerpt';
import { htmlToText } from '../../../shared/faq';
import { cpuMilliseconds } from '../../test/cpu-time';
import { injectMultipart } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
let auth: AdminTestApp['auth'];
beforeAll(async () => {
  t = await createAdminTestApp();
  auth = t.auth;
});
afterAll(() => t.close());

const MEGABYTE = 1_000_000;
/** Shapes that made the old tag-stripping regexes quadratic (each `<` scanned to the end). */
const HOSTILE: [string, string][] = [
  ['<', '<'.repeat(MEGABYTE)],
  ['<a', '<a'.repeat(MEGABYTE / 2)],
  ['<p', '<p'.repeat(MEGABYTE / 2)],
  ['<script>', '<script>'.repeat(MEGABYTE / 8)],
  ['<!--', '<!--'.repeat(MEGABYTE / 4)],
  ['<p x="', '<p x="'.repeat(MEGABYTE / 6)],
  ['spaces', `${' '.repeat(MEGABYTE)}x`],
];

async function within(ms: number, run: () => unknown) {
  expect(await cpuMilliseconds(run)).toBeLessThan(ms);
}

describe('HTML content checks on hostile input', () => {
  it.each(HOSTILE)('run in linear time on 1 MB of %s', async (_shape, html) => {
    await within(1000, () => isBlankHtml(html));
    await within(1000, () => htmlToText(html));
    await within(1000, () => plainText(html));
    await within(1000, () => plainTextExcerpt(html, 200));
  });

  it.each(HOSTILE)('answer a 1 MB article or FAQ of %s within a second', async (_shape, html) => {
    const requests = [
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/blogs',
          headers: auth,
          payload: { blog: { title: 'Hostile', content: html } },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/fa_questions',
          headers: auth,
          payload: { title: 'Hostile', answer: html, asHtml: true },
        }),
      // The same within the article's JSON body limit (the megabyte above is refused at its size).
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/blogs',
          headers: auth,
          payload: { blog: { title: 'Hostile', content: html.slice(0, 190_000) } },
        }),
      () =>
        injectMultipart(
          t.app,
          'POST',
          '/api/admin/blogs',
          { 'blog[title]': 'Hostile', 'blog[content]': html.slice(0, 190_000) },
          auth,
        ),
    ];
    for (const request of requests) {
      await request(); // the first call of a route also loads and compiles its code
      let statusCode = 0;
      const cpu = await cpuMilliseconds(async () => {
        statusCode = (await request()).statusCode;
      });
      expect(cpu).toBeLessThan(1000);
      expect(statusCode).toBeLessThan(500);
    }
  });
});
