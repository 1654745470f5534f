import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blogArticles, faQuestions } from '../../db/schema';
import { articleExcerpt } from './blog-repository';
import { SANITIZER_VERSION, sanitizeArticleHtml } from './sanitize-html';

/** Rows read and cleaned at a time, so a large blog is never held in memory at once. */
const BATCH = 50;

/**
 * Brings stored HTML up to date, once: cleans again what an older sanitiser version (or none known: 0) cleaned
 * (articles, HTML FAQ answers) and marks it with SANITIZER_VERSION, and makes the card excerpt of every article
 * without one, or whose content changed since its excerpt was made (an instance before excerpts were stored, a
 * hand edit). Run at start before the server listens, and by `npm run admin -- clean-html`. Each row is its own
 * statement guarded by what picked it and by its content being what was read, so instances starting together do
 * each row at most once and an edit made meanwhile is never overwritten. `updated_at` is kept: this is not an
 * edit.
 */
export async function cleanStoredHtml(db: Db): Promise<{ articles: number; excerpts: number; faqs: number }> {
  const articleToDo = or(
    lt(blogArticles.sanitizerVersion, SANITIZER_VERSION),
    sql`${blogArticles.excerptSourceMd5} is distinct from ${blogArticles.contentMd5}`,
  );
  let articles = 0;
  let excerpts = 0;
  // On by id, so a row left to do (its content changed meanwhile) is not read again in a loop.
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: blogArticles.id,
        content: blogArticles.content,
        contentMd5: blogArticles.contentMd5,
        version: blogArticles.sanitizerVersion,
      })
      .from(blogArticles)
      .where(and(articleToDo, gt(blogArticles.id, after)))
      .orderBy(asc(blogArticles.id))
      .limit(BATCH);
    for (const row of rows) {
      after = row.id;
      const clean = row.version < SANITIZER_VERSION;
      const content = clean ? sanitizeArticleHtml(row.content) : row.content;
      const [done] = await db
        .update(blogArticles)
        .set({
          content,
          sanitizerVersion: SANITIZER_VERSION,
          ...articleExcerpt(content),
          updatedAt: sql`${blogArticles.updatedAt}`,
        })
        .where(
          and(
            eq(blogArticles.id, row.id),
            sql`${blogArticles.contentMd5} is not distinct from ${row.contentMd5}`,
            articleToDo,
          ),
        )
        .returning({ id: blogArticles.id });
      if (done && clean) articles += 1;
      if (done) excerpts += 1;
    }
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
  return { articles, excerpts, faqs };
}
