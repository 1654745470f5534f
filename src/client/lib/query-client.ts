import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { buildUrl, type QueryParams } from './api-client';

/**
 * A query key is the API path and its query parameters: `['/api/team_members', { page: 1, per_page: 50 }]`.
 * The same keys are used by the browser and by the server renderer, which prefetches them in-process
 * and dehydrates the cache into the page, so hydration fetches nothing again.
 */
export type ApiQueryKey = readonly [path: string, params?: QueryParams];

export function urlOfQueryKey(queryKey: QueryKey): string {
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
