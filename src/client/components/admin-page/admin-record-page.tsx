import type { ReactNode } from 'react';
import { isNotFoundError } from '../../lib/api-client';
import { AdminFormHeader } from './admin-form-header';
import { RecordNotFound } from './record-not-found';

/**
 * An edit screen's record: the form (`children`) once it is read; until then the screen's header with
 * 'Loading the {what}…', or its error ('does not exist' for a 404 or an address that names no record).
 * A record already on screen stays there when a later refresh fails, so typed changes are not lost.
 */
export function AdminRecordPage<T>({
  record,
  missing = false,
  what,
  title,
  notFoundTitle = title,
  eyebrow,
  backTo,
  backLabel,
  children,
}: {
  /** The record's query (useAdminRecord). */
  record: { data: T | undefined; error: Error | null };
  /** The address cannot name a record (e.g. /admin/article/abc): nothing was asked. */
  missing?: boolean;
  /** e.g. 'article', in 'Loading the article…' and 'This article does not exist.' */
  what: string;
  /** The heading while loading or on an error, e.g. 'Edit article'. */
  title: string;
  notFoundTitle?: string;
  eyebrow?: ReactNode;
  backTo: string;
  backLabel: string;
  children: (record: T) => ReactNode;
}) {
  if (!missing && record.data !== undefined) return children(record.data);
  const notFound = missing || isNotFoundError(record.error);
  let state: ReactNode;
  if (notFound) state = <RecordNotFound what={what} backTo={backTo} backLabel={backLabel} />;
  else if (record.error) state = <p role="alert">{record.error.message}</p>;
  else state = <p role="status">{`Loading the ${what}…`}</p>;
  return (
    <>
      <AdminFormHeader
        title={notFound ? notFoundTitle : title}
        eyebrow={eyebrow}
        backTo={backTo}
        backLabel={backLabel}
      />
      {state}
    </>
  );
}
