import type { AppointmentEmail } from '../../../shared/appointments';
import { emailStatusLabel } from './appointment-labels';
import { DeliveryTable } from './delivery-table';

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
  return (
    <section className="admin-panel appointment-emails" aria-labelledby="appointment-emails-title">
      <h2 id="appointment-emails-title" className="admin-panel__title">
        E-mails about this appointment
      </h2>
      {emails.length === 0 ? (
        <p className="appointment-emails__empty">No e-mails have been sent about this appointment.</p>
      ) : (
        <DeliveryTable
          whatLabel="Subject"
          labelledBy="appointment-emails-title"
          rows={emails.map((email) => ({
            id: email.id,
            what: email.subject,
            to: email.to,
            created_at: email.created_at,
            sent_at: email.sent_at,
            badge: email.status,
            status: emailStatusLabel(email.status),
            note: deliveryNote(email),
          }))}
        />
      )}
    </section>
  );
}
