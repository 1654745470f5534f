import { endedStatuses } from '../../../shared/appointment-states';
import type { Db } from '../../db/database';
import { notFound } from '../../domain-errors';
import {
  findAppointmentRecordByBookingToken,
  findAppointmentRecordByManageLink,
} from './appointment-repository';
import { appointmentDetails, withStops } from './emails/booking-details';
import { calendarInvite } from './emails/calendar-invite';

/** The proof a patient's request carries: their booking link's token, or the booking's own access token. */
export interface InviteProof {
  manageTokenHash: string | undefined;
  bookingTokenHash: string | undefined;
}

/**
 * A patient's current calendar invite of their booking (`reference`): the one the last e-mail carried, same UID
 * and SEQUENCE, marked cancelled once the appointment ended that way; with the stop-day event of an allergy test.
 * Unknown, or a wrong token: 404 saying neither.
 */
export async function ownInvite(
  db: Db,
  reference: string,
  proof: InviteProof,
  notFoundText: string,
): Promise<Buffer> {
  const record = proof.manageTokenHash
    ? await findAppointmentRecordByManageLink(db, reference, proof.manageTokenHash)
    : proof.bookingTokenHash
      ? await findAppointmentRecordByBookingToken(db, reference, proof.bookingTokenHash)
      : undefined;
  if (!record?.patient || !record.slot) throw notFound(notFoundText);
  const { appointment } = record;
  const details = withStops(
    appointmentDetails(appointment.id, record.patient, record.slot),
    appointment.antihistamines,
  );
  const invite = await calendarInvite(details, {
    sequence: appointment.calendarSequence,
    cancelled: (endedStatuses as readonly string[]).includes(appointment.status),
  });
  return Buffer.from(invite.content, 'base64');
}
