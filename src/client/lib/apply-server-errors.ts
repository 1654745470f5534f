import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a 422 answer's `errors` (keys like `title` or `prices_attributes.1.amount`) on the form's fields
 * that `isField` knows, focusing the first. Answers false when none applied, so the caller shows a notice.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  isField: (name: string) => boolean,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body.errors) return false;
  let applied = false;
  for (const [name, messages] of Object.entries(error.body.errors)) {
    if (!isField(name) || !messages[0]) continue;
    setError(name as FieldPath<Values>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
