import { and, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AppointmentStatus, occupyingStatuses } from '../../../shared/appointment-states';
import type { LocationKey } from '../../../shared/clinic';
import { type PaymentMethod, standingPaymentStatuses } from '../../../shared/payment-states';
import type { SlotStatus } from '../../../shared/slots';
import { type Db, queryRows, sqlStatement } from '../../db/database';
import { appointmentReminders, appointments, intakeForms, patients, payments, slots } from '../../db/schema';
import { type AdminActor, auditReadInsert, auditReadValues } from '../audit/audit-log';
import type { InstantRange } from '../slots/slot-repository';

/** A slot starts within the range of the statement's placeholders `from` and `to` (ISO instants). */
const startsWithin = sql`${slots.startsAt} >= ${sql.placeholder('from')}::timestamptz
  and ${slots.startsAt} < ${sql.placeholder('to')}::timestamptz`;

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
 * An appointment as the calendar's statement answers it, one JSON array each: its slot's start and end in whole
 * seconds since 1970, `arrivedAt` as PostgreSQL writes a timestamp in JSON; the patient's fields null when no
 * patient is named (erased); of its payments (both null when it has none), the methods of those that stand and the
 * cents they kept, as `paymentSummary` reads them.
 */
export type CalendarAppointmentRow = [
  id: number,
  status: AppointmentStatus,
  bookedByAdmin: boolean,
  arrivedAt: string | null,
  startsAtSeconds: number,
  endsAtSeconds: number,
  isVideoCall: boolean,
  slotIsAdult: boolean,
  location: LocationKey | null,
  patientId: number | null,
  firstName: string | null,
  lastName: string | null,
  patientIsAdult: boolean | null,
  phone: string | null,
  priceCents: number,
  standingMethods: PaymentMethod[] | null,
  keptCents: number | null,
  reminderSent: boolean,
  intakeSigned: boolean,
];

/** A free slot as the calendar's statement answers it: times as in `CalendarAppointmentRow`. */
export type CalendarSlotRow = [
  id: number,
  startsAtSeconds: number,
  endsAtSeconds: number,
  status: SlotStatus,
  holdExpiresAt: string | null,
  isAdult: boolean,
  isVideoCall: boolean,
  location: LocationKey | null,
  priceCents: number,
  heldByVisitor: boolean,
];

/** A payment that stands: paid, and not all of it given back (`standingPaymentStatuses`). */
const standing = inArray(payments.status, [...standingPaymentStatuses]);

/** Whole seconds since 1970 of a timestamp, as a JSON number (cheaper for both ends than a timestamp's text). */
const seconds = (at: SQLWrapper) => sql`floor(date_part('epoch', ${at}))`;

/**
 * The calendar of a range (placeholders `from` and `to`, ISO instants) in one statement: its appointments, its free
 * slots, and the audit entry of the patients it names (about 2,000 appointments in 42 days at ten clinics' scale).
 *  - `shown`: from the slots' start index to each slot's appointments by the slot id index, one slot at a time,
 *    the appointment's own columns read there. Joined directly, the planner read all of the appointments to hash
 *    them for the range's slots (70 ms at 100,000 for 42 days rather than 5); `offset 0` keeps the lateral read
 *    apart, so it cannot be flattened into that join again.
 *  - `named`, `paid`, `reminded` and `signed`: the patients, payments (summed as `paymentSummary` sums them),
 *    reminders and signed intake forms of those appointments, each in one index scan over the list of their ids (`= any(array(…))`) and hashed once,
 *    rather than looked up again for each appointment (three lookups a row, more than half of the statement's time).
 *  - rows as JSON arrays, one column of them: the embedded database hands each row and field of a result to
 *    JavaScript one by one (about 40 ms for 2,000 rows of 16 fields, against 9 ms for the same as JSON), and
 *    Drizzle's mapping of those rows cost about as much again.
 *  - the entry (`auditReadInsert`) lists the patients in the order shown, each time they appear; none is written
 *    when nobody is named.
 */
const calendarStatement = sqlStatement(
  'calendar',
  sql`with shown as materialized (
    select appointment.id, appointment.patient_id, appointment.status, appointment.booked_by_admin,
      appointment.price_cents, appointment.arrived_at, ${slots.startsAt}, ${slots.endsAt}, ${slots.isVideoCall},
      ${slots.isAdult}, ${slots.location}
    from ${slots}
    cross join lateral (
      select ${appointments.id}, ${appointments.patientId}, ${appointments.status}, ${appointments.bookedByAdmin},
        ${appointments.priceCents}, ${appointments.arrivedAt}
      from ${appointments}
      where ${appointments.slotId} = ${slots.id}
        and (${inArray(appointments.status, [...occupyingStatuses])} or ${heldWhileHoldLasts})
      offset 0
    ) appointment
    where ${startsWithin}
  ),
  named as (
    select ${patients.id}, ${patients.firstName}, ${patients.lastName}, ${patients.isAdult}, ${patients.phone}
    from ${patients}
    where ${patients.id} = any(array(select shown.patient_id from shown))
  ),
  paid as (
    select ${payments.appointmentId},
      coalesce(json_agg(distinct ${payments.method}) filter (where ${standing}), '[]'::json) as standing_methods,
      coalesce(sum(${payments.amountCents}) filter (where ${standing}), 0) as kept_cents
    from ${payments}
    where ${payments.appointmentId} = any(array(select shown.id from shown))
    group by ${payments.appointmentId}
  ),
  reminded as (
    select distinct ${appointmentReminders.appointmentId}, ${appointmentReminders.startsAt}
    from ${appointmentReminders}
    where ${appointmentReminders.appointmentId} = any(array(select shown.id from shown))
  ),
  signed as (
    select distinct ${intakeForms.appointmentId}
    from ${intakeForms}
    where ${intakeForms.appointmentId} = any(array(select shown.id from shown)) and ${intakeForms.status} = 'signed'
  ),
  answer as (
    select
      json_agg(json_build_array(
        shown.id, shown.status, shown.booked_by_admin, shown.arrived_at,
        ${seconds(sql`shown.starts_at`)}, ${seconds(sql`shown.ends_at`)},
        shown.is_video_call, shown.is_adult, shown.location,
        named.id, named.first_name, named.last_name, named.is_adult, named.phone,
        shown.price_cents, paid.standing_methods, paid.kept_cents, reminded.appointment_id is not null,
        signed.appointment_id is not null
      ) order by shown.starts_at, shown.id) as appointments,
      jsonb_agg(named.id order by shown.starts_at, shown.id) filter (where named.id is not null) as patient_ids
    from shown
    left join named on named.id = shown.patient_id
    left join paid on paid.appointment_id = shown.id
    left join reminded on reminded.appointment_id = shown.id and reminded.starts_at = shown.starts_at
    left join signed on signed.appointment_id = shown.id
  ),
  audit as (${auditReadInsert(
    'patient',
    sql`select case when answer.patient_ids is not null
        then jsonb_build_object('via', 'calendar', 'patient_ids', answer.patient_ids) end as details
      from answer`,
  )})
  select
    coalesce(answer.appointments, '[]'::json) as appointments,
    (
      select coalesce(json_agg(json_build_array(
        ${slots.id}, ${seconds(slots.startsAt)}, ${seconds(slots.endsAt)}, ${slots.status},
        ${slots.holdExpiresAt}, ${slots.isAdult}, ${slots.isVideoCall}, ${slots.location}, ${slots.priceCents},
        coalesce(${slots.holdTokenHash}, '') <> ''
      ) order by ${slots.startsAt}, ${slots.id}), '[]'::json)
      from ${slots}
      where ${startsWithin} and ${inArray(slots.status, ['available', 'pending'])}
        and not exists (
          select 1 from ${appointments}
          where ${appointments.slotId} = ${slots.id} and ${heldWhileHoldLasts}
        )
    ) as free_slots
  from answer`,
);

/**
 * The appointments whose time starts within `range` and that take or took it, or are being booked under a live
 * hold, by start, with the patient's name and phone (never a health detail), the latest payment's status and whether
 * a reminder of this time was sent; and the slots starting within it that no appointment takes: available, or held
 * (by a visitor choosing it, or by staff booking it for a patient) with no booking shown on it yet. The patients
 * named are personal data: the same statement writes `reader`'s audit entry of them (via 'calendar'), so nothing is
 * answered that is not in the log.
 */
export async function readCalendar(
  db: Db,
  range: InstantRange,
  reader: AdminActor,
): Promise<{ appointments: CalendarAppointmentRow[]; freeSlots: CalendarSlotRow[] }> {
  const [row] = await queryRows<{ appointments: CalendarAppointmentRow[]; free_slots: CalendarSlotRow[] }>(
    db,
    calendarStatement,
    { from: range.from.toISOString(), to: range.to.toISOString(), ...auditReadValues(reader) },
  );
  return { appointments: row?.appointments ?? [], freeSlots: row?.free_slots ?? [] };
}
