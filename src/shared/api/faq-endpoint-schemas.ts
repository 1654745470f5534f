import {
  adminFaQuestionsQuerySchema,
  FAQ_LIMITS,
  faQuestionIdParams,
  faQuestionResponseSchema,
  faQuestionsQuerySchema,
  faQuestionsResponseSchema,
  faqFormSchema,
} from '../faq';
import { jsonBodyLimit, withSchemas } from './endpoint-schemas';
import * as admin from './faq-admin-endpoints';
import * as api from './faq-endpoints';

export const listFaQuestions = withSchemas(api.listFaQuestions, {
  summary: 'The FAQs in their public order, HTML answers sanitised',
  query: faQuestionsQuerySchema,
  response: faQuestionsResponseSchema,
});

export const listAdminFaQuestions = withSchemas(admin.listAdminFaQuestions, {
  summary: 'The FAQs, searchable by title',
  query: adminFaQuestionsQuerySchema,
  response: faQuestionsResponseSchema,
});

export const getAdminFaQuestion = withSchemas(admin.getAdminFaQuestion, {
  summary: 'One FAQ',
  params: faQuestionIdParams,
  response: faQuestionResponseSchema,
});

/** Fields only, no file. */
const faqForm = {} as const;

/** A FAQ sent as JSON, its answer possibly HTML: about 64 KB at most. */
const faqBodyLimit = jsonBodyLimit(FAQ_LIMITS.title + FAQ_LIMITS.answer);

export const createFaQuestion = withSchemas(admin.createFaQuestion, {
  summary: 'Adds a FAQ at the end (multipart or JSON: title, answer, asHtml); an HTML answer is sanitised',
  body: faqFormSchema,
  form: faqForm,
  bodyLimit: faqBodyLimit,
  response: faQuestionResponseSchema,
});

export const updateFaQuestion = withSchemas(admin.updateFaQuestion, {
  summary: 'Changes a FAQ, keeping its place; an HTML answer is sanitised',
  params: faQuestionIdParams,
  body: faqFormSchema,
  form: faqForm,
  bodyLimit: faqBodyLimit,
  response: faQuestionResponseSchema,
});

export const deleteFaQuestion = withSchemas(admin.deleteFaQuestion, {
  summary: 'Deletes a FAQ',
  params: faQuestionIdParams,
});
