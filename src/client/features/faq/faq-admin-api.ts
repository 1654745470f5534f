import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FaQuestionResponse, FaQuestionsResponse, FaqFormValues } from '../../../shared/faq';
import { apiRequest } from '../../lib/api-client';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';
import type { ApiQueryKey } from '../../lib/query-client';

const ADMIN_PATH = '/api/admin/fa_questions';

export const adminFaQuestionsQueryKey = (params: {
  page: number;
  perPage: number;
  search: string;
}): ApiQueryKey => [
  ADMIN_PATH,
  { page: params.page, per_page: params.perPage, search: params.search || undefined },
];

export const adminFaQuestionQueryKey = (id: string): ApiQueryKey => [
  `${ADMIN_PATH}/${encodeURIComponent(id)}`,
];

export function useAdminFaQuestions(params: { page: number; perPage: number; search: string }) {
  return useQuery<FaQuestionsResponse>({
    queryKey: adminFaQuestionsQueryKey(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminFaQuestion(id: string) {
  return useQuery<FaQuestionResponse>({ queryKey: adminFaQuestionQueryKey(id), staleTime: 0 });
}

/** After a change: the back-office list and forms and the public FAQ page read the questions again. */
function invalidateFaq(queryClient: QueryClient): Promise<void> {
  return invalidateApiPaths(queryClient, ['/api/fa_questions', ADMIN_PATH]);
}

/** Creates (no id) or updates a question, as the spec's multipart form: `title`, `answer`, `asHtml`. */
export function useSaveFaQuestion(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FaqFormValues) => {
      const body = new FormData();
      body.append('title', values.title);
      body.append('answer', values.answer);
      body.append('asHtml', String(values.asHtml));
      return apiRequest<FaQuestionResponse>(id ? `${ADMIN_PATH}/${encodeURIComponent(id)}` : ADMIN_PATH, {
        method: id ? 'PUT' : 'POST',
        formData: body,
      });
    },
    onSuccess: () => invalidateFaq(queryClient),
  });
}

export function useDeleteFaQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${ADMIN_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateFaq(queryClient),
  });
}
