import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * New ids are this process's random prefix and a count: unique within the process by the count, and across
 * restarts and instances by the prefix (48 random bits), and short to read in a log. A UUID for each request
 * cost a few times more (its string built anew, about 500 bytes of garbage a request).
 */
const PROCESS_PREFIX = `${randomBytes(6).toString('base64url')}-`;
let issued = 0;

/** A request's id: the one a proxy sent in `X-Request-Id` when it is plain, or a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)) return incoming;
  issued += 1;
  return PROCESS_PREFIX + issued.toString(36);
}
