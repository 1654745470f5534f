import type { FastifyInstance } from 'fastify';
import {
  createFaQuestion,
  deleteFaQuestion,
  getAdminFaQuestion,
  listAdminFaQuestions,
  updateFaQuestion,
} from '../../../shared/api/faq-endpoint-schemas';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import type { FormLimits } from '../../http/multipart-form';
import { adminActorOf } from '../auth/admin-guard';
import { findFaQuestionRow, listFaQuestions, toFaQuestion } from './faq-repository';
import { createFaQuestion as addQuestion, changeFaQuestion, removeFaQuestion } from './faq-service';

/** Title, answer (20,000 characters, up to 4 bytes each) and asHtml; no file. */
const FAQ_FORM_LIMITS: FormLimits = { files: 0, fields: 5, fieldSize: 128 * 1024 };

/** Back-office calls: /api/admin/fa_questions (spec section 7), under the guarded /api/admin scope. */
export async function faqAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminFaQuestions, async ({ query }) => {
    const { items, pages, count } = await listFaQuestions(db, query);
    return { fa_questions: items, pages, count };
  });

  route(admin, getAdminFaQuestion, async ({ params }) => {
    const row = await findFaQuestionRow(db, params.id);
    if (!row) throw notFound('FAQ not found');
    return { fa_question: toFaQuestion(row) };
  });

  route(
    admin,
    createFaQuestion,
    async (request) => ({ fa_question: await addQuestion(db, adminActorOf(request), request.body) }),
    { formLimits: FAQ_FORM_LIMITS },
  );

  route(
    admin,
    updateFaQuestion,
    async (request) => ({
      fa_question: await changeFaQuestion(db, adminActorOf(request), request.params.id, request.body),
    }),
    { formLimits: FAQ_FORM_LIMITS },
  );

  route(admin, deleteFaQuestion, async (request) => {
    await removeFaQuestion(db, adminActorOf(request), request.params.id);
    return undefined;
  });
}
