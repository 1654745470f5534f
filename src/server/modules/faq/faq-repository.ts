import { asc, count } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { FaQuestion } from '../../../shared/faq';
import type { Db } from '../../db/database';
import { faQuestions } from '../../db/schema';

/** What an HTML answer may contain: paragraphs, emphasis, lists, small headings and web or mail links. */
const ANSWER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeAnswerHtml(html: string): string {
  return sanitizeHtml(html, ANSWER_HTML_OPTIONS);
}

type FaQuestionRow = typeof faQuestions.$inferSelect;

/** HTML answers are sanitised on the way out, so whatever was stored never reaches a page unfiltered. */
function toFaQuestion(row: FaQuestionRow): FaQuestion {
  return {
    id: row.id,
    title: row.title,
    answer: row.asHtml ? sanitizeAnswerHtml(row.answer) : row.answer,
    asHtml: row.asHtml,
  };
}

export async function listFaQuestions(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(faQuestions)
      .orderBy(asc(faQuestions.position), asc(faQuestions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(faQuestions),
  ]);
  return { items: rows.map(toFaQuestion), count: total?.value ?? 0 };
}
