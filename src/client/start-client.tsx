import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app/routes';
import type { SsrState } from './app/ssr-state-shape';
import { AppProviders } from './components/app-providers/app-providers';
import { apiRequest } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { readState } from './lib/ssr-state';
import { yieldToBrowser } from './lib/yield-to-browser';

/** The app as both paths render it: hydrating the server's page, or afresh. */
function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Loads the lazy modules of the routes on screen, so hydration renders exactly what the server did. */
async function resolveLazyRoutes(routeList: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** Hydrates the server's page, or renders the back office's shell (entry-client.tsx starts it). */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  const queryClient = createQueryClient((url, signal) => apiRequest(url, { signal }));
  const state = readState<SsrState>('ssr-state');

  if (state && !state.notFound) {
    hydrate(queryClient, state.queries);
    await resolveLazyRoutes(routes);
    await yieldToBrowser();
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    await yieldToBrowser();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread in one long task: the server's HTML is already on screen and stays usable meanwhile.
    startTransition(() => {
      hydrateRoot(container, <App queryClient={queryClient} router={router} />);
    });
    return;
  }
  // The back-office shell, or a page whose data was not found: rendered afresh in the browser. Its route's
  // module is loaded first, or the router would replace the server's page with nothing until it arrives.
  if (state) {
    hydrate(queryClient, state.queries);
    // As on the server: a record found missing there is not asked for again on mount.
    if (state.notFound)
      queryClient.setDefaultOptions({
        queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
      });
  }
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes);
  createRoot(container).render(<App queryClient={queryClient} router={router} />);
}
