import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { ApiQueryKey } from './query-client';

/** What the server puts in <head> for a page (title, description, canonical and Open Graph tags). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute path or URL of the Open Graph image. */
  image?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}

interface RouteContext {
  params: Params;
  searchParams: URLSearchParams;
}

/**
 * A route module exports `handle: RouteHandle`. The server renderer prefetches `queries` before
 * rendering and builds the head from `head`; the browser uses `head` to set the title on navigation.
 */
export interface RouteHandle {
  queries?: (context: RouteContext) => ApiQueryKey[];
  head?: (context: RouteContext & { queryClient: QueryClient }) => PageHead;
}
