import { and, asc, desc, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blogArticles, teamMembers } from '../../db/schema';

export async function listPublishedArticleSlugs(db: Db) {
  return db
    .select({ slug: blogArticles.slug, updatedAt: blogArticles.updatedAt })
    .from(blogArticles)
    .where(and(lte(blogArticles.publishedAt, sql`now()`)))
    .orderBy(desc(blogArticles.publishedAt));
}

export async function listTeamMemberIds(db: Db) {
  return db
    .select({ id: teamMembers.id, updatedAt: teamMembers.updatedAt })
    .from(teamMembers)
    .orderBy(asc(teamMembers.id));
}
