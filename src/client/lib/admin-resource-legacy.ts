import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifyApiError, useNotify } from '../components/notifications/use-notify';
import {
  type AdminListParams,
  adminListQuery,
  type DeleteAdminRecordOptions,
  idFromParam,
} from './admin-resource';
import { apiRequest, type QueryParams } from './api-client';
import { invalidateApiPaths } from './invalidate-api-paths';
import type { ApiQueryKey } from './query-client';

/**
 * TEMPORARY (removed once every domain reads its endpoints by type): the untyped calls, by path string.
 * The calls every back-office collection of the spec's API shares (`/api/admin/blogs`,
 * `/api/admin/team_members`, …): a paged list, one record, save (POST without an id, PUT with one)
 * and delete. A change refreshes every cached read under `refreshPaths`, so the admin lists and the
 * public pages showing the same content follow.
 */

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

export { type AdminListParams, adminListQuery, type DeleteAdminRecordOptions, idFromParam };
