import type { z } from 'zod';
import { fieldErrors } from '../domain-errors';
import { HttpError } from './http-errors';

/** Enough for any real form; a body of thousands of unknown keys must not make an answer of megabytes. */
export const MAX_REPORTED_FIELDS = 20;

/** `Unknown field: a, b` with at most MAX_REPORTED_FIELDS names. */
function unknownFieldsMessage(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_REPORTED_FIELDS).join(', ');
  return `Unknown field: ${keys.length > MAX_REPORTED_FIELDS ? `${shown}, …` : shown}`;
}

/**
 * The 422 answer to a failed validation (route schemas run it through `endpoint-route.ts`):
 * `error_messages` carries the first message (what a notification shows), `errors` the messages of the
 * first MAX_REPORTED_FIELDS fields.
 */
export function validationError(error: z.ZodError): HttpError {
  // A Map, not a plain object: a field named `toString` or `__proto__` must not meet Object.prototype.
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.join('.') || '_'];
    const message = issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message;
    for (const key of keys) {
      const messages = errors.get(key);
      if (messages) messages.push(message);
      else if (errors.size < MAX_REPORTED_FIELDS) errors.set(key, [message]);
    }
  }
  const first = error.issues[0];
  const firstMessage =
    first?.code === 'unrecognized_keys'
      ? unknownFieldsMessage(first.keys)
      : (first?.message ?? 'Invalid input');
  return new HttpError(422, firstMessage, fieldErrors(errors));
}
