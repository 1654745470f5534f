import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { Db } from '../../db/database';
import { appointments, patients, slots } from '../../db/schema';
import { latestPaymentSummary } from '../appointments/appointment-repository';
import type { InstantRange } from '../slots/slot-repository';

const within = (column: AnyPgColumn, range: InstantRange): SQL =>
  and(gte(column, range.from), lt(column, range.to)) as SQL;

/**
 * The appointments whose time starts within `range` and that take or took place (booked, paid, attended,
 * no-show), by start, with what the dashboard shows of their patient, slot and latest payment: one query,
 * from the slots' start index to their appointments.
 */
export function appointmentsStartingWithin(db: Db, range: InstantRange) {
  const payment = latestPaymentSummary(db);
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      bookedByAdmin: appointments.bookedByAdmin,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isVideoCall: slots.isVideoCall,
      slotIsAdult: slots.isAdult,
      location: slots.location,
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      patientIsAdult: patients.isAdult,
      paymentStatus: payment.status,
      amountCents: payment.amountCents,
      paymentMethod: payment.method,
      refundedCents: payment.refundedCents,
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoinLateral(payment, sql`true`)
    .where(and(within(slots.startsAt, range), inArray(appointments.status, [...occupyingStatuses])))
    .orderBy(asc(slots.startsAt), asc(appointments.id));
}

export type DayAppointmentRow = Awaited<ReturnType<typeof appointmentsStartingWithin>>[number];
