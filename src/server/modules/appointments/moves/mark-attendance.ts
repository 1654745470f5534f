import { type AppointmentMove, allowsMove, isUpcoming } from '../../../../shared/appointment-states';
import { appointmentTexts } from '../../../../shared/appointments';
import type { AttendanceMark } from '../../../../shared/attendance';
import { isStanding } from '../../../../shared/payment-states';
import type { Db } from '../../../db/database';
import { notFound, refused } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { paymentsOfAppointment } from '../../payments/payment-repository';
import { clinicWallClock } from '../../slots/clinic-time';
import { findSlot } from '../../slots/slot-repository';
import { lockAppointment, moveAppointment } from '../appointment-repository';

const paysStand = async (db: Db, appointmentId: number) =>
  (await paymentsOfAppointment(db, appointmentId)).some((payment) => isStanding(payment.status));

/**
 * Staff mark what became of the patient: arrived at the desk (on the appointment's day), that arrival undone (the
 * same day, back to booked or paid as it was booked), attended or no-show (once the slot has started, 422
 * before), each from the states the table allows; marking it as it already is changes nothing. One transaction
 * with its audit entry.
 */
export async function markAttendance(
  db: Db,
  actor: Actor,
  appointmentId: number,
  mark: AttendanceMark,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(appointmentTexts.notFound);
    if (appointment.status === mark) return;
    const slot = appointment.slotId ? await findSlot(tx, appointment.slotId) : undefined;
    let move: AppointmentMove;
    if (mark === 'arrived' || mark === 'not_arrived') {
      if (!slot || clinicWallClock(slot.startsAt).isoDay !== clinicWallClock(now).isoDay) {
        throw refused('arrival_not_today', appointmentTexts.arrivalNotToday);
      }
      // Never checked in, or undone already: nothing to undo.
      if (mark === 'not_arrived' && isUpcoming(appointment.status)) return;
      // Back to what it was: booked if staff booked it (whatever was paid at the desk), paid if booked online.
      const undo = appointment.bookedByAdmin ? 'undoArrival' : 'undoPaidArrival';
      move = mark === 'arrived' ? 'arrive' : undo;
      // Paid is no longer true of one whose payment was given back in full while the patient was in: it stays.
      if (move === 'undoPaidArrival' && !(await paysStand(tx, appointmentId))) {
        throw refused('arrival_undo_refunded', appointmentTexts.arrivalUndoRefunded);
      }
    } else {
      move = mark === 'attended' ? 'attend' : 'miss';
      if (allowsMove(move, appointment.status) && (!slot || slot.startsAt > now)) {
        throw refused('attendance_too_early', appointmentTexts.attendanceTooEarly);
      }
    }
    if (!allowsMove(move, appointment.status)) {
      throw refused('attendance_not_allowed', appointmentTexts.attendanceNotHere);
    }
    const moved = await moveAppointment(tx, appointmentId, move);
    if (!moved) throw refused('attendance_not_allowed', appointmentTexts.attendanceNotHere);
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      status: { from: appointment.status, to: moved.status },
    });
  });
}
