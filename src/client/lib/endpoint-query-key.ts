import { type Endpoint, endpointUrl, type ParamsInput, type QueryInput } from '../../shared/api/endpoint';
import type { QueryParams } from './api-client';
import type { ApiQueryKey } from './query-client';

/**
 * What a read sends: the path's parameters and the query. Each hook names its endpoint by type
 * (`import type` of the definition in `src/shared/api`), so the path literal and the shapes are checked
 * against the server's definition while no schema reaches the browser.
 */
export interface EndpointRequest<E extends Endpoint> {
  params?: ParamsInput<E> & Record<string, string | number>;
  query?: QueryInput<E> & QueryParams;
}

/**
 * The cache key of a read: the URL path and its query, the same in the browser and the server renderer. In a
 * module of its own, without React Query's hooks, so a page can start a read whose code has not arrived yet.
 */
export function endpointQueryKey<E extends Endpoint>(
  path: E['path'],
  request: EndpointRequest<E> = {},
): ApiQueryKey {
  const url = endpointUrl(path, request.params);
  return request.query ? [url, request.query] : [url];
}
