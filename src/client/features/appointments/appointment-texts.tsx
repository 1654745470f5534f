import type { AppointmentTexts as Texts } from '../../../shared/appointments';
import {
  type TextStatus,
  textKindLabels,
  textReplyLabels,
  textStatusLabels,
  textTexts,
} from '../../../shared/texts';
import { ReplyDealtWithButton } from '../../components/reply-dealt-with/reply-dealt-with-button';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { DeliveryTable } from './delivery-table';

/** The e-mails' badge colours: waiting, done, failed. */
const badgeOf: Record<TextStatus, 'queued' | 'sent' | 'failed'> = {
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'sent',
  failed: 'failed',
};

const consentText = (texts: Texts) => {
  const when = texts.consent_changed_at ? formatAdminDateTime(texts.consent_changed_at) : undefined;
  if (texts.consent === 'given') return `The patient agreed to texts${when ? ` on ${when}` : ''}.`;
  if (texts.consent === 'withdrawn') return `The patient stopped texts${when ? ` on ${when}` : ''}.`;
  return 'The patient did not ask for texts.';
};

/**
 * The texts about the appointment beside its e-mails (issue 34): whether texts are set up, the patient's consent,
 * each text with its delivery (the provider's reason when it failed: the e-mail carried the message), and the
 * patient's replies (a request to cancel asks staff to call; it cancels nothing).
 */
export function AppointmentTexts({ texts, mayDealWith }: { texts: Texts; mayDealWith: boolean }) {
  return (
    <section className="admin-panel appointment-emails" aria-labelledby="appointment-texts-title">
      <h2 id="appointment-texts-title" className="admin-panel__title">
        Texts about this appointment
      </h2>
      {!texts.set_up && (
        <p className="appointment-emails__empty">
          <strong>{textTexts.notSetUp}</strong>: no text is sent until Twilio's keys are set.
        </p>
      )}
      <p className="appointment-emails__empty">{consentText(texts)}</p>
      {texts.replies.some((reply) => reply.action === 'cancel_request' && reply.dealt_with_at === null) && (
        <p className="appointment-texts__call" role="note">
          The patient replied asking to cancel: please call them. The appointment is not cancelled.
        </p>
      )}
      {texts.messages.length > 0 && (
        <DeliveryTable
          whatLabel="Text"
          labelledBy="appointment-texts-title"
          rows={texts.messages.map((text) => ({
            id: text.id,
            what: (
              <>
                {textKindLabels[text.kind]}
                <span className="appointment-emails__note">{text.body}</span>
              </>
            ),
            to: text.to,
            created_at: text.created_at,
            sent_at: text.sent_at,
            badge: badgeOf[text.status],
            status: textStatusLabels[text.status],
            note: text.status === 'failed' ? (text.last_error ?? undefined) : undefined,
          }))}
        />
      )}
      {texts.replies.length > 0 && (
        <ul className="appointment-texts__replies" aria-label="Replies">
          {texts.replies.map((reply) => (
            <li key={reply.id}>
              <strong>{textReplyLabels[reply.action]}</strong> ({formatAdminDateTime(reply.received_at)})
              {reply.body && reply.action === 'other' && <q>{reply.body}</q>}
              {reply.dealt_with_at ? (
                <span className="appointment-texts__dealt">
                  Dealt with{reply.dealt_with_by ? ` by ${reply.dealt_with_by}` : ''} on{' '}
                  {formatAdminDateTime(reply.dealt_with_at)}
                </span>
              ) : (
                mayDealWith &&
                reply.action !== 'stop' && (
                  <ReplyDealtWithButton
                    replyId={reply.id}
                    which={`the reply of ${formatAdminDateTime(reply.received_at)}`}
                  />
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
