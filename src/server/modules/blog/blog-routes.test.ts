import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles, files } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cleanStoredHtml } from './stored-html';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let iconId: string;
let pdfId: string;
let firstId: number;
let futureId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const png = Buffer.from('fake png');
  const pdf = Buffer.from('%PDF-1.4 fake');
  const [icon, attachment] = await db
    .insert(files)
    .values([
      {
        bytes: png,
        sha256: createHash('sha256').update(png).digest('hex'),
        mimeType: 'image/png',
        sizeBytes: png.length,
        originalName: 'icon.png',
        isPublic: true,
      },
      {
        bytes: pdf,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        originalName: 'Pollen calendar.pdf',
        isPublic: true,
      },
    ])
    .returning({ id: files.id });
  iconId = icon?.id ?? '';
  pdfId = attachment?.id ?? '';
  const rows = await db
    .insert(blogArticles)
    .values([
      {
        title: 'Article 1',
        slug: 'article-1',
        content: '<p>One</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
        publishedAt: daysAgo(1),
        iconFileId: iconId,
        attachmentFileId: pdfId,
        videoUrl: 'https://www.youtube.com/watch?v=abc',
      },
      ...[2, 3, 4, 5, 6].map((n) => ({
        title: `Article ${n}`,
        slug: `article-${n}`,
        content: `<p>Body ${n}</p>`,
        publishedAt: daysAgo(n),
      })),
      { title: 'Future', slug: 'future', content: '<p>Not yet</p>', publishedAt: new Date(Date.now() + DAY) },
    ])
    .returning({ id: blogArticles.id, slug: blogArticles.slug });
  // Rows written outside the app carry no sanitiser version: the server cleans them once at start.
  await cleanStoredHtml(db);
  firstId = rows.find((row) => row.slug === 'article-1')?.id ?? 0;
  futureId = rows.find((row) => row.slug === 'future')?.id ?? 0;
});
afterAll(() => t.close());

describe('GET /api/blogs', () => {
  it('pages published articles, newest first, four a page', async () => {
    const response = await t.app.inject({ url: '/api/blogs?page=1&per_page=4' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.blogs.map((b: { slug: string }) => b.slug)).toEqual([
      'article-1',
      'article-2',
      'article-3',
      'article-4',
    ]);
    expect(body).toMatchObject({ pages: 2, count: 6 });
    const second = (await t.app.inject({ url: '/api/blogs?page=2&per_page=4' })).json();
    expect(second.blogs.map((b: { slug: string }) => b.slug)).toEqual(['article-5', 'article-6']);
    const beyond = (await t.app.inject({ url: '/api/blogs?page=9&per_page=4' })).json();
    expect(beyond).toMatchObject({ blogs: [], pages: 2, count: 6 });
  });

  it('answers what a card shows: a plain-text excerpt, never the HTML', async () => {
    const body = (await t.app.inject({ url: '/api/blogs?per_page=4' })).json();
    expect(body.blogs[0]).toEqual({
      id: firstId,
      title: 'Article 1',
      slug: 'article-1',
      excerpt: 'One',
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      icon: { url: `/uploads/${iconId}`, alt: '' },
    });
    expect(body.blogs[1]).toMatchObject({ icon: null, excerpt: 'Body 2' });
  });

  it('hides an article published in the future', async () => {
    const body = (await t.app.inject({ url: '/api/blogs?per_page=100' })).json();
    expect(body.blogs.map((b: { slug: string }) => b.slug)).not.toContain('future');
    expect(body.count).toBe(6);
  });

  it.each([
    'page=0',
    'page=abc',
    'per_page=0',
    'per_page=101',
    'per_page=-1',
    'page=1.5',
    'sort=title',
  ])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/blogs?${query}` });
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});

describe('GET /api/blogs/{slugOrId}', () => {
  it('finds an article by slug', async () => {
    const response = await t.app.inject({ url: '/api/blogs/article-1' });
    expect(response.statusCode).toBe(200);
    const { blog } = response.json();
    expect(blog).toMatchObject({ id: firstId, slug: 'article-1', content: '<p>One</p>' });
    expect(blog.content).not.toContain('script');
    expect(blog.content).not.toContain('onerror');
  });

  it('finds an article by id', async () => {
    const response = await t.app.inject({ url: `/api/blogs/${firstId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().blog.slug).toBe('article-1');
  });

  it.each([
    'future',
    'FUTURE_ID',
    'no-such-article',
    '999999',
    '-1',
    '99999999999999',
    'x'.repeat(180),
  ])('answers 404 for %s', async (address) => {
    const id = address === 'FUTURE_ID' ? String(futureId) : address;
    const response = await t.app.inject({ url: `/api/blogs/${encodeURIComponent(id)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Article not found' });
  });
});
