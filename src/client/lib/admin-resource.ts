import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifyApiError, useNotify } from '../components/notifications/use-notify';
import { apiRequest, type QueryParams } from './api-client';
import { invalidateApiPaths } from './invalidate-api-paths';
import type { ApiQueryKey } from './query-client';

/**
 * The calls every back-office collection of the spec's API shares (`/api/admin/blogs`,
 * `/api/admin/team_members`, …): a paged list, one record, save (POST without an id, PUT with one)
 * and delete. A change refreshes every cached read under `refreshPaths`, so the admin lists and the
 * public pages showing the same content follow.
 */

/** A list screen's table state: page, page size and the search box. */
export interface AdminListParams {
  page: number;
  perPage: number;
  search: string;
}

/** The spec's list parameters: `page`, `per_page` and the search text under `searchParam`, left out when empty. */
export function adminListQuery(params: AdminListParams, searchParam = 'search'): QueryParams {
  return { page: params.page, per_page: params.perPage, [searchParam]: params.search || undefined };
}

/** A record id from the address, or undefined when it cannot be one (the screen then says it does not exist). */
export function idFromParam(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

const recordPath = (path: string, id: string | number) => `${path}/${encodeURIComponent(id)}`;

/** Keeps the previous page on screen while the next one loads. */
export function useAdminList<T>(path: string, query: QueryParams) {
  const queryKey: ApiQueryKey = [path, query];
  return useQuery<T>({ queryKey, placeholderData: keepPreviousData });
}

/**
 * The record an edit form starts from; nothing is asked without an id. Always read afresh when the
 * form opens, not a copy cached before someone else's edit.
 */
export function useAdminRecord<T>(path: string, id: string | number | undefined) {
  const queryKey: ApiQueryKey = [recordPath(path, id ?? '')];
  return useQuery<T>({ queryKey, enabled: id !== undefined, staleTime: 0 });
}

export function useSaveAdminRecord<TInput, TSaved>(
  path: string,
  id: string | number | undefined,
  toFormData: (input: TInput) => FormData,
  refreshPaths: readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      apiRequest<TSaved>(id === undefined ? path : recordPath(path, id), {
        method: id === undefined ? 'POST' : 'PUT',
        formData: toFormData(input),
      }),
    onSuccess: () => invalidateApiPaths(queryClient, refreshPaths),
  });
}

export interface DeleteAdminRecordOptions {
  /** The success notice, e.g. texts.notices.articleDeleted. */
  notice?: string;
}

/**
 * Deletes a record, then shows `notice`; a failure shows its error notice and rejects, so a list's
 * confirmation dialog stays open. Pass the result as DataTable's `onDelete`.
 */
export function useDeleteAdminRecord(
  path: string,
  refreshPaths: readonly string[],
  { notice }: DeleteAdminRecordOptions = {},
): (record: { id: number }) => Promise<void> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { mutateAsync } = useMutation({
    mutationFn: (id: number) => apiRequest<void>(recordPath(path, id), { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      // Gone: not read again (a 404) by the refresh below.
      queryClient.removeQueries({ queryKey: [recordPath(path, id)] });
      return invalidateApiPaths(queryClient, refreshPaths);
    },
  });
  return useCallback(
    async (record: { id: number }) => {
      try {
        await mutateAsync(record.id);
      } catch (error) {
        notifyApiError(notify, error);
        throw error;
      }
      if (notice) notify.success(notice);
    },
    [mutateAsync, notify, notice],
  );
}
