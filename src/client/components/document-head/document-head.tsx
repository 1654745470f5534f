import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { documentTitle } from '../../lib/document-title';
import type { RouteHandle } from '../../lib/route-handle';

/**
 * Keeps the title and description right after client-side navigations (the server writes the full
 * head of the first page). Titles may come from the route's data, so it re-applies when data arrives.
 */
export function DocumentHead() {
  const matches = useMatches();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    const apply = () => {
      const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.head);
      const handle = match?.handle as RouteHandle | undefined;
      if (!match || !handle?.head) return;
      try {
        const head = handle.head({
          params: match.params,
          searchParams: new URLSearchParams(search),
          queryClient,
        });
        document.title = documentTitle(head);
        document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
      } catch {
        // The route's data has not arrived yet.
      }
    };
    apply();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') apply();
    });
  }, [matches, search, queryClient]);
  return null;
}
