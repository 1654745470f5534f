import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AntihistamineChoice } from '../../../shared/antihistamines';
import { upcomingStatuses } from '../../../shared/appointment-states';
import { clinic } from '../../../shared/clinic';
import { INTAKE_REMINDER_DAYS_BEFORE } from '../../../shared/intake';
import type { Db } from '../../db/database';
import {
  type Appointment,
  appointments,
  type IntakeForm,
  intakeForms,
  intakeReminders,
  manageLinkTokens,
  type Patient,
  patients,
  type Slot,
  slots,
} from '../../db/schema';

/** The booking a form belongs to: the appointment of a reference, its patient and its slot. */
export interface IntakeBooking {
  appointment: Appointment;
  patient: Patient | null;
  slot: Slot | null;
}

/** The appointment of a reference with its patient and slot; `lock` holds its row for the transaction. */
export async function findIntakeBooking(
  db: Db,
  reference: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<IntakeBooking | undefined> {
  const query = db
    .select({
      appointment: getTableColumns(appointments),
      patient: getTableColumns(patients),
      slot: getTableColumns(slots),
    })
    .from(appointments)
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .where(eq(appointments.reference, reference))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: appointments }) : query);
  return row;
}

/**
 * Sets the antihistamines an appointment keeps to those of the form just signed (decision 0027), in the signing's
 * transaction. Written here, not through the appointments module, which reads this one: intake stays beneath it.
 */
export async function setAppointmentAntihistamines(
  db: Db,
  appointmentId: number,
  antihistamines: AntihistamineChoice[],
): Promise<void> {
  await db
    .update(appointments)
    .set({ antihistamines, updatedAt: sql`now()` })
    .where(eq(appointments.id, appointmentId));
}

/** The appointment's forms, newest revision first (the first is the one shown and filled). */
export function intakeFormsOfAppointment(db: Db, appointmentId: number): Promise<IntakeForm[]> {
  return db
    .select()
    .from(intakeForms)
    .where(eq(intakeForms.appointmentId, appointmentId))
    .orderBy(desc(intakeForms.revision));
}

export async function insertIntakeForm(db: Db, values: typeof intakeForms.$inferInsert): Promise<IntakeForm> {
  const [row] = await db.insert(intakeForms).values(values).returning();
  if (!row) throw new Error('The intake form was not saved');
  return row;
}

export async function updateIntakeForm(
  db: Db,
  id: number,
  values: Partial<typeof intakeForms.$inferInsert>,
): Promise<void> {
  await db
    .update(intakeForms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(intakeForms.id, id));
}

/** A draft revision dropped: a copy of the signed form left unchanged. */
export async function deleteIntakeForm(db: Db, id: number): Promise<void> {
  await db.delete(intakeForms).where(and(eq(intakeForms.id, id), eq(intakeForms.status, 'draft')));
}

/** Whether the appointment's form was ever signed: a later draft (a change being made) still leaves one signed. */
export async function signedAppointmentIds(db: Db, appointmentIds: readonly number[]): Promise<Set<number>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ appointmentId: intakeForms.appointmentId })
    .from(intakeForms)
    .where(and(inArray(intakeForms.appointmentId, [...appointmentIds]), eq(intakeForms.status, 'signed')));
  return new Set(rows.map((row) => row.appointmentId));
}

/** A patient's forms, for their GDPR export: oldest first. */
export function intakeFormsOfPatient(db: Db, patientId: number): Promise<IntakeForm[]> {
  return db
    .select()
    .from(intakeForms)
    .where(eq(intakeForms.patientId, patientId))
    .orderBy(asc(intakeForms.appointmentId), asc(intakeForms.revision));
}

const signedExists = (db: Db) =>
  db
    .select({ one: sql`1` })
    .from(intakeForms)
    .where(and(eq(intakeForms.appointmentId, appointments.id), eq(intakeForms.status, 'signed')));

/**
 * The instant the form's reminder is due for the slot: 09:00 clinic time, INTAKE_REMINDER_DAYS_BEFORE clinic days
 * before the slot's clinic day (09:00 in Dublin whatever daylight saving does between).
 */
const reminderDueAt = sql`(((${slots.startsAt} at time zone ${clinic.timeZone})::date - ${INTAKE_REMINDER_DAYS_BEFORE}::integer) + '09:00'::time) at time zone ${clinic.timeZone}`;

/**
 * Locks (SKIP LOCKED, inside the transaction that records and queues them) up to `limit` appointments whose form
 * reminder is due at `now`: upcoming, not started, booked by then (`scheduled_at`), with a patient who has an
 * e-mail and a link (a reference), no signed form and no reminder yet for this start.
 */
export async function lockDueIntakeReminders(db: Db, now: Date, limit: number) {
  const horizon = new Date(now.getTime() + (INTAKE_REMINDER_DAYS_BEFORE + 2) * 86_400_000);
  const sent = db
    .select({ one: sql`1` })
    .from(intakeReminders)
    .where(
      and(eq(intakeReminders.appointmentId, appointments.id), eq(intakeReminders.startsAt, slots.startsAt)),
    );
  return db
    .select({
      appointment: getTableColumns(appointments),
      patient: getTableColumns(patients),
      slot: getTableColumns(slots),
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        inArray(appointments.status, [...upcomingStatuses]),
        eq(slots.isVideoCall, false),
        gt(slots.startsAt, now),
        lt(slots.startsAt, horizon),
        sql`${patients.email} <> ''`,
        sql`${appointments.reference} is not null`,
        sql`${reminderDueAt} <= ${now.toISOString()}::timestamptz`,
        sql`${reminderDueAt} >= ${appointments.scheduledAt}`,
        notExists(sent),
        notExists(signedExists(db)),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(appointments.id))
    .limit(limit)
    .for('update', { of: appointments, skipLocked: true });
}

/**
 * Whether `tokenHash` is the token of a link a reminder of the appointment carried: the form's own reminder, or a
 * booking-page key (the way out's, in the 2-day and stop-day reminders), which opens the form as the booking link does.
 */
export async function isReminderLinkToken(
  db: Db,
  appointmentId: number,
  tokenHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(intakeReminders)
    .where(and(eq(intakeReminders.appointmentId, appointmentId), eq(intakeReminders.tokenHash, tokenHash)))
    .union(
      db
        .select({ one: sql`1` })
        .from(manageLinkTokens)
        .where(
          and(eq(manageLinkTokens.appointmentId, appointmentId), eq(manageLinkTokens.tokenHash, tokenHash)),
        ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the reminders as sent; answers the appointments it recorded (one recorded before is left out). */
export async function recordIntakeReminders(
  db: Db,
  reminders: readonly { appointmentId: number; startsAt: Date; tokenHash: string }[],
): Promise<Set<number>> {
  if (reminders.length === 0) return new Set();
  const rows = await db
    .insert(intakeReminders)
    .values([...reminders])
    .onConflictDoNothing()
    .returning({ appointmentId: intakeReminders.appointmentId });
  return new Set(rows.map((row) => row.appointmentId));
}

/** Deletes a patient's forms (erasure, retention); answers their ids. */
export async function deleteIntakeFormsOfPatient(db: Db, patientId: number): Promise<number[]> {
  const rows = await db
    .delete(intakeForms)
    .where(eq(intakeForms.patientId, patientId))
    .returning({ id: intakeForms.id });
  return rows.map((row) => row.id);
}
