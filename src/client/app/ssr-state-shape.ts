import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server writes into a rendered page for the browser to take over. */
export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
  /** The page's data was not found (404): the browser renders afresh instead of hydrating the error text. */
  notFound?: boolean;
}
