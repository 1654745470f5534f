/**
 * The SQLSTATE of a failed query, wherever the driver and Drizzle put it: node-postgres and PGlite set
 * `code` on their error, which Drizzle wraps (as `cause`) in its own.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation */
export const UNIQUE_VIOLATION = '23505';
/** deadlock_detected */
export const DEADLOCK_DETECTED = '40P01';
/** exclusion_violation */
export const EXCLUSION_VIOLATION = '23P01';

/**
 * SQLSTATEs of a database that cannot serve now, whatever the statement: connection_exception (class 08),
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery),
 * too_many_connections, and the refusals of a new connection by an operator: the database closed to connections
 * (55000, 'database does not allow connections'), dropped or renamed (invalid_catalog_name), or the role
 * disabled or its password changed (invalid_authorization_specification, invalid_password). The app's own
 * statements raise none of these.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '55000', '3D000', '28000', '28P01']);

/** Node's codes of a connection refused, cut or never made (a server stopped, restarting, or out of reach). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool say these without a code: a connection lost in the middle of a query, a connect that
 * timed out (or waited too long for a free connection), a client left unusable by a lost connection, a pool
 * being closed at shutdown.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether a failed query failed because the database could not be reached or is not serving now (stopped,
 * restarting, out of connections), rather than because of the statement: then nothing was changed by it, and
 * the same request may work in a moment. Looks through Drizzle's wrapping (`cause`) and Node's AggregateError
 * (each address of a host tried in turn).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== 'object' || depth > 5 || seen.has(value)) return false;
    seen.add(value);
    const { code, message, cause, errors } = value as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    if (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(error, 0);
}
