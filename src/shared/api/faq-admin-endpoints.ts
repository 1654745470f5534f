import type {
  adminFaQuestionsQuerySchema,
  faQuestionIdParams,
  faQuestionResponseSchema,
  faQuestionsResponseSchema,
  faqFormSchema,
} from '../faq';
import { defineEndpoint } from './endpoint';

export const listAdminFaQuestions = defineEndpoint<{
  query: typeof adminFaQuestionsQuerySchema;
  response: typeof faQuestionsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/fa_questions', access: 'admin', permission: 'content' });

export const getAdminFaQuestion = defineEndpoint<{
  params: typeof faQuestionIdParams;
  response: typeof faQuestionResponseSchema;
}>()({ method: 'GET', path: '/api/admin/fa_questions/:id', access: 'admin', permission: 'content' });

export const createFaQuestion = defineEndpoint<{
  body: typeof faqFormSchema;
  response: typeof faQuestionResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/fa_questions',
  access: 'admin',
  permission: 'content',
  status: 201,
});

export const updateFaQuestion = defineEndpoint<{
  params: typeof faQuestionIdParams;
  body: typeof faqFormSchema;
  response: typeof faQuestionResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/fa_questions/:id', access: 'admin', permission: 'content' });

export const deleteFaQuestion = defineEndpoint<{ params: typeof faQuestionIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/fa_questions/:id',
  access: 'admin',
  permission: 'content',
  status: 204,
});
