import { asc, count, eq, max } from 'drizzle-orm';
import type { FaQuestion } from '../../../shared/faq';
import type { Db } from '../../db/database';
import {
  containsText,
  PAGE_LIMIT,
  PAGE_OFFSET,
  type PageRequest,
  paginate,
  paginatePrepared,
  preparedPerDatabase,
} from '../../db/paginate';
import { faQuestions } from '../../db/schema';
import { sanitizeStoredHtml } from '../blog/sanitize-html';

export type FaQuestionRow = typeof faQuestions.$inferSelect;

export interface FaQuestionValues {
  title: string;
  answer: string;
  asHtml: boolean;
  /** The sanitiser that cleaned an HTML answer (SANITIZER_VERSION). */
  sanitizerVersion: number;
}

export function toFaQuestion(row: Pick<FaQuestionRow, 'id' | 'title' | 'answer' | 'asHtml'>): FaQuestion {
  return {
    id: row.id,
    title: row.title,
    answer: row.asHtml ? sanitizeStoredHtml(row.answer) : row.answer,
    asHtml: row.asHtml,
  };
}

const columns = {
  id: faQuestions.id,
  title: faQuestions.title,
  answer: faQuestions.answer,
  asHtml: faQuestions.asHtml,
};

const allQuestionsPage = preparedPerDatabase((db) => ({
  items: db
    .select(columns)
    .from(faQuestions)
    .orderBy(asc(faQuestions.position), asc(faQuestions.id))
    .limit(PAGE_LIMIT)
    .offset(PAGE_OFFSET)
    .prepare('fa_questions_page'),
  count: db.select({ count: count() }).from(faQuestions).prepare('fa_questions_count'),
}));

/** Questions in their public order; `search` matches part of the title, ignoring case. */
export async function listFaQuestions(db: Db, request: PageRequest & { search?: string }) {
  if (!request.search) {
    const page = await paginatePrepared(allQuestionsPage(db), request);
    return { ...page, items: page.items.map(toFaQuestion) };
  }
  const where = containsText(request.search, faQuestions.title);
  const page = await paginate(
    db.select(columns).from(faQuestions).where(where).orderBy(asc(faQuestions.position), asc(faQuestions.id)),
    db.$count(faQuestions, where),
    request,
  );
  return { ...page, items: page.items.map(toFaQuestion) };
}

export async function findFaQuestionRow(db: Db, id: number): Promise<FaQuestionRow | undefined> {
  const [row] = await db.select().from(faQuestions).where(eq(faQuestions.id, id)).limit(1);
  return row;
}

/** A new question goes last in the public order. */
export async function insertFaQuestion(db: Db, values: FaQuestionValues): Promise<FaQuestionRow> {
  const [last] = await db.select({ value: max(faQuestions.position) }).from(faQuestions);
  const [row] = await db
    .insert(faQuestions)
    .values({ ...values, position: (last?.value ?? 0) + 1 })
    .returning();
  if (!row) throw new Error('FAQ insert returned no row');
  return row;
}

export async function updateFaQuestion(
  db: Db,
  id: number,
  values: FaQuestionValues,
): Promise<FaQuestionRow | undefined> {
  const [row] = await db.update(faQuestions).set(values).where(eq(faQuestions.id, id)).returning();
  return row;
}

export async function deleteFaQuestion(db: Db, id: number): Promise<FaQuestionRow | undefined> {
  const [row] = await db.delete(faQuestions).where(eq(faQuestions.id, id)).returning();
  return row;
}
