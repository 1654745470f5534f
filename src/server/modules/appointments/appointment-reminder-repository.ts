import { and, asc, eq, getTableColumns, gt, inArray, lt, notExists, type SQL, sql } from 'drizzle-orm';
import { upcomingStatuses } from '../../../shared/appointment-states';
import { clinic } from '../../../shared/clinic';
import type { Db } from '../../db/database';
import {
  type Appointment,
  type AppointmentReminderKind,
  appointmentReminders,
  appointments,
  type Patient,
  patients,
  type Slot,
  slots,
} from '../../db/schema';

/** When a reminder of `kind` is due: at `time` (HH:mm, clinic time) `daysBefore` clinic days before the appointment's. */
export interface ReminderRule {
  kind: AppointmentReminderKind;
  daysBefore: number;
  /** Allergy tests only (none for a video call). */
  testsOnly: boolean;
  /**
   * Only for an appointment whose patient takes one of these (`appointments.antihistamines`), or was not asked;
   * every appointment when left out.
   */
  medicines?: readonly string[];
}

/** A reminder whose time has come, with the appointment, patient and slot its e-mail tells of. */
export interface DueReminder {
  kind: AppointmentReminderKind;
  dueAt: Date;
  appointment: Appointment;
  patient: Patient;
  slot: Slot;
}

const DAY_MS = 86_400_000;

/** The rules as a table of the query: `reminder_rule(kind, days_before, tests_only, medicines)`. */
function rulesTable(rules: readonly ReminderRule[]): SQL {
  const rows = rules.map(
    (rule) =>
      sql`(${rule.kind}::text, ${rule.daysBefore}::integer, ${rule.testsOnly}::boolean, ${
        rule.medicines ? sql`string_to_array(${rule.medicines.join(',')}::text, ',')` : sql`null::text[]`
      })`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as reminder_rule(kind, days_before, tests_only, medicines)`;
}

const ruleKind = sql<AppointmentReminderKind>`reminder_rule.kind`;

/**
 * The instant a rule's reminder is due for the appointment's slot: `time` on the clinic day `days_before` days
 * before the slot's clinic day, in clinic time (PostgreSQL's time zone rules: 09:00 is 09:00 in Dublin in winter
 * and in summer, whatever daylight saving does between).
 */
const dueAtOf = (time: string) =>
  sql<Date>`(((${slots.startsAt} at time zone ${clinic.timeZone})::date - reminder_rule.days_before) + ${time}::time) at time zone ${clinic.timeZone}`.mapWith(
    slots.startsAt,
  );

/**
 * Finds and locks (FOR UPDATE of the appointment, SKIP LOCKED: call it inside the transaction that records and
 * queues them) up to `limit` reminders due at `now`, soonest first, in one query: one of `rules` whose due instant
 * has come (`due_at <= now`) and is not before the appointment got its current time (`scheduled_at`), for an
 * appointment that will take place (booked or paid) on a slot that has not started, whose patient has an e-mail,
 * and not yet sent for that slot's start. An appointment another transaction holds (a staff change, another
 * instance's reminders) is skipped and found on a later run. The slot's start bounds the search: a reminder due
 * by `now` is for a slot starting within the rules' longest lead and a day. The plan reads those slots by their
 * start index, their appointments by `slot_id` and the patients by id (a few milliseconds with 200,000
 * appointments); `appointment_reminders`' primary key answers whether one was sent.
 */
export async function lockDueReminders(
  db: Db,
  rules: readonly ReminderRule[],
  time: string,
  now: Date,
  limit: number,
): Promise<DueReminder[]> {
  if (rules.length === 0) return [];
  const dueAt = dueAtOf(time);
  const longest = Math.max(...rules.map((rule) => rule.daysBefore));
  const horizon = new Date(now.getTime() + (longest + 2) * DAY_MS);
  const sent = db
    .select({ one: sql`1` })
    .from(appointmentReminders)
    .where(
      and(
        eq(appointmentReminders.appointmentId, appointments.id),
        eq(appointmentReminders.kind, ruleKind),
        eq(appointmentReminders.startsAt, slots.startsAt),
      ),
    );
  const rows = await db
    .select({
      kind: ruleKind,
      dueAt,
      appointment: getTableColumns(appointments),
      patient: getTableColumns(patients),
      slot: getTableColumns(slots),
    })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .crossJoin(rulesTable(rules))
    .where(
      and(
        inArray(appointments.status, [...upcomingStatuses]),
        gt(slots.startsAt, now),
        lt(slots.startsAt, horizon),
        sql`${patients.email} <> ''`,
        sql`not (reminder_rule.tests_only and ${slots.isVideoCall})`,
        sql`(reminder_rule.medicines is null or ${appointments.antihistamines} is null or ${appointments.antihistamines} && reminder_rule.medicines)`,
        sql`${dueAt} <= ${now.toISOString()}::timestamptz`,
        sql`${dueAt} >= ${appointments.scheduledAt}`,
        notExists(sent),
      ),
    )
    .orderBy(asc(dueAt), asc(appointments.id), asc(ruleKind))
    .limit(limit)
    .for('update', { of: appointments, skipLocked: true });
  return rows as DueReminder[];
}

export interface ReminderKey {
  appointmentId: number;
  kind: AppointmentReminderKind;
  /** The slot's start it is about. */
  startsAt: Date;
}

/**
 * Records reminders as sent, in one atomic statement (`insert … on conflict do nothing`); answers the ones it
 * recorded: a reminder recorded before (by this instance or another, whatever this transaction could see) is left
 * out, so its e-mail is not queued again.
 */
export async function recordReminders(db: Db, reminders: readonly ReminderKey[]): Promise<ReminderKey[]> {
  if (reminders.length === 0) return [];
  return db
    .insert(appointmentReminders)
    .values([...reminders])
    .onConflictDoNothing()
    .returning({
      appointmentId: appointmentReminders.appointmentId,
      kind: appointmentReminders.kind,
      startsAt: appointmentReminders.startsAt,
    });
}
