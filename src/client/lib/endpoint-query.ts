import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../shared/api/endpoint';
import type { AnyEndpointCall, EndpointAddress } from './api-client';
import { type ApiQueryKey, queryKeyOf, type ReadAddressArgs, type ReadEndpoint } from './query-client';

type ReadOptions<T> = Omit<UseQueryOptions<T, Error, T, ApiQueryKey>, 'queryKey' | 'queryFn'>;

/** Reads an endpoint through the query cache: `useEndpointQuery(getBlog, { params: { slugOrId } })`. */
export function useEndpointQuery<E extends ReadEndpoint>(
  endpoint: E,
  ...args: [...ReadAddressArgs<E>, options?: ReadOptions<ResponseOf<E>>]
) {
  const [address, options] = args as unknown as [AnyEndpointCall?, ReadOptions<ResponseOf<E>>?];
  return useEndpointRead(endpoint, address, options);
}

/** A paged list that keeps the previous page on screen while the next one loads. */
export function useEndpointList<E extends ReadEndpoint>(
  endpoint: E,
  address: EndpointAddress<E>,
  options: Pick<ReadOptions<ResponseOf<E>>, 'staleTime'> = {},
) {
  return useEndpointRead<ResponseOf<E>>(endpoint, address as AnyEndpointCall, {
    ...options,
    placeholderData: keepPreviousData,
  });
}

/** `useEndpointQuery` for hooks that are generic over endpoints (admin-resource.ts), whose signatures type the read. */
export function useEndpointRead<T>(
  endpoint: ReadEndpoint,
  address: AnyEndpointCall | undefined,
  options: ReadOptions<T> = {},
) {
  return useQuery<T, Error, T, ApiQueryKey>({ ...options, queryKey: queryKeyOf(endpoint, address) });
}
