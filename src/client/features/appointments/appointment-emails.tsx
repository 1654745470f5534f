import type { AppointmentEmail } from '../../../shared/appointments';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { emailStatusLabel } from './appointment-labels';

/** Why an e-mail is not sent (yet): the mail server's last answer, and for a queued one that it is retried. */
function deliveryNote(email: AppointmentEmail): string | undefined {
  if (email.status === 'failed') return email.last_error ?? 'The mail server refused it.';
  if (email.status === 'queued' && email.attempts > 0) {
    return `Tried ${email.attempts} ${email.attempts === 1 ? 'time' : 'times'}, trying again${email.last_error ? `: ${email.last_error}` : ''}`;
  }
  return undefined;
}

/**
 * The e-mails sent (or waiting to be sent) about the appointment, with their delivery, so staff can answer
 * 'I never got the e-mail': to whom, what, when it was written and sent, and why it failed.
 */
export function AppointmentEmails({ emails }: { emails: readonly AppointmentEmail[] }) {
  // A role that may not read patients' contact details (the bookkeeper) gets no addresses: the column goes.
  const withTo = emails.some((email) => email.to !== undefined);
  return (
    <section className="admin-panel appointment-emails" aria-labelledby="appointment-emails-title">
      <h2 id="appointment-emails-title" className="admin-panel__title">
        E-mails about this appointment
      </h2>
      {emails.length === 0 ? (
        <p className="appointment-emails__empty">No e-mails have been sent about this appointment.</p>
      ) : (
        <table className="appointment-emails__table" aria-labelledby="appointment-emails-title">
          <thead>
            <tr>
              <th scope="col">Subject</th>
              {withTo && <th scope="col">To</th>}
              <th scope="col">Written</th>
              <th scope="col">Sent</th>
              <th scope="col">Delivery</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => {
              const note = deliveryNote(email);
              return (
                <tr key={email.id}>
                  <th scope="row" data-label="Subject">
                    {email.subject}
                  </th>
                  {withTo && (
                    <td data-label="To" className="appointment-emails__to">
                      {email.to}
                    </td>
                  )}
                  <td data-label="Written" className="appointment-emails__when">
                    {formatAdminDateTime(email.created_at)}
                  </td>
                  <td data-label="Sent" className="appointment-emails__when">
                    {email.sent_at ? formatAdminDateTime(email.sent_at) : '—'}
                  </td>
                  <td data-label="Delivery">
                    <span className={`appointment-email-status appointment-email-status--${email.status}`}>
                      {emailStatusLabel(email.status)}
                    </span>
                    {note && <span className="appointment-emails__note">{note}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
