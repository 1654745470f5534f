import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blogArticles, faQuestions } from '../../db/schema';
import { articleExcerpt } from './blog-repository';
import { SANITIZER_VERSION, sanitizeArticleHtml } from './sanitize-html';

/** Rows read and cleaned at a time, so a large blog is never held in memory at once. */
const BATCH = 50;

/**
 * Cleans again, once, the stored HTML (articles, HTML FAQ answers) that an older sanitiser version (or none
 * known: 0) cleaned, and marks it with SANITIZER_VERSION; an article cleaned, or stored without its card's
 * excerpt, gets the excerpt of its clean content. Run at start before the server listens, and by
 * `npm run admin -- clean-html`. Each row is its own statement guarded by what picked it, so instances
 * starting together do each row at most once. `updated_at` is kept: this is not an edit.
 */
export async function cleanStoredHtml(db: Db): Promise<{ articles: number; faqs: number }> {
  const articleToDo = or(lt(blogArticles.sanitizerVersion, SANITIZER_VERSION), isNull(blogArticles.excerpt));
  let articles = 0;
  for (;;) {
    const rows = await db
      .select({ id: blogArticles.id, content: blogArticles.content, version: blogArticles.sanitizerVersion })
      .from(blogArticles)
      .where(articleToDo)
      .orderBy(asc(blogArticles.id))
      .limit(BATCH);
    for (const row of rows) {
      const content = row.version < SANITIZER_VERSION ? sanitizeArticleHtml(row.content) : row.content;
      await db
        .update(blogArticles)
        .set({
          content,
          sanitizerVersion: SANITIZER_VERSION,
          excerpt: articleExcerpt(content),
          updatedAt: sql`${blogArticles.updatedAt}`,
        })
        .where(and(eq(blogArticles.id, row.id), articleToDo));
    }
    articles += rows.length;
    if (rows.length < BATCH) break;
  }

  // Plain-text answers hold no markup: only their version moves.
  await db
    .update(faQuestions)
    .set({ sanitizerVersion: SANITIZER_VERSION, updatedAt: sql`${faQuestions.updatedAt}` })
    .where(and(eq(faQuestions.asHtml, false), lt(faQuestions.sanitizerVersion, SANITIZER_VERSION)));
  let faqs = 0;
  for (;;) {
    const rows = await db
      .select({ id: faQuestions.id, answer: faQuestions.answer })
      .from(faQuestions)
      .where(and(eq(faQuestions.asHtml, true), lt(faQuestions.sanitizerVersion, SANITIZER_VERSION)))
      .orderBy(asc(faQuestions.id))
      .limit(BATCH);
    for (const row of rows) {
      await db
        .update(faQuestions)
        .set({
          answer: sanitizeArticleHtml(row.answer),
          sanitizerVersion: SANITIZER_VERSION,
          updatedAt: sql`${faQuestions.updatedAt}`,
        })
        .where(and(eq(faQuestions.id, row.id), lt(faQuestions.sanitizerVersion, SANITIZER_VERSION)));
    }
    faqs += rows.length;
    if (rows.length < BATCH) break;
  }
  return { articles, faqs };
}
