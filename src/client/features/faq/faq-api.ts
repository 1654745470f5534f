import type { listFaQuestions } from '../../../shared/api/faq-endpoints';
import { PUBLIC_FAQ_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/endpoint-query-key';

export const faQuestionsQueryKey = () =>
  endpointQueryKey<typeof listFaQuestions>('/api/fa_questions', { query: PUBLIC_FAQ_QUERY });

export const useFaQuestions = () =>
  useEndpointQuery<typeof listFaQuestions>('/api/fa_questions', { query: PUBLIC_FAQ_QUERY });
