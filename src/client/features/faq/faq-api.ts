import { useQuery } from '@tanstack/react-query';
import type { FaQuestionsResponse } from '../../../shared/faq';
import { PUBLIC_FAQ_QUERY } from '../../../shared/public-lists';
import type { ApiQueryKey } from '../../lib/query-client';

export const faQuestionsQueryKey = (): ApiQueryKey => ['/api/fa_questions', PUBLIC_FAQ_QUERY];

export function useFaQuestions() {
  return useQuery<FaQuestionsResponse>({ queryKey: faQuestionsQueryKey() });
}
