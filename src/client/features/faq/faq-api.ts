import { listFaQuestions } from '../../../shared/api/faq-endpoints';
import { PUBLIC_FAQ_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

export const faQuestionsQueryKey = () => endpointQueryKey(listFaQuestions, { query: PUBLIC_FAQ_QUERY });

export const useFaQuestions = () => useEndpointQuery(listFaQuestions, { query: PUBLIC_FAQ_QUERY });
