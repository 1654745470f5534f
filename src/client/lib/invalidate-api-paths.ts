import type { QueryClient } from '@tanstack/react-query';

/**
 * After a change in the back office: every cached query whose API path starts with one of `prefixes`
 * is marked stale (and read again if on screen), so admin lists and the public pages show the change.
 */
export function invalidateApiPaths(queryClient: QueryClient, prefixes: readonly string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => prefixes.some((prefix) => String(queryKey[0]).startsWith(prefix)),
  });
}
