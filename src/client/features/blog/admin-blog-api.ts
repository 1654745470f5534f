import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminBlogResponse, AdminBlogsResponse } from '../../../shared/blog';
import { apiRequest } from '../../lib/api-client';
import { invalidateApiPaths } from '../../lib/invalidate-api-paths';
import type { ApiQueryKey } from '../../lib/query-client';

const ADMIN_BLOGS = '/api/admin/blogs';

export const adminBlogsQueryKey = (page: number, perPage: number, title: string): ApiQueryKey => [
  ADMIN_BLOGS,
  { page, per_page: perPage, title: title || undefined },
];
export const adminBlogQueryKey = (id: number): ApiQueryKey => [`${ADMIN_BLOGS}/${id}`];

export function useAdminBlogs(page: number, perPage: number, title: string) {
  return useQuery<AdminBlogsResponse>({
    queryKey: adminBlogsQueryKey(page, perPage, title),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBlog(id: number | undefined) {
  return useQuery<AdminBlogResponse>({
    queryKey: adminBlogQueryKey(id ?? 0),
    enabled: id !== undefined,
    // Always the stored version when the form opens, not one cached before someone else's edit.
    staleTime: 0,
  });
}

/** After a change: the back-office list and the public blog (list, articles, 'More From') load again. */
async function refreshBlogQueries(queryClient: QueryClient): Promise<void> {
  await invalidateApiPaths(queryClient, [ADMIN_BLOGS, '/api/blogs']);
}

export function useSaveArticle(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      apiRequest<AdminBlogResponse>(id === undefined ? ADMIN_BLOGS : `${ADMIN_BLOGS}/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        formData: body,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminBlogQueryKey(saved.blog.id), saved);
      await refreshBlogQueries(queryClient);
    },
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${ADMIN_BLOGS}/${id}`, { method: 'DELETE' }),
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: adminBlogQueryKey(id) });
      await refreshBlogQueries(queryClient);
    },
  });
}
