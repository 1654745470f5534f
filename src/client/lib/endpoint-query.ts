import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import {
  type EndpointDefinition,
  endpointUrl,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
} from '../../shared/api/endpoint';
import type { QueryParams } from './api-client';
import type { ApiQueryKey } from './query-client';

/**
 * What a read sends: the path's parameters and the query. Each hook names its endpoint by type
 * (`import type` of the definition in `src/shared/api`), so the path literal and the shapes are checked
 * against the server's definition while no schema reaches the browser.
 */
export interface EndpointRequest<E extends EndpointDefinition> {
  params?: ParamsInput<E> & Record<string, string | number>;
  query?: QueryInput<E> & QueryParams;
}

/** The cache key of a read: the URL path and its query, the same in the browser and the server renderer. */
export function endpointQueryKey<E extends EndpointDefinition>(
  path: E['path'],
  request: EndpointRequest<E> = {},
): ApiQueryKey {
  const url = endpointUrl(path, request.params);
  return request.query ? [url, request.query] : [url];
}

type ReadOptions<E extends EndpointDefinition> = Omit<
  UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>, ApiQueryKey>,
  'queryKey' | 'queryFn'
>;

/** Reads an endpoint through the query cache. */
export function useEndpointQuery<E extends EndpointDefinition>(
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
export function useEndpointList<E extends EndpointDefinition>(
  path: E['path'],
  request: EndpointRequest<E>,
  options: Pick<ReadOptions<E>, 'staleTime'> = {},
) {
  return useEndpointQuery<E>(path, request, { ...options, placeholderData: keepPreviousData });
}
