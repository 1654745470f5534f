import { and, asc, eq, exists, gt, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { Db } from '../../db/database';
import { appointmentReminders, appointments, patients, slots } from '../../db/schema';
import { appointmentOnSlotColumns, paymentSummary } from '../appointments/appointment-repository';
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
 * hold, by start, with the patient's name and phone (never a health detail), the latest payment's status and whether a
 * reminder of this time was sent.
 *
 * From the slots' start index to each slot's appointments by the slot id index, one slot at a time: joined
 * directly, the planner read all of the appointments to hash them for the range's slots (70 ms at 100,000 for 42
 * days rather than 5). `offset 0` keeps the lateral read apart, so it cannot be flattened into that join again.
 */
export function calendarAppointments(db: Db, range: InstantRange) {
  const payment = paymentSummary(db);
  const reminded = db
    .select({ one: sql`1` })
    .from(appointmentReminders)
    .where(
      and(
        eq(appointmentReminders.appointmentId, appointments.id),
        eq(appointmentReminders.startsAt, slots.startsAt),
      ),
    );
  const onSlot = db
    .select({ appointmentId: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.slotId, slots.id),
        or(inArray(appointments.status, [...occupyingStatuses]), heldWhileHoldLasts),
      ),
    )
    // Drizzle writes no `offset 0` for the number 0: the clause is given as SQL.
    .offset(sql`0` as unknown as number)
    .as('on_slot');
  return db
    .select({
      ...appointmentOnSlotColumns(payment),
      phone: patients.phone,
      reminderSent: sql<boolean>`${exists(reminded)}`,
    })
    .from(slots)
    .innerJoinLateral(onSlot, sql`true`)
    .innerJoin(appointments, eq(appointments.id, onSlot.appointmentId))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoinLateral(payment, sql`true`)
    .where(startsWithin(range))
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
