import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type AppointmentStatus,
  occupyingStatuses,
  upcomingStatuses,
} from '../../../shared/appointment-states';
import type { DeskPlace } from '../../../shared/desk-day';
import { MAX_SLOT_HOURS } from '../../../shared/slots';
import type { Db } from '../../db/database';
import { appointments, intakeForms, patients, slots } from '../../db/schema';
import { appointmentOnSlotColumns, paymentSummary } from '../appointments/appointment-repository';
import { missingJoinLink } from '../appointments/video-links';
import { type InstantRange, within } from '../slots/slot-repository';

/** The appointments of `where`, with what the dashboard and the desk show of their patient, slot and payments. */
function appointmentRows(db: Db, where: SQL | undefined) {
  const payment = paymentSummary(db);
  return db
    .select({
      ...appointmentOnSlotColumns(payment),
      phone: patients.phone,
      flagReason: appointments.flagReason,
      intakeSigned: sql<boolean>`exists (select 1 from ${intakeForms} where ${intakeForms.appointmentId} = ${appointments.id} and ${intakeForms.status} = 'signed')`,
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoinLateral(payment, sql`true`)
    .where(where)
    .orderBy(asc(slots.startsAt), asc(appointments.id));
}

/** One place's slots: a location's allergy tests, or the video consultations. */
const atPlace = (place: DeskPlace): SQL =>
  place === 'video'
    ? eq(slots.isVideoCall, true)
    : (and(eq(slots.isVideoCall, false), eq(slots.location, place)) as SQL);

/**
 * The appointments whose time starts within `range` (at `place` only, when given) and that take or took place
 * (booked, paid, arrived, attended, no-show), by start: one query, from the slots' start index to their
 * appointments.
 */
export function appointmentsStartingWithin(db: Db, range: InstantRange, place?: DeskPlace) {
  return appointmentRows(
    db,
    and(
      within(slots.startsAt, range),
      inArray(appointments.status, [...occupyingStatuses]),
      place ? atPlace(place) : undefined,
    ),
  );
}

export type DayAppointmentRow = Awaited<ReturnType<typeof appointmentsStartingWithin>>[number];

/** Still waiting for what became of the patient: neither attended nor no-show marked. */
const unmarkedStatuses = ['booked', 'paid', 'arrived'] as const satisfies readonly AppointmentStatus[];

/**
 * The appointments whose time ended within `ended` while still unmarked, oldest first, the first `limit` of
 * them with how many there are in all. The slots' start index narrows it, since a slot ends at most
 * MAX_SLOT_HOURS after it starts.
 */
export async function appointmentsToResolve(db: Db, ended: InstantRange, limit: number) {
  const earliestStart = new Date(ended.from.getTime() - MAX_SLOT_HOURS * 3_600_000);
  const unresolved = and(
    within(slots.startsAt, { from: earliestStart, to: ended.to }),
    within(slots.endsAt, ended),
    inArray(appointments.status, [...unmarkedStatuses]),
  );
  const rows = await appointmentRows(db, unresolved).limit(limit);
  // Counted apart only when there are more than listed.
  if (rows.length < limit) return { count: rows.length, rows };
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .where(unresolved);
  return { count: Number(counted?.count ?? rows.length), rows };
}

/**
 * Will take place and has not started, flagged by its patient (could not stop, unwell) and not yet marked dealt with:
 * soonest first.
 */
export function flaggedAppointments(db: Db, now: Date) {
  return appointmentRows(
    db,
    and(
      isNotNull(appointments.flaggedAt),
      isNull(appointments.flagDealtAt),
      gt(slots.startsAt, now),
      inArray(appointments.status, [...upcomingStatuses]),
    ),
  );
}

/** The video appointments of the next VIDEO_LINK_SHOWN_HOURS with no join link yet: soonest first. */
export function videoAppointmentsWithoutLink(db: Db, now: Date) {
  return appointmentRows(db, missingJoinLink(now));
}

/**
 * The appointments still to come (booked or paid) whose time starts within `range` and whose intake and consent
 * form is not signed, by start.
 */
export function appointmentsWithoutIntake(db: Db, range: InstantRange) {
  return appointmentRows(
    db,
    and(
      within(slots.startsAt, range),
      inArray(appointments.status, [...upcomingStatuses]),
      // The form is an allergy test's (its questions and consent are the test's).
      eq(slots.isVideoCall, false),
      sql`not exists (select 1 from ${intakeForms} where ${intakeForms.appointmentId} = ${appointments.id} and ${intakeForms.status} = 'signed')`,
    ),
  );
}
