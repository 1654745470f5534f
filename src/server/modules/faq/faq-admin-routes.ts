import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordIdParams } from '../../../shared/api/common-schemas';
import {
  adminFaQuestionsQuerySchema,
  type FaQuestionResponse,
  type FaQuestionsResponse,
  faqFormSchema,
  isBlankHtmlAnswer,
} from '../../../shared/faq';
import { pageCount } from '../../../shared/pagination';
import { texts } from '../../../shared/validation-texts';
import { HttpError, notFound } from '../../http/http-errors';
import { type FormLimits, readForm } from '../../http/multipart-form';
import { validate } from '../../http/validation';
import { auditAdminChange } from '../audit/audit-log';
import { sanitizeArticleHtml } from '../blog/sanitize-html';
import {
  deleteFaQuestion,
  type FaQuestionValues,
  findFaQuestion,
  findFaQuestionRow,
  insertFaQuestion,
  listFaQuestions,
  updateFaQuestion,
} from './faq-repository';

const ENTITY = 'fa_question';

/** Title, answer (20,000 characters, up to 4 bytes each) and asHtml; no file. */
const FAQ_FORM_LIMITS: FormLimits = { files: 0, fields: 5, fieldSize: 128 * 1024 };

function questionId(request: FastifyRequest): number {
  const params = recordIdParams('FAQ').safeParse(request.params);
  if (!params.success) throw notFound('FAQ');
  return params.data.id;
}

/**
 * The form of a create or update (`title`, `answer`, `asHtml`; multipart or JSON). An HTML answer is
 * sanitised here, before it is stored; one that has nothing left afterwards counts as empty.
 */
async function readFaqForm(request: FastifyRequest): Promise<FaQuestionValues> {
  const { fields, files } = await readForm(request, FAQ_FORM_LIMITS);
  const [file] = files.keys();
  if (file) throw new HttpError(422, `Unknown field: ${file}`, { [file]: ['Unknown field.'] });
  const values = validate(faqFormSchema, fields);
  if (!values.asHtml) return values;
  const answer = sanitizeArticleHtml(values.answer);
  if (isBlankHtmlAnswer(answer)) throw new HttpError(422, texts.required, { answer: [texts.required] });
  return { ...values, answer };
}

/** Back-office calls: /api/admin/fa_questions (spec section 7). Registered under the guarded /api/admin scope. */
export async function faqAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  admin.get('/fa_questions', async (request): Promise<FaQuestionsResponse> => {
    const query = validate(adminFaQuestionsQuerySchema, request.query);
    const { items, count } = await listFaQuestions(db, query.page, query.per_page, query.search);
    return { fa_questions: items, pages: pageCount(count, query.per_page), count };
  });

  admin.get('/fa_questions/:id', async (request): Promise<FaQuestionResponse> => {
    const question = await findFaQuestion(db, questionId(request));
    if (!question) throw notFound('FAQ');
    return { fa_question: question };
  });

  admin.post('/fa_questions', async (request, reply): Promise<FaQuestionResponse> => {
    const values = await readFaqForm(request);
    const question = await insertFaQuestion(db, values);
    await auditAdminChange(request, 'create', ENTITY, question.id, { fields: ['title', 'answer', 'asHtml'] });
    reply.code(201);
    return { fa_question: question };
  });

  admin.put('/fa_questions/:id', async (request): Promise<FaQuestionResponse> => {
    const id = questionId(request);
    const before = await findFaQuestionRow(db, id);
    if (!before) throw notFound('FAQ');
    const values = await readFaqForm(request);
    const question = await updateFaQuestion(db, id, values);
    if (!question) throw notFound('FAQ');
    const changed = (['title', 'answer', 'asHtml'] as const).filter(
      (field) => before[field] !== values[field],
    );
    await auditAdminChange(request, 'update', ENTITY, id, { fields: changed });
    return { fa_question: question };
  });

  admin.delete('/fa_questions/:id', async (request, reply) => {
    const id = questionId(request);
    if (!(await deleteFaQuestion(db, id))) throw notFound('FAQ');
    await auditAdminChange(request, 'delete', ENTITY, id);
    return reply.code(204).send();
  });
}
