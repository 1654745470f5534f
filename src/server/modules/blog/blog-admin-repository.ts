import { desc, eq, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminBlog, AdminBlogSummary } from '../../../shared/blog';
import type { Db } from '../../db/database';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../db/database-errors';
import { containsText, type PageRequest, paginate } from '../../db/paginate';
import { blogArticles, files } from '../../db/schema';
import { publicFileUrl } from '../uploads/file-repository';
import { uniqueSlug } from './article-slug';
import { attachmentFiles, type StoredExcerpt, toBlog } from './blog-repository';

const iconFiles = alias(files, 'icon_files');

export type ArticleRow = typeof blogArticles.$inferSelect;

/** The stored fields an admin create or update writes (content already sanitised, with its excerpt). */
export interface ArticleValues extends StoredExcerpt {
  title: string;
  content: string;
  videoUrl: string | null;
  publishedAt: Date;
  iconFileId: string | null;
  iconAlt: string;
  attachmentFileId: string | null;
  /** The sanitiser that cleaned `content` (SANITIZER_VERSION). */
  sanitizerVersion: number;
}

function toSummary(article: ArticleRow): AdminBlogSummary {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    created_at: article.createdAt.toISOString(),
    published_at: article.publishedAt.toISOString(),
  };
}

/** Every article, scheduled ones included, newest created first; `title` matches case-insensitively. */
export async function listAdminBlogs(db: Db, request: PageRequest & { title?: string }) {
  const where = containsText(request.title, blogArticles.title);
  const page = await paginate(
    db.select().from(blogArticles).where(where).orderBy(desc(blogArticles.createdAt), desc(blogArticles.id)),
    db.$count(blogArticles, where),
    request,
  );
  return { ...page, items: page.items.map(toSummary) };
}

/** An article by id, published or not, with its stored files' names. */
export async function findAdminBlog(db: Db, id: number): Promise<AdminBlog | undefined> {
  const [row] = await db
    .select({
      article: blogArticles,
      attachmentName: attachmentFiles.originalName,
      iconName: iconFiles.originalName,
    })
    .from(blogArticles)
    .leftJoin(attachmentFiles, eq(attachmentFiles.id, blogArticles.attachmentFileId))
    .leftJoin(iconFiles, eq(iconFiles.id, blogArticles.iconFileId))
    .where(eq(blogArticles.id, id))
    .limit(1);
  if (!row) return undefined;
  const { article, iconName } = row;
  return {
    ...toBlog(row),
    icon: article.iconFileId ? { url: publicFileUrl(article.iconFileId), name: iconName ?? 'image' } : null,
    icon_alt: article.iconAlt,
    updated_at: article.updatedAt.toISOString(),
  };
}

export async function findArticleRow(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(blogArticles).where(eq(blogArticles.id, id)).limit(1);
  return row;
}

async function takenSlugs(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: blogArticles.slug })
    .from(blogArticles)
    .where(or(eq(blogArticles.slug, base), like(blogArticles.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
}

/**
 * Inserts an article under the first free slug made from `baseSlug`, in the caller's transaction `db`. Saves of
 * the same title wait for each other (a lock on the slug held to the end of the transaction), so each sees the
 * slugs taken before it; one of another title that lands on the same slug (`a-2` for "A 2" and a second "A") is
 * refused by the unique index and takes the next one. Each attempt is its own savepoint, so a refused insert does
 * not abort the caller's transaction.
 */
export async function insertArticle(db: Db, baseSlug: string, values: ArticleValues): Promise<ArticleRow> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`article-slug:${baseSlug}`}, 0))`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (savepoint) => {
        const slug = uniqueSlug(baseSlug, await takenSlugs(savepoint, baseSlug));
        const [row] = await savepoint
          .insert(blogArticles)
          .values({ ...values, slug })
          .returning();
        if (!row) throw new Error('article insert returned no row');
        return row;
      });
    } catch (error) {
      if (attempt >= 5 || databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }
}

/** Updates an article; its slug never changes, so shared links keep working. */
export async function updateArticle(
  db: Db,
  id: number,
  values: ArticleValues,
): Promise<ArticleRow | undefined> {
  const [row] = await db.update(blogArticles).set(values).where(eq(blogArticles.id, id)).returning();
  return row;
}

export async function deleteArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.delete(blogArticles).where(eq(blogArticles.id, id)).returning();
  return row;
}
