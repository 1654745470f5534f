import type { AppointmentTexts } from '../../../shared/appointments';
import type { Db } from '../../db/database';
import type { Patient } from '../../db/schema';
import { textsOfAppointments } from '../texts/text-outbox-repository';
import { repliesOfAppointments } from '../texts/text-replies';

/** An appointment's texts as its staff screen shows them: set up or not, the consent, each text and reply. */
export async function appointmentTextsOf(
  db: Db,
  appointmentId: number,
  patient: Pick<Patient, 'smsConsentAt' | 'smsWithdrawnAt'> | null,
  setUp: boolean,
): Promise<AppointmentTexts> {
  const [messages, replies] = await Promise.all([
    textsOfAppointments(db, [appointmentId]),
    repliesOfAppointments(db, [appointmentId]),
  ]);
  const consent = patient?.smsConsentAt ? 'given' : patient?.smsWithdrawnAt ? 'withdrawn' : 'none';
  return {
    set_up: setUp,
    consent,
    consent_changed_at: (patient?.smsConsentAt ?? patient?.smsWithdrawnAt)?.toISOString() ?? null,
    messages: messages.map((text) => ({
      id: text.id,
      kind: text.kind,
      to: text.toPhone,
      body: text.body,
      status: text.status,
      last_error: text.lastError,
      created_at: text.createdAt.toISOString(),
      sent_at: text.sentAt?.toISOString() ?? null,
      delivered_at: text.deliveredAt?.toISOString() ?? null,
    })),
    replies: replies.map((reply) => ({
      id: reply.id,
      action: reply.action,
      body: reply.body,
      received_at: reply.createdAt.toISOString(),
      dealt_with_at: reply.handledAt?.toISOString() ?? null,
      dealt_with_by: reply.handledAt ? reply.handledByName : null,
    })),
  };
}
