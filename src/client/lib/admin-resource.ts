import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Endpoint, endpointUrl, type QueryInput, type ResponseOf } from '../../shared/api/endpoint';
import { notifyApiError, useNotify } from '../components/notifications/use-notify';
import { apiRequest, type QueryParams } from './api-client';
import { useEndpointList, useEndpointQuery } from './endpoint-query';
import { invalidateApiPaths } from './invalidate-api-paths';

/**
 * The calls every back-office collection of the spec's API shares (`/api/admin/blogs`,
 * `/api/admin/team_members`, …): a paged list, one record, save (POST without an id, PUT with one)
 * and delete, each named by its endpoint definition's type. A change refreshes every cached read under
 * `refreshPaths`, so the admin lists and the public pages showing the same content follow.
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

/** `/api/admin/blogs/:id` with an id: the record's URL. */
const recordUrl = (path: string, id: string | number) => endpointUrl(path, { id });

/**
 * A back-office list; the previous page stays on screen while the next one loads. `staleTime: 0` for a list
 * others change all day (appointments): read again each time it is shown.
 */
export function useAdminList<E extends Endpoint>(
  path: E['path'],
  query: QueryInput<E> & QueryParams,
  options: { staleTime?: number } = {},
) {
  return useEndpointList<E>(path, { query }, options);
}

/**
 * The record an edit form starts from; nothing is asked without an id. Always read afresh when the
 * form opens, not a copy cached before someone else's edit.
 */
export function useAdminRecord<E extends Endpoint>(path: E['path'], id: string | number | undefined) {
  return useEndpointQuery<E>(
    path,
    { params: { id: id ?? '' } as never },
    { enabled: id !== undefined, staleTime: 0 },
  );
}

/** Creates (POST to the collection, no id) or updates (PUT to the record) with a multipart form. */
export function useSaveAdminRecord<Create extends Endpoint, Update extends Endpoint, TInput>(
  paths: { create: Create['path']; update: Update['path'] },
  id: string | number | undefined,
  toFormData: (input: TInput) => FormData,
  refreshPaths: readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      apiRequest<ResponseOf<Create> | ResponseOf<Update>>(
        id === undefined ? paths.create : recordUrl(paths.update, id),
        { method: id === undefined ? 'POST' : 'PUT', formData: toFormData(input) },
      ),
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
export function useDeleteAdminRecord<E extends Endpoint>(
  path: E['path'],
  refreshPaths: readonly string[],
  { notice }: DeleteAdminRecordOptions = {},
): (record: { id: number }) => Promise<void> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { mutateAsync } = useMutation({
    mutationFn: (id: number) => apiRequest<void>(recordUrl(path, id), { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      // Gone: not read again (a 404) by the refresh below.
      queryClient.removeQueries({ queryKey: [recordUrl(path, id)] });
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
