import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { clinic } from '../../../shared/clinic';
import type { TextKind } from '../../../shared/texts';
import type { Db } from '../../db/database';
import type { Appointment, Patient, Slot } from '../../db/schema';
import { consentedPhoneOf, queueText } from '../texts/text-outbox-repository';
import { textPlaceOf } from '../texts/text-place';

/** 'Tue 1 Dec 10:30', in clinic time. */
function whenOf(startsAt: Date): string {
  return format(new TZDate(startsAt.getTime(), clinic.timeZone), 'EEE d MMM HH:mm');
}

/**
 * A text about an appointment (issue 34): the time, the place and a short link to the booking page, never a health
 * detail nor the test's name (a text is read on a lock screen). Plain ASCII (GSM-7), two parts at most.
 */
function appointmentTextBody(
  kind: Extract<TextKind, 'reminder' | 'time_changed'>,
  slot: Pick<Slot, 'location' | 'isVideoCall' | 'startsAt'>,
  link: string | undefined,
): string {
  const time = [whenOf(slot.startsAt), textPlaceOf(slot)].filter(Boolean).join(', ');
  const what = kind === 'reminder' ? `your appointment is ${time}.` : `your appointment is now ${time}.`;
  return [`${clinic.name}: ${what}`, link, 'Reply C to ask us to call, STOP to stop texts.']
    .filter(Boolean)
    .join(' ');
}

/**
 * Queues the text of `kind` about the appointment, beside its e-mail (which always goes: a text that fails leaves
 * the e-mail to carry the message), if its patient agreed to texts. The link is the booking page's address without
 * its token (a text is kept in the outbox and on the phone; the e-mail carries the key).
 */
export async function queueAppointmentText(
  tx: Db,
  kind: Extract<TextKind, 'reminder' | 'time_changed'>,
  about: { appointment: Pick<Appointment, 'id' | 'reference'>; patient: Patient; slot: Slot },
  publicUrl: string | undefined,
  now = new Date(),
): Promise<number | undefined> {
  const to = consentedPhoneOf(about.patient);
  if (!to) return undefined;
  const link =
    publicUrl && about.appointment.reference
      ? `${publicUrl}/booking/${about.appointment.reference}`
      : undefined;
  return queueText(
    tx,
    {
      to,
      body: appointmentTextBody(kind, about.slot, link),
      kind,
      appointmentId: about.appointment.id,
      patientId: about.patient.id,
    },
    now,
  );
}
