import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A request's id: the one a proxy sent in `X-Request-Id` when it is plain, or a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}
