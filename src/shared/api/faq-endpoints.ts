import type { faQuestionsQuerySchema, faQuestionsResponseSchema } from '../faq';
import { defineEndpoint } from './endpoint';

export const listFaQuestions = defineEndpoint<{
  query: typeof faQuestionsQuerySchema;
  response: typeof faQuestionsResponseSchema;
}>()({ method: 'GET', path: '/api/fa_questions', access: 'public' });
