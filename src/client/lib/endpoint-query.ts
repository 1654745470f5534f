import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import { type EndpointRequest, endpointQueryKey } from './endpoint-query-key';
import type { ApiQueryKey } from './query-client';

type ReadOptions<E extends Endpoint> = Omit<
  UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>, ApiQueryKey>,
  'queryKey' | 'queryFn'
>;

/** Reads an endpoint through the query cache. */
export function useEndpointQuery<E extends Endpoint>(
  path: E['path'],
  request: EndpointRequest<E> = {},
  options: ReadOptions<E> = {},
) {
  return useQuery<ResponseOf<E>, Error, ResponseOf<E>, ApiQueryKey>({
    ...options,
    queryKey: endpointQueryKey<E>(path, request),
  });
}

/** A paged list that keeps the previous page on screen while the next one loads. */
export function useEndpointList<E extends Endpoint>(
  path: E['path'],
  request: EndpointRequest<E>,
  options: Pick<ReadOptions<E>, 'staleTime'> = {},
) {
  return useEndpointQuery<E>(path, request, { ...options, placeholderData: keepPreviousData });
}
