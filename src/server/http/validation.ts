import type { z } from 'zod';
import { type DomainError, MAX_REPORTED_FIELDS, refusedFields, shownFieldName } from '../domain-errors';

/** `Unknown field: a, b` with at most MAX_REPORTED_FIELDS names, each cut as `shownFieldName` cuts it. */
export function unknownFieldsMessage(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_REPORTED_FIELDS).map(shownFieldName).join(', ');
  return `Unknown field: ${keys.length > MAX_REPORTED_FIELDS ? `${shown}, …` : shown}`;
}

/**
 * The 422 answer to a failed validation (route schemas run it through `endpoint-route.ts`): each field's
 * messages, an unknown field's 'Unknown field.'; `error_messages` names the unknown fields when the first
 * issue is one (code `unknown_field`).
 */
export function validationError(error: z.ZodError): DomainError {
  const issues = error.issues.flatMap((issue): [string, string][] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [[...issue.path, key].join('.'), 'Unknown field.'])
      : [[issue.path.join('.') || '_', issue.message]],
  );
  const first = error.issues[0];
  // The code the multipart reader gives an unknown field too: one reason, one code.
  return first?.code === 'unrecognized_keys'
    ? refusedFields(issues, unknownFieldsMessage(first.keys), 'unknown_field')
    : refusedFields(issues);
}
