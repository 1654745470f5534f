import type { CalendarAppointment, CalendarResponse, CalendarSlot } from '../../../shared/calendar';
import type { Db } from '../../db/database';
import { paymentSummaryOf } from '../appointments/appointment-repository';
import { calendarPaymentOf } from '../appointments/appointment-view';
import { type AdminActor, auditRead } from '../audit/audit-log';
import { fullName } from '../patients/patient-name';
import { clinicDayRange } from '../slots/clinic-time';
import { liveClosuresWithin } from '../slots/closure-repository';
import { closureSummaryOf } from '../slots/closure-service';
import { slotTimes } from '../slots/slot-view';
import {
  type CalendarAppointmentRow,
  type CalendarSlotRow,
  calendarAppointments,
  calendarFreeSlots,
} from './calendar-repository';

const placeOf = (row: { isVideoCall: boolean; location: CalendarSlot['location'] }) =>
  row.isVideoCall ? null : row.location;

function calendarAppointment(row: CalendarAppointmentRow): CalendarAppointment {
  const { data, start_time, end_time } = slotTimes(row);
  return {
    id: row.id,
    patient_id: row.patientId,
    patient_name:
      row.firstName === null ? null : fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }),
    patient_phone: row.phone,
    date: data,
    start_time,
    end_time,
    location: placeOf(row),
    is_adult: row.patientIsAdult ?? row.slotIsAdult,
    is_video_call: row.isVideoCall,
    status: row.status,
    payment: calendarPaymentOf({ appointment: row, payment: paymentSummaryOf(row) }),
    arrived_at: row.arrivedAt?.toISOString() ?? null,
    reminder_sent: Boolean(row.reminderSent),
  };
}

/** A free time; a hold that has lapsed (not yet released by its job) is free already, as staff may book it. */
function calendarSlot(row: CalendarSlotRow, now: Date): CalendarSlot {
  const { data, start_time, end_time } = slotTimes(row);
  const lapsed = row.holdExpiresAt !== null && row.holdExpiresAt.getTime() < now.getTime();
  const held = row.status === 'pending' && !lapsed;
  return {
    id: row.id,
    date: data,
    start_time,
    end_time,
    location: placeOf(row),
    is_adult: row.isAdult,
    is_video_call: row.isVideoCall,
    status: held ? 'pending' : 'available',
    held_by: held ? (row.holdTokenHash ? 'visitor' : 'staff') : null,
    hold_expires_at: held ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    price: row.priceCents / 100,
  };
}

/**
 * The calendar of the clinic days `from` to `to` (YYYY-MM-DD, both included): three queries, the appointments, the
 * free times and the closures. The patients named are personal data: the read is audited before it is answered.
 */
export async function calendarForStaff(
  db: Db,
  actor: AdminActor,
  days: { from: string; to: string },
  now: Date = new Date(),
): Promise<CalendarResponse> {
  const range = clinicDayRange(days.from, days.to);
  const [rows, free, closed] = await Promise.all([
    calendarAppointments(db, range),
    calendarFreeSlots(db, range),
    liveClosuresWithin(db, days.from, days.to),
  ]);
  const patientIds = rows.flatMap((row) => (row.patientId === null ? [] : [row.patientId]));
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'calendar', patient_ids: patientIds });
  }
  return {
    appointments: rows.map(calendarAppointment),
    slots: free.map((row) => calendarSlot(row, now)),
    closures: closed.map(closureSummaryOf),
  };
}
