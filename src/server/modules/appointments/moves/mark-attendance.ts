import { allowsMove } from '../../../../shared/appointment-states';
import { appointmentTexts } from '../../../../shared/appointments';
import type { Db } from '../../../db/database';
import { notFound, refused } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { findSlot } from '../../slots/slot-repository';
import { lockAppointment, moveAppointment } from '../appointment-repository';

/** What was marked of the patient, and the move that marks it. */
const MARKS = { attended: 'attend', no_show: 'miss' } as const;

/**
 * The `attend` and `miss` moves: whether the patient came, marked once the slot has started (422 before), from the
 * states the table allows; marking it as it already is changes nothing. One transaction with its audit entry.
 */
export async function markAttendance(
  db: Db,
  actor: Actor,
  appointmentId: number,
  status: keyof typeof MARKS,
): Promise<void> {
  const move = MARKS[status];
  await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(appointmentTexts.notFound);
    if (appointment.status === status) return;
    if (!allowsMove(move, appointment.status)) {
      throw refused('attendance_not_allowed', appointmentTexts.attendanceNotHere);
    }
    const slot = appointment.slotId ? await findSlot(tx, appointment.slotId) : undefined;
    if (!slot || slot.startsAt > new Date()) {
      throw refused('attendance_too_early', appointmentTexts.attendanceTooEarly);
    }
    const moved = await moveAppointment(tx, appointmentId, move);
    if (!moved) throw refused('attendance_not_allowed', appointmentTexts.attendanceNotHere);
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      status: { from: appointment.status, to: moved.status },
    });
  });
}
