import type { CalendarAppointment, CalendarResponse, CalendarSlot } from '../../../shared/calendar';
import type { Db } from '../../db/database';
import { calendarPaymentOf } from '../appointments/appointment-view';
import type { AdminActor } from '../audit/audit-log';
import { fullName } from '../patients/patient-name';
import { clinicDayRange } from '../slots/clinic-time';
import { liveClosuresWithin } from '../slots/closure-repository';
import { closureSummaryOf } from '../slots/closure-service';
import { slotTimes } from '../slots/slot-view';
import { type CalendarAppointmentRow, type CalendarSlotRow, readCalendar } from './calendar-repository';

const placeOf = (row: { isVideoCall: boolean; location: CalendarSlot['location'] }) =>
  row.isVideoCall ? null : row.location;

function calendarAppointment(row: CalendarAppointmentRow): CalendarAppointment {
  const [
    id,
    status,
    bookedByAdmin,
    arrivedAt,
    startsAtSeconds,
    endsAtSeconds,
    isVideoCall,
    slotIsAdult,
    location,
    patientId,
    firstName,
    lastName,
    patientIsAdult,
    phone,
    priceCents,
    standingMethods,
    keptCents,
    reminderSent,
    intakeSigned,
  ] = row;
  const { data, start_time, end_time } = slotTimes({
    startsAt: new Date(startsAtSeconds * 1000),
    endsAt: new Date(endsAtSeconds * 1000),
  });
  return {
    id,
    patient_id: patientId,
    patient_name: firstName === null ? null : fullName({ firstName, lastName: lastName ?? '' }),
    patient_phone: phone,
    date: data,
    start_time,
    end_time,
    location: placeOf({ isVideoCall, location }),
    is_adult: patientIsAdult ?? slotIsAdult,
    is_video_call: isVideoCall,
    status,
    payment: calendarPaymentOf({
      appointment: { status, bookedByAdmin, priceCents },
      payment: standingMethods === null ? null : { standingMethods, keptCents: keptCents ?? 0 },
    }),
    arrived_at: arrivedAt === null ? null : new Date(arrivedAt).toISOString(),
    reminder_sent: reminderSent,
    intake_signed: intakeSigned,
  };
}

/**
 * A free time; a hold that has lapsed (not yet released by its job) is free already, as staff may book it. A held
 * one says who holds it (a visitor has a hold token, staff none) and until when.
 */
function calendarSlot(row: CalendarSlotRow, now: Date): CalendarSlot {
  const [
    id,
    startsAtSeconds,
    endsAtSeconds,
    status,
    holdExpiresAt,
    isAdult,
    isVideoCall,
    location,
    priceCents,
    heldByVisitor,
  ] = row;
  const { data, start_time, end_time } = slotTimes({
    startsAt: new Date(startsAtSeconds * 1000),
    endsAt: new Date(endsAtSeconds * 1000),
  });
  const holdEnds = holdExpiresAt === null ? null : new Date(holdExpiresAt);
  const lapsed = holdEnds !== null && holdEnds.getTime() < now.getTime();
  const held = status === 'pending' && !lapsed;
  return {
    id,
    date: data,
    start_time,
    end_time,
    location: placeOf({ isVideoCall, location }),
    is_adult: isAdult,
    is_video_call: isVideoCall,
    status: held ? 'pending' : 'available',
    held_by: held ? (heldByVisitor ? 'visitor' : 'staff') : null,
    hold_expires_at: held ? (holdEnds?.toISOString() ?? null) : null,
    price: priceCents / 100,
  };
}

/**
 * The calendar of the clinic days `from` to `to` (YYYY-MM-DD, both included): two queries, the appointments with
 * the free times, and the closures. The patients named are personal data: the first writes the audit entry of their
 * read, before anything is answered.
 */
export async function calendarForStaff(
  db: Db,
  actor: AdminActor,
  days: { from: string; to: string },
  now: Date = new Date(),
): Promise<CalendarResponse> {
  const range = clinicDayRange(days.from, days.to);
  const [{ appointments, freeSlots }, closed] = await Promise.all([
    readCalendar(db, range, actor),
    liveClosuresWithin(db, days.from, days.to),
  ]);
  return {
    appointments: appointments.map(calendarAppointment),
    slots: freeSlots.map((row) => calendarSlot(row, now)),
    closures: closed.map(closureSummaryOf),
  };
}
