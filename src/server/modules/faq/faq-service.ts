import { isBlankHtml } from '../../../shared/blank-html';
import type { FaQuestion, FaqFormValues } from '../../../shared/faq';
import { texts } from '../../../shared/validation-texts';
import type { Db } from '../../db/database';
import { fieldError, notFound, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { SANITIZER_VERSION, sanitizeArticleHtml } from '../blog/sanitize-html';
import {
  deleteFaQuestion,
  type FaQuestionValues,
  findFaQuestionRow,
  insertFaQuestion,
  toFaQuestion,
  updateFaQuestion,
} from './faq-repository';

const ENTITY = 'fa_question';
const FIELDS = ['title', 'answer', 'asHtml'] as const;

/**
 * What is stored: an HTML answer is sanitised first; one that has nothing left afterwards counts as
 * empty, as the form's own check would have said.
 */
function storedValues(values: FaqFormValues): FaQuestionValues {
  if (!values.asHtml) return { ...values, sanitizerVersion: SANITIZER_VERSION };
  const answer = sanitizeArticleHtml(values.answer);
  if (isBlankHtml(answer))
    throw refused('faq_answer_required', texts.required, fieldError('answer', texts.required));
  return { ...values, answer, sanitizerVersion: SANITIZER_VERSION };
}

/** Adds a question at the end of the public order, with its audit entry in the same transaction. */
export async function createFaQuestion(db: Db, actor: Actor, values: FaqFormValues): Promise<FaQuestion> {
  const stored = storedValues(values);
  return db.transaction(async (tx) => {
    const row = await insertFaQuestion(tx, stored);
    await auditChange(tx, actor, 'create', ENTITY, row.id, { fields: [...FIELDS] });
    return toFaQuestion(row);
  });
}

/** Changes a question, keeping its place; the audit entry names the fields that changed. */
export async function changeFaQuestion(
  db: Db,
  actor: Actor,
  id: number,
  values: FaqFormValues,
): Promise<FaQuestion> {
  const stored = storedValues(values);
  return db.transaction(async (tx) => {
    const before = await findFaQuestionRow(tx, id);
    if (!before) throw notFound('FAQ not found');
    const after = await updateFaQuestion(tx, id, stored);
    if (!after) throw notFound('FAQ not found');
    const fields = FIELDS.filter((field) => before[field] !== after[field]);
    await auditChange(tx, actor, 'update', ENTITY, id, { fields });
    return toFaQuestion(after);
  });
}

export async function removeFaQuestion(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteFaQuestion(tx, id))) throw notFound('FAQ not found');
    await auditChange(tx, actor, 'delete', ENTITY, id);
  });
}
