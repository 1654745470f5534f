import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Endpoint, QueryInput, ResponseOf } from '../../shared/api/endpoint';
import { notifyApiError, useNotify } from '../components/notifications/use-notify';
import { type EndpointAddress, type QueryParams, sendCall } from './api-client';
import { useEndpointList, useEndpointRead } from './endpoint-query';
import { invalidateEndpoints } from './invalidate-endpoints';
import { queryKeyOf, type ReadEndpoint } from './query-client';

/**
 * The calls every back-office collection of the spec's API shares (articles, team members, …): a paged list, one
 * record, save (create without an id, update with one) and delete, each named by its endpoint. A change refreshes
 * every cached read of `refresh` (and the records beneath them), so the admin lists and the public pages showing
 * the same content follow.
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

/** The address of one record of a record endpoint (`getAdminBlog`, `deleteBlog`: their `:id`). */
const recordAddress = (id: string | number) => ({ params: { id } });

/**
 * A back-office list; the previous page stays on screen while the next one loads. `staleTime: 0` for a list
 * others change all day (appointments): read again each time it is shown.
 */
export function useAdminList<E extends ReadEndpoint>(
  endpoint: E,
  query: QueryInput<E> & QueryParams,
  options: { staleTime?: number } = {},
) {
  return useEndpointList(endpoint, { query } as EndpointAddress<E>, options);
}

/**
 * The record an edit form starts from; nothing is asked without an id. Always read afresh when the
 * form opens, not a copy cached before someone else's edit.
 */
export function useAdminRecord<E extends ReadEndpoint>(endpoint: E, id: string | number | undefined) {
  return useEndpointRead<ResponseOf<E>>(endpoint, recordAddress(id ?? ''), {
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Creates (the collection's POST, no id) or updates (the record's PUT) with a multipart form. */
export function useSaveAdminRecord<
  Create extends Endpoint & { readonly method: 'POST' },
  Update extends Endpoint & { readonly method: 'PUT' },
  TInput,
>(
  endpoints: { create: Create; update: Update },
  id: string | number | undefined,
  toFormData: (input: TInput) => FormData,
  refresh: readonly ReadEndpoint[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      (id === undefined
        ? sendCall(endpoints.create, { formData: toFormData(input) })
        : sendCall(endpoints.update, { ...recordAddress(id), formData: toFormData(input) })) as Promise<
        ResponseOf<Create> | ResponseOf<Update>
      >,
    onSuccess: () => invalidateEndpoints(queryClient, refresh),
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
export function useDeleteAdminRecord<E extends Endpoint & { readonly method: 'DELETE' }>(
  endpoint: E,
  refresh: readonly ReadEndpoint[],
  { notice }: DeleteAdminRecordOptions = {},
): (record: { id: number }) => Promise<void> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { mutateAsync } = useMutation({
    mutationFn: (id: number) => sendCall(endpoint, recordAddress(id)),
    onSuccess: (_nothing, id) => {
      // Gone: its read (at the record's address, the delete's own) is not made again (a 404) by the refresh below.
      queryClient.removeQueries({
        queryKey: queryKeyOf(endpoint as Endpoint as ReadEndpoint, recordAddress(id)),
      });
      return invalidateEndpoints(queryClient, refresh);
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
