import type { FastifyInstance } from 'fastify';
import { type FaQuestionsResponse, faQuestionsQuerySchema } from '../../../shared/faq';
import { pageCount } from '../../../shared/pagination';
import { validate } from '../../http/validation';
import { listFaQuestions } from './faq-repository';

/** Public read of the FAQs (spec section 7): `GET /api/fa_questions`, HTML answers sanitised. */
export async function faqPublicRoutes(app: FastifyInstance): Promise<void> {
  app.get('/fa_questions', async (request): Promise<FaQuestionsResponse> => {
    const query = validate(faQuestionsQuerySchema, request.query);
    const { items, count } = await listFaQuestions(app.db, query.page, query.per_page);
    return { fa_questions: items, pages: pageCount(count, query.per_page), count };
  });
}
