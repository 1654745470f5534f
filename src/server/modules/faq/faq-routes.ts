import type { FastifyInstance } from 'fastify';
import { listFaQuestions } from '../../../shared/api/faq-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { listFaQuestions as listQuestions } from './faq-repository';

/** Public read of the FAQs (spec section 7): `GET /api/fa_questions`, HTML answers sanitised. */
export async function faqPublicRoutes(api: FastifyInstance): Promise<void> {
  route(api, listFaQuestions, async ({ query }) => {
    const { items, pages, count } = await listQuestions(api.db, query);
    return { fa_questions: items, pages, count };
  });
}
