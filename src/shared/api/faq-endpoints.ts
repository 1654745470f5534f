import {
  adminFaQuestionsQuerySchema,
  FAQ_LIMITS,
  faQuestionIdParams,
  faQuestionResponseSchema,
  faQuestionsQuerySchema,
  faQuestionsResponseSchema,
  faqFormSchema,
} from '../faq';
import { defineEndpoint, jsonBodyLimit } from './endpoint';

export const listFaQuestions = defineEndpoint({
  method: 'GET',
  path: '/api/fa_questions',
  summary: 'The FAQs in their public order, HTML answers sanitised',
  access: 'public',
  query: faQuestionsQuerySchema,
  response: faQuestionsResponseSchema,
});

export const listAdminFaQuestions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/fa_questions',
  summary: 'The FAQs, searchable by title',
  access: 'admin',
  query: adminFaQuestionsQuerySchema,
  response: faQuestionsResponseSchema,
});

export const getAdminFaQuestion = defineEndpoint({
  method: 'GET',
  path: '/api/admin/fa_questions/:id',
  summary: 'One FAQ',
  access: 'admin',
  params: faQuestionIdParams,
  response: faQuestionResponseSchema,
});

/** Fields only, no file. */
const faqForm = {} as const;

/** A FAQ sent as JSON, its answer possibly HTML: about 64 KB at most. */
const faqBodyLimit = jsonBodyLimit(FAQ_LIMITS.title + FAQ_LIMITS.answer);

export const createFaQuestion = defineEndpoint({
  method: 'POST',
  path: '/api/admin/fa_questions',
  summary: 'Adds a FAQ at the end (multipart or JSON: title, answer, asHtml); an HTML answer is sanitised',
  access: 'admin',
  body: faqFormSchema,
  form: faqForm,
  bodyLimit: faqBodyLimit,
  status: 201,
  response: faQuestionResponseSchema,
});

export const updateFaQuestion = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/fa_questions/:id',
  summary: 'Changes a FAQ, keeping its place; an HTML answer is sanitised',
  access: 'admin',
  params: faQuestionIdParams,
  body: faqFormSchema,
  form: faqForm,
  bodyLimit: faqBodyLimit,
  response: faQuestionResponseSchema,
});

export const deleteFaQuestion = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/fa_questions/:id',
  summary: 'Deletes a FAQ',
  access: 'admin',
  params: faQuestionIdParams,
  status: 204,
});
