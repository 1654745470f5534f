import { allowsMove } from '../../../../shared/appointment-states';
import { CANCELLATION_NOTICE_HOURS } from '../../../../shared/manage-booking';
import { type FlagReason, flagLabels, wayOutTexts } from '../../../../shared/way-out';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/database';
import { conflict, notFound } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { type AppointmentRecord, lockAppointmentRecord, moveAppointment } from '../appointment-repository';
import { clinicFlagEmailOf } from '../emails/appointment-emails';
import type { FlagFreeMove } from '../emails/clinic-change-email';

export interface FlagRequest {
  actor: Actor;
  reason: FlagReason;
  /** The patient's own words (trimmed, within FLAG_MESSAGE_MAX), or null. */
  message: string | null;
  /** The caller's own rule, checked first with the appointment's row locked: throws to refuse. */
  check?: (record: AppointmentRecord) => void;
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>;
}

/** Whether the flag's free move is the patient's to use: only inside the notice, and once. */
function freeMoveOf({ appointment, slot }: AppointmentRecord, now: Date): FlagFreeMove {
  if (appointment.freeMoveUsedAt) return 'used';
  const noticeFrom = slot ? slot.startsAt.getTime() - CANCELLATION_NOTICE_HOURS * 3_600_000 : 0;
  return now.getTime() < noticeFrom ? 'not_needed' : 'available';
}

/**
 * The `flag` move, in one transaction: the patient of a booked or paid allergy test that has not started tells the
 * clinic they could not stop their antihistamines, or are unwell. The state stays; the flag (reason, words, time)
 * replaces an earlier one; the audit entry names the reason but never the words (health details, read on the
 * appointment's screen); the clinic is e-mailed. Answers whether it replaced an earlier flag.
 */
export async function flagAppointment(db: Db, appointmentId: number, request: FlagRequest): Promise<boolean> {
  const { actor, reason, message } = request;
  return db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound('No such appointment.');
    request.check?.(record);
    const { appointment } = record;
    if (!allowsMove('flag', appointment.status)) {
      throw conflict('appointment_not_changeable', wayOutTexts.notFlaggable);
    }
    const moved = await moveAppointment(tx, appointmentId, 'flag', { flag: { reason, message } });
    if (!moved) throw conflict('appointment_not_changeable', wayOutTexts.notFlaggable);
    const again = appointment.flaggedAt !== null;
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      flag: { from: appointment.flagReason, to: reason },
      with_message: message !== null,
      by: 'patient',
    });
    const email = clinicFlagEmailOf(
      { ...record, appointment: moved },
      flagLabels[reason],
      freeMoveOf(record, new Date()),
      request.settings,
    );
    if (email) await queueEmail(tx, email);
    return again;
  });
}
