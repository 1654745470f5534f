import { and, count, desc, eq, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Blog } from '../../../shared/blog';
import type { Db } from '../../db/database';
import { blogArticles, files } from '../../db/schema';
import { sanitizeArticleHtml } from './sanitize-html';

export const attachmentFiles = alias(files, 'attachment_files');

/** Only what a public answer needs: never the file bytes. */
const blogColumns = {
  article: blogArticles,
  attachmentName: attachmentFiles.originalName,
};

export type BlogRow = { article: typeof blogArticles.$inferSelect; attachmentName: string | null };

export function toBlog({ article, attachmentName }: BlogRow): Blog {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    // Sanitised when saved and again when answered, so an old row or a widened allow-list cannot leak markup.
    content: sanitizeArticleHtml(article.content),
    created_at: article.createdAt.toISOString(),
    published_at: article.publishedAt.toISOString(),
    video_url: article.videoUrl,
    icon: article.iconFileId ? { url: `/uploads/${article.iconFileId}` } : null,
    attachment: article.attachmentFileId
      ? { url: `/uploads/${article.attachmentFileId}`, name: attachmentName ?? 'attachment.pdf' }
      : null,
  };
}

const isPublished = () => lte(blogArticles.publishedAt, sql`now()`);

function selectBlogs(db: Db) {
  return db
    .select(blogColumns)
    .from(blogArticles)
    .leftJoin(attachmentFiles, eq(attachmentFiles.id, blogArticles.attachmentFileId));
}

/** Published articles (published_at <= now()), newest published first. */
export async function listPublishedBlogs(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    selectBlogs(db)
      .where(isPublished())
      .orderBy(desc(blogArticles.publishedAt), desc(blogArticles.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(blogArticles).where(isPublished()),
  ]);
  return { items: rows.map(toBlog), count: total?.value ?? 0 };
}

const MAX_ID = 2_147_483_647;

/** A published article by its slug, or by its numeric id (the spec accepts both addresses). */
export async function findPublishedBlog(db: Db, slugOrId: string): Promise<Blog | undefined> {
  const id = /^\d{1,10}$/.test(slugOrId) ? Number(slugOrId) : undefined;
  const address =
    id !== undefined && id >= 1 && id <= MAX_ID
      ? or(eq(blogArticles.slug, slugOrId), eq(blogArticles.id, id))
      : eq(blogArticles.slug, slugOrId);
  const rows = await selectBlogs(db).where(and(address, isPublished())).limit(2);
  // A slug that happens to be all digits wins over the id of another article.
  const row = rows.find((candidate) => candidate.article.slug === slugOrId) ?? rows[0];
  return row ? toBlog(row) : undefined;
}
