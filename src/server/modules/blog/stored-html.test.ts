import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles, faQuestions } from '../../db/schema';
import { injectMultipart } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { articleExcerpt } from './blog-repository';
import { SANITIZER_VERSION } from './sanitize-html';
import { cleanStoredHtml } from './stored-html';

const HOSTILE = '<p>Kept</p><script>alert(1)</script><img src="x" onerror="alert(2)">';
const CLEAN = '<p>Kept</p>';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

describe('stored HTML', () => {
  it('is cleaned again once, at start, when an older sanitiser (or none known) cleaned it', async () => {
    const db = t.database.db;
    const updatedAt = new Date('2026-01-02T03:04:05Z');
    const [old] = await db
      .insert(blogArticles)
      .values({ title: 'Old', slug: 'old-row', content: HOSTILE, sanitizerVersion: 0, updatedAt })
      .returning();
    const [current] = await db
      .insert(blogArticles)
      .values({
        title: 'Current',
        slug: 'current-row',
        content: '<p>as stored</p>',
        sanitizerVersion: SANITIZER_VERSION,
        ...articleExcerpt('<p>as stored</p>'),
      })
      .returning();
    const [html, plain] = await db
      .insert(faQuestions)
      .values([
        { title: 'Html', answer: HOSTILE, asHtml: true, sanitizerVersion: SANITIZER_VERSION - 1 },
        { title: 'Plain', answer: 'a <b> b', asHtml: false },
      ])
      .returning();

    expect(await cleanStoredHtml(db)).toEqual({ articles: 1, excerpts: 1, faqs: 1 });
    const [cleaned] = await db
      .select()
      .from(blogArticles)
      .where(eq(blogArticles.id, old?.id ?? 0));
    expect(cleaned).toMatchObject({ content: CLEAN, sanitizerVersion: SANITIZER_VERSION, updatedAt });
    const [untouched] = await db
      .select()
      .from(blogArticles)
      .where(eq(blogArticles.id, current?.id ?? 0));
    expect(untouched?.content).toBe('<p>as stored</p>');
    const answers = await db.select().from(faQuestions);
    expect(answers.find((row) => row.id === html?.id)).toMatchObject({
      answer: CLEAN,
      sanitizerVersion: SANITIZER_VERSION,
    });
    expect(answers.find((row) => row.id === plain?.id)).toMatchObject({
      answer: 'a <b> b',
      sanitizerVersion: SANITIZER_VERSION,
    });

    // Once: a second start finds nothing to do.
    expect(await cleanStoredHtml(db)).toEqual({ articles: 0, excerpts: 0, faqs: 0 });

    const article = await t.app.inject({ url: '/api/blogs/old-row' });
    expect(article.json().blog.content).toBe(CLEAN);
  });

  it('is sanitised again when read, even in a row marked as cleaned (written around the API)', async () => {
    await t.database.db.insert(blogArticles).values({
      title: 'Tampered',
      slug: 'tampered',
      content: HOSTILE,
      sanitizerVersion: SANITIZER_VERSION,
    });
    await t.database.db.insert(faQuestions).values({
      title: 'Tampered',
      answer: HOSTILE,
      asHtml: true,
      sanitizerVersion: SANITIZER_VERSION,
      position: 99,
    });
    // Twice: the second read is answered from what the first one cleaned.
    for (let read = 0; read < 2; read += 1) {
      expect((await t.app.inject({ url: '/api/blogs/tampered' })).json().blog.content).toBe(CLEAN);
      const faqs = (await t.app.inject({ url: '/api/fa_questions?page=1&per_page=50' })).json().fa_questions;
      expect(faqs.find((faq: { title: string }) => faq.title === 'Tampered').answer).toBe(CLEAN);
    }
  });

  it('is written with the current sanitiser version when an admin saves an HTML answer', async () => {
    const created = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/fa_questions',
      { title: 'Saved', answer: HOSTILE, asHtml: 'true' },
      t.auth,
    );
    expect(created.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(faQuestions).where(eq(faQuestions.title, 'Saved'));
    expect(row).toMatchObject({ answer: CLEAN, sanitizerVersion: SANITIZER_VERSION });
  });
});
