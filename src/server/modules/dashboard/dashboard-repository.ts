import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { Db } from '../../db/database';
import { appointments, patients, payments, slots } from '../../db/schema';
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
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoinLateral(payment, sql`true`)
    .where(and(within(slots.startsAt, range), inArray(appointments.status, [...occupyingStatuses])))
    .orderBy(asc(slots.startsAt), asc(appointments.id));
}

export type DayAppointmentRow = Awaited<ReturnType<typeof appointmentsStartingWithin>>[number];

/**
 * Cents taken in each range less cents given back in it: a payment counts in the range its money was taken in
 * (`paid_at`: succeeded, or taken after its time was lost and owed back), a refund in the range it was made in
 * (`refunded_at`), so a payment refunded a month later lowers that later month. One pass over the payments.
 */
export async function takingsCents(db: Db, ranges: readonly InstantRange[]): Promise<number[]> {
  if (ranges.length === 0) return [];
  const net = (range: InstantRange) =>
    sql<string>`(coalesce(sum(${payments.amountCents}) filter (where ${within(payments.paidAt, range)}), 0) - coalesce(sum(${payments.amountCents}) filter (where ${within(payments.refundedAt, range)}), 0))::bigint`;
  const columns = Object.fromEntries(ranges.map((range, index) => [`range${index}`, net(range)]));
  const [row] = await db
    .select(columns)
    .from(payments)
    .where(
      or(...ranges.flatMap((range) => [within(payments.paidAt, range), within(payments.refundedAt, range)])),
    );
  return ranges.map((_range, index) => Number(row?.[`range${index}`] ?? 0));
}
