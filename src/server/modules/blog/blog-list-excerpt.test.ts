import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_EXCERPT_LENGTH } from '../../../shared/blog';
import { plainTextExcerpt } from '../../../shared/excerpt';
import { blogArticles } from '../../db/schema';
import { cpuMilliseconds } from '../../test/cpu-time';
import { createTestApp, type TestApp } from '../../test/test-app';
import { excerptFromStart } from './blog-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: hay fever &amp; pollen advice, with <strong>bold</strong> and <a href="https://example.com/${n}">a link</a>.</p>`;
const large = (n: number) =>
  `<h2>Article ${n}</h2>${Array.from({ length: 1500 }, (_, i) => paragraph(i)).join('')}`;

/** Starts whose first 4,000 characters hold little text, or cut a tag or an entity. */
const TRICKY = [
  `${'<p><strong></strong></p>'.repeat(400)}<p>Text only after a long run of empty markup, ${'word '.repeat(100)}</p>`,
  `<p>${'x'.repeat(3990)}&amp;tail ${'more words '.repeat(40)}</p>`,
  `<p>Short.</p><img src="/uploads/${'a'.repeat(4100)}"><p>${'After the image. '.repeat(30)}</p>`,
  `<p>${'Word '.repeat(799)}W&nbsp;x ${'y '.repeat(300)}</p>`,
];

describe('GET /api/blogs (cards)', () => {
  it('answers a page of 20 large articles small and fast, each with its card excerpt', async () => {
    const contents = Array.from({ length: 20 }, (_, n) => large(n));
    await t.database.db.insert(blogArticles).values(
      contents.map((content, n) => ({
        title: `Large ${n}`,
        slug: `large-${n}`,
        content,
        publishedAt: new Date(Date.now() - (n + 1) * 60_000),
      })),
    );
    let response = await t.app.inject({ url: '/api/blogs?per_page=20' });
    const cpu = await cpuMilliseconds(async () => {
      response = await t.app.inject({ url: '/api/blogs?per_page=20' });
    });
    expect(cpu).toBeLessThan(500);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(20_000);
    const { blogs } = response.json();
    expect(blogs).toHaveLength(20);
    blogs.forEach((blog: { excerpt: string; content?: string }, n: number) => {
      expect(blog.content).toBeUndefined();
      expect(blog.excerpt).toBe(plainTextExcerpt(contents[n] ?? '', BLOG_EXCERPT_LENGTH));
      expect(blog.excerpt.endsWith('…')).toBe(true);
    });
  });

  it.each(
    TRICKY.map((html, n) => [n, html] as const),
  )('makes the same excerpt as the whole article (%i)', async (n, html) => {
    const slug = `tricky-${n}`;
    await t.database.db.insert(blogArticles).values({
      title: `Tricky ${n}`,
      slug,
      content: html,
      publishedAt: new Date(Date.now() - 1000),
    });
    const { blogs } = (await t.app.inject({ url: '/api/blogs?per_page=1' })).json();
    expect(blogs[0].slug).toBe(slug);
    expect(blogs[0].excerpt).toBe(plainTextExcerpt(html, BLOG_EXCERPT_LENGTH));
  });

  it('reads the whole article only when the start cannot decide', () => {
    expect(excerptFromStart('<p>Short</p>', false)).toBe('Short');
    expect(excerptFromStart('<p>Short</p><img src="/uplo', true)).toBeUndefined();
  });
});
