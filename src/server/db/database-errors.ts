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

/** foreign_key_violation */
export const FOREIGN_KEY_VIOLATION = '23503';
/** unique_violation */
export const UNIQUE_VIOLATION = '23505';
/** deadlock_detected */
export const DEADLOCK_DETECTED = '40P01';
/** exclusion_violation */
export const EXCLUSION_VIOLATION = '23P01';
