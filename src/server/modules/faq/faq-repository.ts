import { asc, count, eq, ilike, max } from 'drizzle-orm';
import type { FaQuestion } from '../../../shared/faq';
import type { Db } from '../../db/database';
import { faQuestions } from '../../db/schema';
import { sanitizeArticleHtml } from '../blog/sanitize-html';

type FaQuestionRow = typeof faQuestions.$inferSelect;

export interface FaQuestionValues {
  title: string;
  answer: string;
  asHtml: boolean;
}

/** `%`, `_` and `\` typed in a search box are matched as themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** HTML answers are sanitised on the way out too, so whatever was stored never reaches a page unfiltered. */
function toFaQuestion(row: FaQuestionRow): FaQuestion {
  return {
    id: row.id,
    title: row.title,
    answer: row.asHtml ? sanitizeArticleHtml(row.answer) : row.answer,
    asHtml: row.asHtml,
  };
}

/** Questions in their public order; `search` matches part of the title, ignoring case. */
export async function listFaQuestions(db: Db, page: number, perPage: number, search?: string) {
  const where = search ? ilike(faQuestions.title, containsPattern(search)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(faQuestions)
      .where(where)
      .orderBy(asc(faQuestions.position), asc(faQuestions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(faQuestions).where(where),
  ]);
  return { items: rows.map(toFaQuestion), count: total?.value ?? 0 };
}

export async function findFaQuestion(db: Db, id: number): Promise<FaQuestion | undefined> {
  const row = await findFaQuestionRow(db, id);
  return row ? toFaQuestion(row) : undefined;
}

export async function findFaQuestionRow(db: Db, id: number): Promise<FaQuestionRow | undefined> {
  const [row] = await db.select().from(faQuestions).where(eq(faQuestions.id, id)).limit(1);
  return row;
}

/** A new question goes last in the public order. */
export async function insertFaQuestion(db: Db, values: FaQuestionValues): Promise<FaQuestion> {
  const [last] = await db.select({ value: max(faQuestions.position) }).from(faQuestions);
  const [row] = await db
    .insert(faQuestions)
    .values({ ...values, position: (last?.value ?? 0) + 1 })
    .returning();
  if (!row) throw new Error('FAQ insert returned no row');
  return toFaQuestion(row);
}

export async function updateFaQuestion(
  db: Db,
  id: number,
  values: FaQuestionValues,
): Promise<FaQuestion | undefined> {
  const [row] = await db.update(faQuestions).set(values).where(eq(faQuestions.id, id)).returning();
  return row ? toFaQuestion(row) : undefined;
}

export async function deleteFaQuestion(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(faQuestions).where(eq(faQuestions.id, id)).returning({ id: faQuestions.id });
  return rows.length > 0;
}
