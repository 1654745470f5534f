import { and, asc, eq, exists, gt, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { Db } from '../../db/database';
import { appointmentReminders, appointments, patients, slots } from '../../db/schema';
import { appointmentOnSlotColumns, latestPaymentSummary } from '../appointments/appointment-repository';
import { type InstantRange, within } from '../slots/slot-repository';

const startsWithin = (range: InstantRange): SQL => within(slots.startsAt, range);

/**
 * A visitor's booking still being made takes its time only while the hold it was made under lasts on its slot; a
 * lapsed one (its slot free again, or since booked by someone else) is not shown.
 */
const heldWhileHoldLasts: SQL = and(
  eq(appointments.status, 'held'),
  eq(slots.status, 'pending'),
  eq(slots.holdTokenHash, appointments.holdTokenHash),
  gt(slots.holdExpiresAt, sql`now()`),
) as SQL;

/**
 * The appointments whose time starts within `range` and that take or took it, or are being booked under a live
 * hold, by start: one query from the slots' start index to their appointments (the slot id index), with the
 * patient's name (never a health detail), the latest payment's status and whether a reminder of this time was sent.
 */
export function calendarAppointments(db: Db, range: InstantRange) {
  const payment = latestPaymentSummary(db);
  const reminded = db
    .select({ one: sql`1` })
    .from(appointmentReminders)
    .where(
      and(
        eq(appointmentReminders.appointmentId, appointments.id),
        eq(appointmentReminders.startsAt, slots.startsAt),
      ),
    );
  return db
    .select({
      ...appointmentOnSlotColumns(payment),
      reminderSent: sql<boolean>`${exists(reminded)}`,
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoinLateral(payment, sql`true`)
    .where(
      and(startsWithin(range), or(inArray(appointments.status, [...occupyingStatuses]), heldWhileHoldLasts)),
    )
    .orderBy(asc(slots.startsAt), asc(appointments.id));
}

export type CalendarAppointmentRow = Awaited<ReturnType<typeof calendarAppointments>>[number];

/**
 * The slots starting within `range` that no appointment takes: available, or held (by a visitor choosing it, or by
 * staff booking it for a patient) with no booking shown on it yet. One query from the slots' start index.
 */
export function calendarFreeSlots(db: Db, range: InstantRange) {
  const shownOnIt = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(and(eq(appointments.slotId, slots.id), heldWhileHoldLasts));
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      status: slots.status,
      holdTokenHash: slots.holdTokenHash,
      holdExpiresAt: slots.holdExpiresAt,
      isAdult: slots.isAdult,
      isVideoCall: slots.isVideoCall,
      location: slots.location,
      priceCents: slots.priceCents,
    })
    .from(slots)
    .where(and(startsWithin(range), inArray(slots.status, ['available', 'pending']), notExists(shownOnIt)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

export type CalendarSlotRow = Awaited<ReturnType<typeof calendarFreeSlots>>[number];
