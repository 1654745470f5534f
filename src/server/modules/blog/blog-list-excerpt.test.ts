import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_EXCERPT_LENGTH } from '../../../shared/blog';
import { plainTextExcerpt } from '../../../shared/excerpt';
import { blogArticles } from '../../db/schema';
import { cpuMilliseconds } from '../../test/cpu-time';
import { injectMultipart } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { articleExcerpt } from './blog-repository';
import { SANITIZER_VERSION } from './sanitize-html';
import { cleanStoredHtml } from './stored-html';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: hay fever &amp; pollen advice, with <strong>bold</strong> and <a href="https://example.com/${n}">a link</a>.</p>`;
const large = (n: number) =>
  `<h2>Article ${n}</h2>${Array.from({ length: 1500 }, (_, i) => paragraph(i)).join('')}`;
const expected = (html: string) => plainTextExcerpt(html, BLOG_EXCERPT_LENGTH);

const storedRow = async (id: number) =>
  (await t.database.db.select().from(blogArticles).where(eq(blogArticles.id, id)))[0];

/** The card of the article at `slug` in the list (the file's articles fit on one page). */
async function cardOf(slug: string) {
  const response = await t.app.inject({ url: '/api/blogs?per_page=100' });
  expect(response.statusCode).toBe(200);
  return response.json().blogs.find((blog: { slug: string }) => blog.slug === slug);
}
const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

/** An article written around the API (as psql or an older instance would), cleaned and published yesterday; its id. */
async function storeArticle(
  slug: string,
  content: string,
  more: Partial<typeof blogArticles.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(blogArticles)
    .values({
      title: slug,
      slug,
      content,
      sanitizerVersion: SANITIZER_VERSION,
      publishedAt: yesterday(),
      ...more,
    })
    .returning({ id: blogArticles.id });
  return row?.id ?? 0;
}

describe('GET /api/blogs (cards)', () => {
  it('stores the excerpt with the article when staff save it, and makes it again on an edit', async () => {
    const content = large(1);
    const created = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/blogs',
      { 'blog[title]': 'Stored excerpt', 'blog[content]': content, 'blog[published_at]': '2025-01-02T10:00' },
      t.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json().blog;
    expect((await storedRow(id))?.excerpt).toBe(expected(content));
    expect((await cardOf(slug)).excerpt).toBe(expected(content));

    const edited = '<p>Edited: <em>short</em> &amp; plain.</p>';
    const updated = await injectMultipart(
      t.app,
      'PUT',
      `/api/admin/blogs/${id}`,
      { 'blog[title]': 'Stored excerpt', 'blog[content]': edited },
      t.auth,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await storedRow(id))?.excerpt).toBe('Edited: short & plain.');
    expect((await cardOf(slug)).excerpt).toBe('Edited: short & plain.');
  });

  it('answers the stored excerpt, never reading the article for it', async () => {
    const content = '<p>What the content says.</p>';
    await storeArticle('read-from-the-column', content, {
      ...articleExcerpt(content),
      excerpt: 'What the column says.',
    });
    expect((await cardOf('read-from-the-column')).excerpt).toBe('What the column says.');
  });

  it('makes the excerpt again when the content was changed around it (an older instance, a hand fix), and stores it', async () => {
    const before = '<p>The first text, with a name in it by mistake.</p>';
    const updatedAt = new Date('2026-02-03T04:05:06Z');
    const id = await storeArticle('fixed-by-hand', before, { ...articleExcerpt(before), updatedAt });
    expect((await cardOf('fixed-by-hand')).excerpt).toBe('The first text, with a name in it by mistake.');

    // What an instance that knows nothing of excerpts, or psql, writes: the content alone.
    await t.database.db.execute(
      sql`update blog_articles set content = '<p>The corrected text.</p>', updated_at = ${updatedAt} where id = ${id}`,
    );
    expect((await cardOf('fixed-by-hand')).excerpt).toBe('The corrected text.');
    expect(await storedRow(id)).toMatchObject({
      excerpt: 'The corrected text.',
      excerptSourceMd5: articleExcerpt('<p>The corrected text.</p>').excerptSourceMd5,
      updatedAt,
    });

    // The start-up pass finds such a row too.
    await t.database.db.execute(
      sql`update blog_articles set content = '<p>Again by hand.</p>' where id = ${id}`,
    );
    const { excerpts } = await cleanStoredHtml(t.database.db);
    expect(excerpts).toBe(1);
    expect((await storedRow(id))?.excerpt).toBe('Again by hand.');
  });

  // PGlite has one connection: nothing else can hold a row's lock while the list is read.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'never waits for an article locked by a write under way to store its excerpt',
    async () => {
      const id = await storeArticle('locked', '<p>Locked while read.</p>');
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from blog_articles where id = ${id} for update`);
        expect((await cardOf('locked')).excerpt).toBe('Locked while read.');
      });
      expect((await storedRow(id))?.excerpt).toBeNull();
      expect((await cardOf('locked')).excerpt).toBe('Locked while read.');
      expect((await storedRow(id))?.excerpt).toBe('Locked while read.');
    },
  );

  it('answers a page of 20 large articles stored without an excerpt small and fast, each with its excerpt', async () => {
    const contents = Array.from({ length: 20 }, (_, n) => large(n));
    await t.database.db.insert(blogArticles).values(
      contents.map((content, n) => ({
        title: `Large ${n}`,
        slug: `large-${n}`,
        content,
        sanitizerVersion: SANITIZER_VERSION,
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
      expect(blog.excerpt).toBe(expected(contents[n] ?? ''));
      expect(blog.excerpt.endsWith('…')).toBe(true);
    });
    // Made once: the first read stored them.
    const rows = await t.database.db.select().from(blogArticles).where(like(blogArticles.slug, 'large-%'));
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row.excerptSourceMd5).toBe(row.contentMd5);
  });

  it('has the start-up pass store the excerpts missing, keeping updated_at, once', async () => {
    const updatedAt = new Date('2026-01-02T03:04:05Z');
    const content = '<p>Made at start &ndash; <b>once</b>.</p>';
    const id = await storeArticle('made-at-start', content, { updatedAt });
    expect((await storedRow(id))?.excerpt).toBeNull();
    expect(await cleanStoredHtml(t.database.db)).toEqual({ articles: 0, excerpts: 1, faqs: 0 });
    expect(await storedRow(id)).toMatchObject({ excerpt: 'Made at start – once.', updatedAt, content });
    expect(await cleanStoredHtml(t.database.db)).toEqual({ articles: 0, excerpts: 0, faqs: 0 });
    expect((await cardOf('made-at-start')).excerpt).toBe('Made at start – once.');
  });

  it('makes the excerpt of the cleaned content when the start-up pass cleans an article', async () => {
    const id = await storeArticle(
      'cleaned-at-start',
      '<p>Kept</p><script>document.write("Not text")</script>',
      {
        excerpt: 'Kept Not text',
        sanitizerVersion: 0,
      },
    );
    await cleanStoredHtml(t.database.db);
    expect((await storedRow(id))?.excerpt).toBe('Kept');
  });
});
