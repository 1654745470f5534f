import { type AppointmentMove, allowsMove } from '../../../../shared/appointment-states';
import { type AttendanceMark, appointmentTexts } from '../../../../shared/appointments';
import type { Db } from '../../../db/database';
import { notFound, refused } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { paymentsOfAppointment } from '../../payments/payment-repository';
import { clinicWallClock } from '../../slots/clinic-time';
import { findSlot } from '../../slots/slot-repository';
import { lockAppointment, moveAppointment } from '../appointment-repository';

/** A card payment that stands (paid, or being partly given back): an arrival undone goes back to paid. */
const STANDING_PAYMENTS: readonly string[] = ['succeeded', 'refunding'];

/**
 * Staff mark what became of the patient: arrived at the desk (on the appointment's day), that arrival undone (the
 * same day, back to booked or paid as its card payment says), attended or no-show (once the slot has started, 422
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
      if (mark === 'not_arrived' && appointment.status !== 'arrived') return;
      if (!slot || clinicWallClock(slot.startsAt).isoDay !== clinicWallClock(now).isoDay) {
        throw refused('arrival_not_today', appointmentTexts.arrivalNotToday);
      }
      move = mark === 'arrived' ? 'arrive' : await undoMoveOf(tx, appointmentId);
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

async function undoMoveOf(db: Db, appointmentId: number): Promise<AppointmentMove> {
  const payments = await paymentsOfAppointment(db, appointmentId);
  return payments.some((payment) => STANDING_PAYMENTS.includes(payment.status))
    ? 'undoPaidArrival'
    : 'undoArrival';
}
