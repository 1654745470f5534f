import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { type Endpoint, endpointUrl } from '../../shared/api/endpoint';
import { type AnyEndpointCall, buildUrl, type EndpointAddress, type QueryParams } from './api-client';

/**
 * A query key is a read's URL path and its query parameters (`endpointQueryKey`): the public team list's is
 * `[listTeamMembers.path, { page: 1, per_page: 50 }]`.
 * The same keys are used by the browser and by the server renderer, which prefetches them in-process
 * and dehydrates the cache into the page, so hydration fetches nothing again.
 */
export type ApiQueryKey = readonly [path: string, params?: QueryParams];

/** An endpoint the query cache reads: a GET. */
export type ReadEndpoint = Endpoint & { readonly method: 'GET' };

/** A read's address: left out when nothing in it is required (`endpointQueryKey(getMe)`). */
export type ReadAddressArgs<E extends ReadEndpoint> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` asks whether every part of the address is optional.
  {} extends EndpointAddress<E> ? [address?: EndpointAddress<E>] : [address: EndpointAddress<E>];

/** The cache key of a read, whatever its endpoint, for code that is generic over endpoints (admin-resource.ts). */
export function queryKeyOf(endpoint: ReadEndpoint, { params, query }: AnyEndpointCall = {}): ApiQueryKey {
  const url = endpointUrl(endpoint.path, params);
  return query ? [url, query] : [url];
}

/**
 * The cache key of a read (`endpointQueryKey(getBlog, { params: { slugOrId } })`), the same in the browser and the
 * server renderer: a page's `handle.queries` lists these keys. Here, with the query client the app starts with, so
 * a page can start a read before its own code and React Query's hooks have arrived.
 */
export const endpointQueryKey = queryKeyOf as <E extends ReadEndpoint>(
  endpoint: E,
  ...[address]: ReadAddressArgs<E>
) => ApiQueryKey;

function urlOfQueryKey(queryKey: QueryKey): string {
  const [path, params] = queryKey as unknown as ApiQueryKey;
  return buildUrl(path, params);
}

export type JsonFetcher = (url: string, signal?: AbortSignal) => Promise<unknown>;

export function createQueryClient(fetchJson: JsonFetcher): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => fetchJson(urlOfQueryKey(queryKey), signal),
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < 2 && !(error as { status?: number }).status,
        refetchOnWindowFocus: false,
      },
    },
  });
}
