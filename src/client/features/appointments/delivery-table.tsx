import type { ReactNode } from 'react';
import { formatAdminDateTime } from '../../lib/clinic-clock';

/** One message in a delivery table: an e-mail or a text about the appointment. */
export interface DeliveryRow {
  id: number;
  /** The row's heading cell: an e-mail's subject, a text's kind with its words. */
  what: ReactNode;
  /** Undefined for a role that may not read contact details: the column goes when no row has one. */
  to: string | undefined;
  created_at: string;
  sent_at: string | null;
  /** The badge's colour: waiting, done, failed. */
  badge: 'queued' | 'sent' | 'failed';
  status: string;
  /** Why it is not delivered (yet), under the badge. */
  note: string | undefined;
}

/**
 * The messages about an appointment with their delivery (what, to whom, written, sent, delivery), one channel a
 * table: the e-mails' and the texts' panels show the same columns, so staff read both alike.
 */
export function DeliveryTable({
  rows,
  whatLabel,
  labelledBy,
}: {
  rows: readonly DeliveryRow[];
  whatLabel: string;
  labelledBy: string;
}) {
  const withTo = rows.some((row) => row.to !== undefined);
  return (
    <table className="appointment-emails__table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{whatLabel}</th>
          {withTo && <th scope="col">To</th>}
          <th scope="col">Written</th>
          <th scope="col">Sent</th>
          <th scope="col">Delivery</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" data-label={whatLabel}>
              {row.what}
            </th>
            {withTo && (
              <td data-label="To" className="appointment-emails__to">
                {row.to}
              </td>
            )}
            <td data-label="Written" className="appointment-emails__when">
              {formatAdminDateTime(row.created_at)}
            </td>
            <td data-label="Sent" className="appointment-emails__when">
              {row.sent_at ? formatAdminDateTime(row.sent_at) : '—'}
            </td>
            <td data-label="Delivery">
              <span className={`appointment-email-status appointment-email-status--${row.badge}`}>
                {row.status}
              </span>
              {row.note && <span className="appointment-emails__note">{row.note}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
