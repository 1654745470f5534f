import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BLOG_EXCERPT_LENGTH, type Blog, type BlogSummary } from '../../../shared/blog';
import { plainTextExcerpt } from '../../../shared/excerpt';
import { type Db, rawStatement, timestampOf } from '../../db/database';
import {
  PAGE_LIMIT,
  PAGE_OFFSET,
  type PageRequest,
  paginateRows,
  preparedPerDatabase,
} from '../../db/paginate';
import { blogArticles, files } from '../../db/schema';
import { sanitizeStoredHtml } from './sanitize-html';

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
    content: sanitizeStoredHtml(article.content),
    created_at: article.createdAt.toISOString(),
    published_at: article.publishedAt.toISOString(),
    video_url: article.videoUrl,
    icon: article.iconFileId ? { url: `/uploads/${article.iconFileId}`, alt: article.iconAlt } : null,
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

/** What is stored of an article's card excerpt: the excerpt and the md5 of the content it was made from. */
export interface StoredExcerpt {
  excerpt: string;
  excerptSourceMd5: string;
}

/** A card's excerpt of an article's (sanitised) HTML, stored with the article. */
export function articleExcerpt(content: string): StoredExcerpt {
  return {
    excerpt: plainTextExcerpt(content, BLOG_EXCERPT_LENGTH),
    // PostgreSQL's md5(content), which `content_md5` holds, hashes the same UTF-8 bytes.
    excerptSourceMd5: createHash('md5').update(content, 'utf8').digest('hex'),
  };
}

/**
 * Stores an excerpt made on a read, unless the article's content changed meanwhile; `updated_at` is kept. A row
 * locked by a write under way is skipped, not waited for: a public read never queues behind an edit.
 */
async function storeExcerpt(db: Db, id: number, made: StoredExcerpt): Promise<void> {
  const unchanged = and(eq(blogArticles.id, id), eq(blogArticles.contentMd5, made.excerptSourceMd5));
  const unlocked = db
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(unchanged)
    .for('update', { skipLocked: true });
  await db
    .update(blogArticles)
    .set({ ...made, updatedAt: sql`${blogArticles.updatedAt}` })
    .where(and(inArray(blogArticles.id, unlocked), unchanged));
}

const summaryColumns = {
  id: blogArticles.id,
  title: blogArticles.title,
  slug: blogArticles.slug,
  publishedAt: blogArticles.publishedAt,
  iconFileId: blogArticles.iconFileId,
  iconAlt: blogArticles.iconAlt,
  // The stored excerpt only while it was made from the content there now.
  excerpt: sql<
    string | null
  >`case when ${blogArticles.excerptSourceMd5} = ${blogArticles.contentMd5} then ${blogArticles.excerpt} end`.as(
    'excerpt',
  ),
};

/** A row of `publishedPage`, as the driver reads it. */
interface BlogSummaryRow {
  id: number;
  title: string;
  slug: string;
  published_at: Date | string;
  icon_file_id: string | null;
  icon_alt: string;
  excerpt: string | null;
}

/**
 * Published articles (published_at <= now()), newest published first, as cards with their stored excerpts;
 * never a page of whole articles.
 */
const publishedPage = preparedPerDatabase((db) => ({
  items: rawStatement(
    'public_blogs_page',
    db
      .select(summaryColumns)
      .from(blogArticles)
      .where(isPublished())
      .orderBy(desc(blogArticles.publishedAt), desc(blogArticles.id))
      .limit(PAGE_LIMIT)
      .offset(PAGE_OFFSET),
  ),
  count: rawStatement(
    'public_blogs_count',
    db.select({ count: count() }).from(blogArticles).where(isPublished()),
  ),
}));

export async function listPublishedBlogs(db: Db, request: PageRequest) {
  const page = await paginateRows<BlogSummaryRow>(db, publishedPage(db), request);
  const rows = page.items;
  const excerpts = new Map(rows.map((row) => [row.id, row.excerpt]));
  // An article without its excerpt, or whose content changed since it was made, is read whole, once.
  const missing = rows.filter((row) => row.excerpt === null).map((row) => row.id);
  if (missing.length > 0) {
    const whole = await db
      .select({ id: blogArticles.id, content: blogArticles.content })
      .from(blogArticles)
      .where(inArray(blogArticles.id, missing));
    for (const row of whole) {
      const made = articleExcerpt(row.content);
      excerpts.set(row.id, made.excerpt);
      await storeExcerpt(db, row.id, made);
    }
  }
  const items = rows.map(
    (row): BlogSummary => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: excerpts.get(row.id) ?? '',
      published_at: timestampOf(row.published_at).toISOString(),
      icon: row.icon_file_id ? { url: `/uploads/${row.icon_file_id}`, alt: row.icon_alt } : null,
    }),
  );
  return { ...page, items };
}

/** A published article by its slug, or by its id (the spec accepts both addresses). */
export async function findPublishedBlog(
  db: Db,
  address: { slug: string; id: number | undefined },
): Promise<Blog | undefined> {
  const where =
    address.id !== undefined
      ? or(eq(blogArticles.slug, address.slug), eq(blogArticles.id, address.id))
      : eq(blogArticles.slug, address.slug);
  const rows = await selectBlogs(db).where(and(where, isPublished())).limit(2);
  // A slug that happens to be all digits wins over the id of another article.
  const row = rows.find((candidate) => candidate.article.slug === address.slug) ?? rows[0];
  return row ? toBlog(row) : undefined;
}
