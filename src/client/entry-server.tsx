import { defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routePath } from '../shared/route-path';
import type { RenderedPage, RenderRequest } from '../shared/ssr-contract';
import { renderHeadTags } from './app/head-tags';
import {
  isBookingConfirmedPath,
  isClientOnlyPath,
  isOwnBookingPath,
  isOwnIntakePath,
  routes,
} from './app/routes';
import type { SsrState } from './app/ssr-state-shape';
import { AppProviders } from './components/app-providers/app-providers';
import { registerServerPart } from './components/deferred-part/deferred-part';
import { AllergyTypeTabs } from './features/allergy-info/allergy-type-tabs';
import { blogPageFromSearch } from './features/blog/blog-format';
import { bookingConfirmedHead, intakeHead, manageBookingHead } from './features/booking/manage-booking-head';
import { isNotFoundError, isServerError } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import type { PageHead, RouteHandle } from './lib/route-handle';
import { serializeState } from './lib/ssr-state';

const handler = createStaticHandler(routes);
// Imported dynamically as the public layout imports it: a static import here would leave the layout's dynamic import
// nothing to split off, which the bundler warns of.
registerServerPart('site-footer', (await import('./components/site-footer/site-footer')).SiteFooter);
registerServerPart('allergy-type-tabs', AllergyTypeTabs);

const backOfficeHead: PageHead = {
  title: 'Back office',
  description: 'Staff back office of the clinic.',
  noindex: true,
};

/** The head of a client-only page: the page's own head is set in the browser once its module has loaded. */
const clientOnlyHead = (path: string): PageHead =>
  isOwnBookingPath(path)
    ? manageBookingHead
    : isOwnIntakePath(path)
      ? intakeHead
      : isBookingConfirmedPath(path)
        ? bookingConfirmedHead
        : backOfficeHead;

/**
 * The page's own address for its canonical link and og:url, as the router reads it (`routePath`, encoded
 * again for the link): the blog list's page number is part of it (`/blog?page=2`, read as the list reads
 * it); tracking or made-up parameters are not, so every variant of a page points search engines at one URL.
 */
function canonicalPath(url: URL): string {
  const path = encodeURI(routePath(url.pathname));
  if (path !== '/blog') return path;
  const page = blogPageFromSearch(url.searchParams);
  return page > 1 ? `${path}?page=${page}` : path;
}

/**
 * Renders one public page: runs the route match, prefetches the matched routes' queries through the
 * app's own API, renders to HTML and dehydrates the query cache and router state into the page.
 */
export async function render({ url, origin, fetchJson }: RenderRequest): Promise<RenderedPage> {
  const requestUrl = new URL(url, origin);
  const path = requestUrl.pathname;
  if (isClientOnlyPath(path)) {
    return {
      status: 200,
      clientOnly: true,
      head: renderHeadTags(clientOnlyHead(path), { origin, path }),
      element: '',
      hydration: '',
    };
  }

  const context = await handler.query(new Request(requestUrl));
  if (context instanceof Response) {
    const location = context.headers.get('Location') ?? '/';
    return {
      status: context.status,
      redirect: location,
      clientOnly: false,
      head: '',
      element: '',
      hydration: '',
    };
  }

  const queryClient = createQueryClient((apiUrl) => fetchJson(apiUrl));
  // A failed prefetch (a missing article) renders as the page's error state, not as 'Loading…'.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  });
  const searchParams = requestUrl.searchParams;
  const handles = context.matches.map((match) => ({
    params: match.params,
    handle: match.route.handle as RouteHandle | undefined,
  }));
  await Promise.all(
    handles.flatMap(({ params, handle }) =>
      (handle?.queries?.({ params, searchParams }) ?? []).map((queryKey) =>
        queryClient.prefetchQuery({ queryKey }),
      ),
    ),
  );

  const failed = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.state.error);
  const notFound = failed.some(isNotFoundError);
  // Data the API could not give now (its database down): the page shows its error state and answers 503, so the
  // page cache, a load balancer and search engines do not take it for the page.
  const unavailable = !notFound && failed.some(isServerError);

  const headSource = [...handles].reverse().find(({ handle }) => handle?.head);
  let head: PageHead = { title: 'Page not found', description: 'This page does not exist.' };
  if (headSource?.handle?.head && !notFound) {
    head = headSource.handle.head({ params: headSource.params, searchParams, queryClient });
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const element = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const state: SsrState = {
    // A missing record's page also carries the failed query (its status), so the browser shows the same
    // 'not found' at once instead of 'Loading…' while it asks again.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) || (notFound && isNotFoundError(query.state.error)),
    }),
    router: { loaderData: context.loaderData, actionData: context.actionData },
    notFound,
  };
  return {
    status: notFound ? 404 : unavailable ? 503 : context.statusCode,
    clientOnly: false,
    head: renderHeadTags(head, { origin, path: canonicalPath(requestUrl) }),
    element,
    hydration: `<script type="application/json" id="ssr-state">${serializeState(state)}</script>`,
  };
}
