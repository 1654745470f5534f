import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The form field an API error key names, or undefined: the key itself (`title`,
 * `prices_attributes.1.amount`) or, behind an envelope, the key without it (`blog.title`).
 */
export function fieldOfErrorKey(key: string, isField: (name: string) => boolean): string | undefined {
  if (isField(key)) return key;
  const bare = key.replace(/^[^.]+\./, '');
  return bare !== key && isField(bare) ? bare : undefined;
}

/**
 * Puts an error answer's `errors` on the form's fields that `isField` knows, focusing the first: a 422's
 * checks, or a 415's refused file (`logo`, `blog.icon`). Answers false when none applied, so the caller
 * shows a notice.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  isField: (name: string) => boolean,
): boolean {
  if (!(error instanceof ApiError) || !error.body.errors) return false;
  let applied = false;
  for (const [key, messages] of Object.entries(error.body.errors)) {
    const name = fieldOfErrorKey(key, isField);
    if (!name || !messages[0]) continue;
    setError(name as FieldPath<Values>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
