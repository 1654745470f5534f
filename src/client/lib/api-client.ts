import {
  type BodyInput,
  type Endpoint,
  endpointUrl,
  type HeaderValues,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
} from '../../shared/api/endpoint';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ErrorCode } from '../../shared/error-codes';
import { texts } from '../../shared/validation-texts';
import { clearAuthToken, getAuthToken } from './auth-token';

/** A failed call: the API's error body, or (no answer, or one that is not the API's) the default text alone. */
type FailureBody = Omit<ApiErrorBody, 'code'> & { code?: ErrorCode };

export class ApiError extends Error {
  /** The API's stable code of the refusal, to branch on; undefined when the API did not answer. */
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    readonly body: FailureBody,
  ) {
    super(body.error_messages || texts.defaultError);
    this.code = body.code;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Why a signed-in call was refused with 401: the API's code and text (a session past its limits says which). */
export type UnauthorizedReason = { code?: ErrorCode; message: string };

let onUnauthorized: (reason: UnauthorizedReason) => void = () => {
  window.location.assign('/login');
};

/** The router registers a navigation here; any 401 clears the token and goes to /login (spec section 8). */
export function setUnauthorizedHandler(handler: (reason: UnauthorizedReason) => void): void {
  onUnauthorized = handler;
}

let onRoleForbidden: () => void = () => {};

/** The back office registers here what a call its role may not make does: its screen says so. */
export function setRoleForbiddenHandler(handler: () => void): void {
  onRoleForbidden = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  /** Extra request headers (`callEndpoint` sends an endpoint's token headers here). */
  headers?: Record<string, string>;
  /** Sees the answer before it is read (e.g. its `Date` header). */
  onResponse?: (response: Response) => void;
  /** The token to send instead of the stored one: signing out sends it once it is already forgotten here. */
  bearer?: string;
  /** Sent even as the page goes (`pagehide`): a hold the page gives back when its tab is closed. */
  keepalive?: boolean;
}

/**
 * Sends a call with the admin's bearer token (when signed in) and answers the response once it is known to
 * be a success; a failure throws an ApiError with the server's `error_messages` (or the default text), and a
 * 401 clears the token and leaves for /login (spec section 8).
 */
export async function sendToApi(url: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept };
  const token = options.bearer ?? getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, { error_messages: texts.defaultError });
  }
  options.onResponse?.(response);
  if (!response.ok) {
    const errorBody = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (response.status === 403 && errorBody?.code === 'role_forbidden') onRoleForbidden();
    const error = new ApiError(
      response.status,
      errorBody?.error_messages ? errorBody : { error_messages: texts.defaultError },
    );
    // Only while the token it was sent with is still the stored one: of several calls refused together, the first
    // signs out (and says why), and a 401 for a token since replaced by a new sign-in signs nobody out.
    if (response.status === 401 && token && getAuthToken() === token) {
      clearAuthToken();
      onUnauthorized({ code: error.code, message: error.message });
    }
    throw error;
  }
  return response;
}

export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendToApi(url, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The address of a call: the path's parameters and the query, each as its endpoint declares it. */
export type EndpointAddress<E extends Endpoint> = (ParamsInput<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsInput<E> & Record<string, string | number> }) &
  (QueryInput<E> extends undefined ? { query?: undefined } : { query?: QueryInput<E> & QueryParams });

/** An endpoint's body: JSON as it declares it, or a multipart form (a form endpoint reads either). */
type EndpointBody<E extends Endpoint> =
  BodyInput<E> extends undefined
    ? { json?: undefined; formData?: undefined }
    : { json: BodyInput<E>; formData?: undefined } | { formData: FormData; json?: undefined };

/** The values of the headers an endpoint reads, by what they carry (`{ holdToken }`); one left undefined is not sent. */
type EndpointHeaders<E extends Endpoint> =
  HeaderValues<E> extends undefined ? { headers?: undefined } : { headers?: HeaderValues<E> };

/** Everything a call sends, as its endpoint declares it, and how it is watched. */
type EndpointCall<E extends Endpoint> = EndpointAddress<E> &
  EndpointBody<E> &
  EndpointHeaders<E> &
  Pick<RequestOptions, 'signal' | 'onResponse' | 'bearer' | 'keepalive'>;

/** A call's argument: left out when nothing in it is required (`callEndpoint(logout)`). */
export type EndpointCallArgs<E extends Endpoint> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` asks whether every part of the call is optional.
  {} extends EndpointCall<E> ? [call?: EndpointCall<E>] : [call: EndpointCall<E>];

/** A call's parts as they are sent, whatever its endpoint. */
export interface AnyEndpointCall extends Omit<RequestOptions, 'method' | 'headers'> {
  params?: Record<string, string | number>;
  query?: QueryParams;
  headers?: Record<string, string | undefined>;
}

/** An endpoint's URL: `endpointAddress(exportPatientData, { params: { id } })`, with the query when given. */
export const endpointAddress = <E extends Endpoint>(
  endpoint: E,
  { params, query }: EndpointAddress<E>,
): string => buildUrl(endpointUrl(endpoint.path, params), query);

/**
 * Calls an endpoint by its definition (`src/shared/api`): its method and path are the definition's, the
 * parameters, query, body and header values the caller's, each typed as the endpoint declares it. Header values
 * are sent under the names the endpoint reads them by, so no call spells a header. Answers and fails as
 * `apiRequest` does.
 */
export const callEndpoint = sendCall as <E extends Endpoint>(
  endpoint: E,
  ...[call]: EndpointCallArgs<E>
) => Promise<ResponseOf<E>>;

/** `callEndpoint` for code that is generic over endpoints (admin-resource.ts), whose own signature types the call. */
export function sendCall(endpoint: Endpoint, { params, query, headers, ...options }: AnyEndpointCall = {}) {
  const named: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value) named[endpoint.headers?.[name] ?? name] = value;
  }
  return apiRequest<unknown>(buildUrl(endpointUrl(endpoint.path, params), query), {
    ...options,
    method: endpoint.method,
    headers: named,
  });
}

/** A 404 from the API: an ApiError in the browser, or the server renderer's error with the same `status`. */
export function isNotFoundError(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 404;
}

/** A 5xx from the API (the server could not answer now, e.g. its database is down), as `isNotFoundError` reads it. */
export function isServerError(error: unknown): boolean {
  return ((error as { status?: number } | null)?.status ?? 0) >= 500;
}
