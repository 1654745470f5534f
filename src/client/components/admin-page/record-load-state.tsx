import { isNotFoundError } from '../../lib/api-client';
import { RecordNotFound } from './record-not-found';

/** While a record for an edit form loads: 'Loading…', then its error ('does not exist' for a 404). */
export function RecordLoadState({
  error,
  what,
  backTo,
  backLabel,
}: {
  error: Error | null;
  what: string;
  backTo: string;
  backLabel: string;
}) {
  if (!error) return <p role="status">Loading…</p>;
  if (isNotFoundError(error)) return <RecordNotFound what={what} backTo={backTo} backLabel={backLabel} />;
  return <p role="alert">{error.message}</p>;
}
