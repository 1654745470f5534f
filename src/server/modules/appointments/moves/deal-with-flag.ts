import { allowsMove } from '../../../../shared/appointment-states';
import { appointmentTexts } from '../../../../shared/appointments';
import { flagDealtWithTexts, wayOutTexts } from '../../../../shared/way-out';
import type { Db } from '../../../db/database';
import { conflict, notFound } from '../../../domain-errors';
import { type AdminActor, auditChange } from '../../audit/audit-log';
import { lockAppointmentRecord, moveAppointment } from '../appointment-repository';

/**
 * The `dealWithFlag` move, in one transaction: staff mark the patient's flag (could not stop their antihistamines,
 * unwell) dealt with, once they have phoned the patient. The flag stays (reason, words, time) with who dealt with it
 * and when; the appointment leaves the dashboard's to do until the patient flags it again. `seenFlaggedAt`: the flag
 * staff read, so one the patient sent since is not closed unread. Audited with the reason, never the words. No
 * e-mail: the patient was spoken to, and the clinic is the one acting.
 */
export async function dealWithFlag(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  seenFlaggedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    const { appointment } = record;
    if (!appointment.flagReason || !appointment.flaggedAt || appointment.flagDealtAt) {
      throw conflict('flag_not_open', flagDealtWithTexts.notOpen);
    }
    if (appointment.flaggedAt.getTime() !== seenFlaggedAt.getTime()) {
      throw conflict('flag_changed', flagDealtWithTexts.changed);
    }
    if (!allowsMove('dealWithFlag', appointment.status)) {
      throw conflict('appointment_not_changeable', wayOutTexts.notFlaggable);
    }
    const moved = await moveAppointment(tx, appointmentId, 'dealWithFlag', {
      flagDealtBy: actor.adminUserId,
    });
    if (!moved) throw conflict('appointment_not_changeable', wayOutTexts.notFlaggable);
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      flag_dealt_with: appointment.flagReason,
    });
  });
}
