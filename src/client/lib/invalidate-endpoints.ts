import type { QueryClient } from '@tanstack/react-query';
import type { ReadEndpoint } from './query-client';

/**
 * After a change: every cached read of `endpoints`, and of the records beneath their paths, is marked stale (and
 * read again if on screen), so admin lists and the public pages show the change. Name collections and other
 * reads without path parameters: `listAdminBlogs` covers the reads of each article too (`getAdminBlog`), whose
 * addresses lie beneath its path.
 */
export function invalidateEndpoints(
  queryClient: QueryClient,
  endpoints: readonly ReadEndpoint[],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => endpoints.some((endpoint) => String(queryKey[0]).startsWith(endpoint.path)),
  });
}
