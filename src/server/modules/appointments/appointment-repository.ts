import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AppointmentMove,
  appointmentMoves,
  appointmentStarts,
  endedStatuses,
} from '../../../shared/appointment-states';
import {
  keepingPaymentStatuses,
  openPaymentStatuses,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentTotals,
  paymentMethods,
  standingPaymentStatuses,
  takenPaymentStatuses,
} from '../../../shared/payment-states';
import { FOLD_FROM, FOLD_TO, foldMarks, searchNeedle } from '../../../shared/search-text';
import type { FlagReason } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import { countCheaply, type Page, type PageRequest, paginateFromNearerEnd } from '../../db/paginate';
import {
  type Appointment,
  appointments,
  manageLinkTokens,
  type NewAppointment,
  type Patient,
  patientSearchText,
  patients,
  payments,
  type Slot,
  slots,
} from '../../db/schema';

const hasKeepingPayment = sql`exists (select 1 from ${payments} where ${payments.appointmentId} = ${appointments.id} and ${inArray(payments.status, [...keepingPaymentStatuses])})`;

/** A visitor's booking still waiting for its payment. */
const visitorHeld = and(
  eq(appointments.status, appointmentStarts.visitor),
  eq(appointments.bookedByAdmin, false),
);

export async function insertAppointment(db: Db, values: NewAppointment): Promise<Appointment> {
  const [row] = await db.insert(appointments).values(values).returning();
  if (!row) throw new Error('appointment insert returned no row');
  return row;
}

/** The booking whose access token hashes to `tokenHash`. */
export async function findAppointmentByAccessToken(
  db: Db,
  tokenHash: string,
): Promise<Appointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.accessTokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Gives the appointment its patient's link (reference and token hash), once: an appointment that has one keeps it,
 * so every e-mail that carried it goes on working. Answers whether this link was set.
 */
export async function setManageLink(
  db: Db,
  id: number,
  link: { reference: string; tokenHash: string },
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ reference: link.reference, manageTokenHash: link.tokenHash })
    .where(and(eq(appointments.id, id), isNull(appointments.reference)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** Another token of the appointment's booking link (a reminder's), kept as its hash. */
export async function addManageLinkToken(db: Db, appointmentId: number, tokenHash: string): Promise<void> {
  await db.insert(manageLinkTokens).values({ appointmentId, tokenHash });
}

/** Stamps the one move a flag allows inside the notice as used (in the move's transaction). */
export async function stampFreeMoveUsed(db: Db, id: number): Promise<void> {
  await db
    .update(appointments)
    .set({ freeMoveUsedAt: sql`now()` })
    .where(and(eq(appointments.id, id), isNull(appointments.freeMoveUsedAt)));
}

/** Sets (or, null, removes) the join link staff gave a video appointment. */
export async function setAppointmentVideoLink(db: Db, id: number, videoLink: string | null): Promise<void> {
  await db.update(appointments).set({ videoLink, updatedAt: sql`now()` }).where(eq(appointments.id, id));
}

/** Locks the appointment's row until the database transaction ends: its moves happen one at a time. */
export async function lockAppointment(db: Db, id: number): Promise<Appointment | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update').limit(1);
  return row;
}

/** What a move may change besides the state. */
export interface MoveChanges {
  /** The appointment's new slot (a reschedule). */
  slotId?: number;
  /** The patient is sent a new calendar invite of it: `calendar_sequence` counts one more. */
  newInvite?: boolean;
  /** The patient's flag (the `flag` move): why, and their words; stamped now, and open again for staff. */
  flag?: { reason: FlagReason; message: string | null };
  /** Staff mark the flag dealt with (the `dealWithFlag` move): who; stamped now. */
  flagDealtBy?: number;
}

/**
 * Makes one move of `appointment-states.ts`, only from a state it is allowed from (one atomic statement);
 * answers the moved row, or undefined when the appointment is not in such a state.
 */
export async function moveAppointment(
  db: Db,
  id: number,
  move: AppointmentMove,
  changes: MoveChanges = {},
): Promise<Appointment | undefined> {
  const rule = appointmentMoves[move];
  const [row] = await db
    .update(appointments)
    .set({
      ...('to' in rule ? { status: rule.to } : {}),
      ...(changes.slotId === undefined ? {} : { slotId: changes.slotId }),
      ...(changes.flag
        ? {
            flagReason: changes.flag.reason,
            flagMessage: changes.flag.message,
            flaggedAt: sql`now()`,
            flagDealtAt: null,
            flagDealtBy: null,
          }
        : {}),
      ...(changes.flagDealtBy === undefined
        ? {}
        : { flagDealtAt: sql`now()`, flagDealtBy: changes.flagDealtBy }),
      ...(changes.newInvite ? { calendarSequence: sql`${appointments.calendarSequence} + 1` } : {}),
      ...('schedules' in rule ? { scheduledAt: sql`now()` } : {}),
      ...('arrival' in rule ? { arrivedAt: rule.arrival === 'stamp' ? sql`now()` : null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(appointments.id, id), inArray(appointments.status, [...rule.from])))
    .returning();
  return row;
}

/** Changes what an appointment keeps of its booking form (not its state, nor its slot: those are moves). */
export async function updateAppointmentForm(
  db: Db,
  id: number,
  values: Pick<
    Partial<NewAppointment>,
    'paymentType' | 'antihistamineConfirmed' | 'antihistamines' | 'agreementAccepted'
  >,
): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(appointments.id, id));
}

/**
 * The visitor bookings still waiting for their payment that were made under this hold token, locked until the
 * transaction ends. `keep` is true for one with a payment that keeps it (`keepingPaymentStatuses`).
 */
export async function lockAppointmentsOfHold(
  db: Db,
  holdTokenHash: string,
): Promise<{ id: number; patientId: number | null; keep: boolean }[]> {
  // Submissions under one hold token wait for each other here first: a booking another one is making (not yet
  // committed, so not yet a row to lock) is seen, and replaced, once its transaction has ended.
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`hold-bookings:${holdTokenHash}`}, 0))`,
  );
  const rows = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      keep: sql<boolean>`${hasKeepingPayment}`,
    })
    .from(appointments)
    .where(and(visitorHeld, eq(appointments.holdTokenHash, holdTokenHash)))
    .for('update', { of: appointments });
  return rows.map((row) => ({ ...row, keep: Boolean(row.keep) }));
}

/**
 * Serialises bookings from one address until the transaction ends (a transaction-scoped advisory lock), so
 * racing bookings from it cannot both pass the daily limit.
 */
export async function lockAppointmentsFrom(db: Db, client: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${client}`}, 0))`);
}

/** The booking's time is still held for it (its hold token holds its slot). */
const holdLives = sql`exists (select 1 from ${slots} where ${slots.id} = ${appointments.slotId} and ${slots.status} = 'pending' and ${slots.holdTokenHash} = ${appointments.holdTokenHash} and ${slots.holdExpiresAt} > now())`;

/**
 * Visitor bookings from `client` since `since` that count against its daily limit, but for `except`: paid ones,
 * and ones still being made (their time still held for them). One given up (cancelled, its hold lapsed) does not.
 */
export async function countAppointmentsFrom(
  db: Db,
  client: string,
  since: Date,
  except: readonly number[],
): Promise<number> {
  return db.$count(
    appointments,
    and(
      eq(appointments.bookedFrom, client),
      gte(appointments.createdAt, since),
      or(eq(appointments.status, 'paid'), and(eq(appointments.status, 'held'), holdLives)),
      except.length > 0 ? sql`${appointments.id} not in ${except}` : undefined,
    ),
  );
}

/** Deletes appointments; answers their patients' ids (the caller deletes those, and forgets their payments). */
export async function deleteAppointments(db: Db, ids: readonly number[]): Promise<(number | null)[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(appointments)
    .where(inArray(appointments.id, [...ids]))
    .returning({ patientId: appointments.patientId });
  return deleted.map((row) => row.patientId);
}

/** Of these patients, those no appointment names (any more). */
export async function patientsWithoutAppointments(
  db: Db,
  patientIds: readonly (number | null)[],
): Promise<number[]> {
  const known = [...new Set(patientIds.filter((id): id is number => id !== null))];
  if (known.length === 0) return [];
  const booked = await db
    .selectDistinct({ patientId: appointments.patientId })
    .from(appointments)
    .where(inArray(appointments.patientId, known));
  const still = new Set(booked.map((row) => row.patientId));
  return known.filter((id) => !still.has(id));
}

/**
 * Whether the patient's only appointments are visitors' bookings still being made (held: not paid, so not booked):
 * a person who is not a patient yet, whom the abandoned-booking job deletes with their booking.
 */
export async function isOnlyBeingBooked(db: Db, patientId: number): Promise<boolean> {
  const rows = await db
    .selectDistinct({ held: sql<boolean>`${appointments.status} = ${appointmentStarts.visitor}` })
    .from(appointments)
    .where(eq(appointments.patientId, patientId));
  return rows.length > 0 && rows.every((row) => row.held);
}

/**
 * Claims up to `limit` abandoned unpaid bookings, locked and skipped by any other instance claiming at once
 * (FOR UPDATE SKIP LOCKED; call it inside a transaction and delete what it answers): a visitor's booking made
 * before `createdBefore`, still held (never paid), with no payment that keeps it, whose hold is gone (its slot
 * is not held under its hold token: released, lapsed, taken by someone else or booked).
 */
export async function claimAbandonedAppointments(
  db: Db,
  createdBefore: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        visitorHeld,
        lt(appointments.createdAt, createdBefore),
        sql`not ${hasKeepingPayment}`,
        sql`not ${holdLives}`,
      ),
    )
    .orderBy(appointments.id)
    .limit(limit)
    .for('update', { of: appointments, skipLocked: true });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------
// The appointment with its patient, slot and payments, as staff and e-mails read it

/**
 * What staff read of an appointment's payments (decision 0023): its leading payment (the latest that stands, else
 * the latest: 'Paid', 'Failed', 'Refunded', and the card payment a refund or a receipt names) and what all of them
 * add up to, so an appointment paid at the desk in parts reads as one.
 */
export interface PaymentSummary extends PaymentTotals {
  /** The leading payment's. */
  status: PaymentStatus;
  method: PaymentMethod;
  provider: string;
  amountCents: number;
  providerPaymentId: string | null;
  refundedAt: Date | null;
  /** When money last came in (the latest payment's `paid_at`). */
  paidAt: Date | null;
  /** How many payments money came in by. */
  takenCount: number;
  /** What went back so far of the payments that stand (given back in part). */
  keptRefundedCents: number;
  /** The methods of the payments money came in by, and of those that stand; in the order of `paymentMethods`. */
  takenMethods: PaymentMethod[];
  standingMethods: PaymentMethod[];
}

export interface AppointmentRecord {
  appointment: Appointment;
  patient: Patient | null;
  slot: Slot | null;
  /** Its payments read as one; null when it has none (a booking made by staff not paid yet). */
  payment: PaymentSummary | null;
}

/** The latest payment that stands comes first, then the latest. */
const leadingFirst = sql`${inArray(payments.status, [...standingPaymentStatuses])} desc, ${payments.createdAt} desc, ${payments.id} desc`;
const leading = <T>(column: AnyPgColumn) => sql<T>`(array_agg(${column} order by ${leadingFirst}))[1]`;
const taken = inArray(payments.status, [...takenPaymentStatuses]);
const standing = inArray(payments.status, [...standingPaymentStatuses]);
const methodsWhere = (condition: SQL | undefined) =>
  sql<string | null>`string_agg(distinct ${payments.method}, ',') filter (where ${condition})`;

/**
 * The appointment's payments read as one (`PaymentSummary`), as a lateral subquery of a query over `appointments`
 * (join it with `leftJoinLateral(…, sql\`true\`)`): one aggregate over its payments, found by their appointment's
 * id; `status` is null when it has none.
 */
export const paymentSummary = (db: Db) =>
  db
    .select({
      status: leading<PaymentStatus | null>(payments.status).as('summary_status'),
      method: leading<PaymentMethod | null>(payments.method).as('summary_method'),
      provider: leading<string | null>(payments.provider).as('summary_provider'),
      amountCents: leading<number | null>(payments.amountCents).as('summary_amount_cents'),
      providerPaymentId: leading<string | null>(payments.providerPaymentId).as('summary_provider_payment_id'),
      refundedAt: leading<string | Date | null>(payments.refundedAt).as('summary_refunded_at'),
      paidAt: sql<string | Date | null>`max(${payments.paidAt})`.as('summary_paid_at'),
      takenCount: sql<number>`(count(*) filter (where ${taken}))::int`.as('summary_taken_count'),
      paidCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${taken}), 0)::int`.as(
        'summary_paid_cents',
      ),
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}) filter (where ${taken}), 0)::int`.as(
        'summary_refunded_cents',
      ),
      keptCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${standing}), 0)::int`.as(
        'summary_kept_cents',
      ),
      keptRefundedCents:
        sql<number>`coalesce(sum(${payments.refundedCents}) filter (where ${standing}), 0)::int`.as(
          'summary_kept_refunded_cents',
        ),
      takenMethods: methodsWhere(taken).as('summary_taken_methods'),
      standingMethods: methodsWhere(standing).as('summary_standing_methods'),
    })
    .from(payments)
    .where(eq(payments.appointmentId, appointments.id))
    .as('payment_summary');

/** The summary's columns as a query reads them (each null when left-joined to nothing). */
interface PaymentSummaryRow {
  paymentStatus: PaymentStatus | null;
  paymentMethod: PaymentMethod | null;
  paymentProvider: string | null;
  paymentAmountCents: number | null;
  providerPaymentId: string | null;
  paymentRefundedAt: string | Date | null;
  paymentPaidAt: string | Date | null;
  takenCount: number | null;
  paidCents: number | null;
  refundedCents: number | null;
  keptCents: number | null;
  keptRefundedCents: number | null;
  takenMethods: string | null;
  standingMethods: string | null;
}

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));
const methodList = (text: string | null): PaymentMethod[] =>
  paymentMethods.filter((method) => (text ?? '').split(',').includes(method));

/**
 * The summary's columns, selected flat (Drizzle nesting a selection costs more than reading its rows) in a query that
 * joins `payment` laterally, and read back by `paymentSummaryOf`.
 */
const paymentSummaryColumns = (payment: ReturnType<typeof paymentSummary>) => ({
  paymentStatus: payment.status,
  paymentMethod: payment.method,
  paymentProvider: payment.provider,
  paymentAmountCents: payment.amountCents,
  providerPaymentId: payment.providerPaymentId,
  paymentRefundedAt: payment.refundedAt,
  paymentPaidAt: payment.paidAt,
  takenCount: payment.takenCount,
  paidCents: payment.paidCents,
  refundedCents: payment.refundedCents,
  keptCents: payment.keptCents,
  keptRefundedCents: payment.keptRefundedCents,
  takenMethods: payment.takenMethods,
  standingMethods: payment.standingMethods,
});

/** The summary of a row that selected `paymentSummaryColumns`; null for an appointment without a payment. */
export function paymentSummaryOf(row: PaymentSummaryRow): PaymentSummary | null {
  if (row.paymentStatus === null) return null;
  return {
    status: row.paymentStatus,
    method: row.paymentMethod ?? 'card',
    provider: row.paymentProvider ?? '',
    amountCents: Number(row.paymentAmountCents ?? 0),
    providerPaymentId: row.providerPaymentId,
    refundedAt: asDate(row.paymentRefundedAt),
    paidAt: asDate(row.paymentPaidAt),
    takenCount: Number(row.takenCount ?? 0),
    paidCents: Number(row.paidCents ?? 0),
    refundedCents: Number(row.refundedCents ?? 0),
    keptCents: Number(row.keptCents ?? 0),
    keptRefundedCents: Number(row.keptRefundedCents ?? 0),
    takenMethods: methodList(row.takenMethods),
    standingMethods: methodList(row.standingMethods),
  };
}

/**
 * What the day's screens (the dashboard, the desk, the calendar) read of an appointment on its slot, with its patient
 * (left-joined) and its payments (`payment`, joined laterally: `paymentSummaryOf(row)`).
 */
export const appointmentOnSlotColumns = (payment: ReturnType<typeof paymentSummary>) => ({
  id: appointments.id,
  status: appointments.status,
  bookedByAdmin: appointments.bookedByAdmin,
  priceCents: appointments.priceCents,
  arrivedAt: appointments.arrivedAt,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  isVideoCall: slots.isVideoCall,
  slotIsAdult: slots.isAdult,
  location: slots.location,
  patientId: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  patientIsAdult: patients.isAdult,
  ...paymentSummaryColumns(payment),
});

function records(db: Db) {
  const payment = paymentSummary(db);
  return {
    query: db
      .select({
        appointment: getTableColumns(appointments),
        patient: getTableColumns(patients),
        slot: getTableColumns(slots),
        payment: paymentSummaryColumns(payment),
      })
      .from(appointments)
      .leftJoin(patients, eq(patients.id, appointments.patientId))
      .leftJoin(slots, eq(slots.id, appointments.slotId))
      .leftJoinLateral(payment, sql`true`),
  };
}

type RecordRow = Awaited<ReturnType<typeof records>['query']>[number];

const recordOf = (row: RecordRow): AppointmentRecord => ({
  appointment: row.appointment,
  patient: row.patient,
  slot: row.slot,
  payment: paymentSummaryOf(row.payment),
});

export async function findAppointmentRecord(db: Db, id: number): Promise<AppointmentRecord | undefined> {
  const [row] = await records(db).query.where(eq(appointments.id, id)).limit(1);
  return row && recordOf(row);
}

/**
 * The appointment with its patient, slot and latest payment, its row locked until the transaction ends (the first
 * lock of every move: the module's order of locks is the appointment, then its payments, then slots).
 *
 * The row is locked alone, and the rest read by the next statement. Locked in one statement with its joins, an
 * appointment another move changed while this waited for the lock would be checked again in its new version against
 * the rows joined before the wait (PostgreSQL re-reads only the locked row): after a reschedule, the old slot, which
 * no longer matches, so the slot came back null. The next statement sees what that move committed.
 */
export async function lockAppointmentRecord(db: Db, id: number): Promise<AppointmentRecord | undefined> {
  const locked = await lockAppointment(db, id);
  return locked ? findAppointmentRecord(db, id) : undefined;
}

/** The appointment of a patient's booking link (its reference and token, by the token's hash), with the rest. */
export async function findAppointmentRecordByManageLink(
  db: Db,
  reference: string,
  tokenHash: string,
): Promise<AppointmentRecord | undefined> {
  const [row] = await records(db)
    .query.where(
      and(
        eq(appointments.reference, reference),
        or(
          eq(appointments.manageTokenHash, tokenHash),
          sql`exists (select 1 from ${manageLinkTokens} where ${manageLinkTokens.appointmentId} = ${appointments.id} and ${manageLinkTokens.tokenHash} = ${tokenHash})`,
        ),
      ),
    )
    .limit(1);
  return row && recordOf(row);
}

/** The appointment of `reference` read with the booking's own access token (the confirmation page's). */
export async function findAppointmentRecordByBookingToken(
  db: Db,
  reference: string,
  tokenHash: string,
): Promise<AppointmentRecord | undefined> {
  const [row] = await records(db)
    .query.where(and(eq(appointments.reference, reference), eq(appointments.accessTokenHash, tokenHash)))
    .limit(1);
  return row && recordOf(row);
}

/** What the staff's appointments list and its CSV are filtered by. */
export interface AppointmentFilterQuery {
  is_video_call?: boolean;
  /** Part of the patient's names, e-mail or phone. */
  search_transaction?: string;
  /**
   * The search looks in the patient's names only: for a role that may not read contact details, whom a search by
   * e-mail or phone would tell whether a patient has them.
   */
  search_names_only?: boolean;
  /** Also the cancelled and refunded ones (a delete or a refund takes an appointment off the list). */
  include_cancelled?: boolean;
  /** Also the visitors' bookings still being made (held), those without a payment attempt too. */
  include_held?: boolean;
}

export interface AppointmentListQuery extends PageRequest, AppointmentFilterQuery {}

/** `%text%` for `ilike`, with `%`, `_` and `\` matching themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * An appointment a payment was tried for, as a held one may be: its payment in progress or failed (one that
 * succeeded made it paid). Written as `= any(array(…))`: an InitPlan, run at most once a query and only when a
 * held row is met (held ones are few). A correlated EXISTS is costed once a row (a count of 100,000 rows then
 * looked costly enough to be JIT-compiled, about 300 ms), and `in (select …)` steered selective searches away
 * from the patient index.
 */
const triedWhileHeld = sql`${appointments.id} = any(array(select ${payments.appointmentId} from ${payments} where ${inArray(payments.status, [...openPaymentStatuses])}))`;

/**
 * The filter's condition on appointments (left-joined to their patient and slot): every appointment but a
 * visitor's booking still being made unless asked (one with a payment attempt is shown, so a declined card is
 * seen), without the cancelled and refunded ones unless asked; the search looks in the patient's names, e-mail
 * and phone. Asking for held ones drops a condition, so the query reads the same indexes as without.
 */
function filterCondition(filter: AppointmentFilterQuery): SQL {
  const search = filter.search_transaction;
  return and(
    filter.include_cancelled ? undefined : notInArray(appointments.status, [...endedStatuses]),
    filter.include_held ? undefined : or(ne(appointments.status, appointmentStarts.visitor), triedWhileHeld),
    filter.is_video_call === undefined ? undefined : eq(slots.isVideoCall, filter.is_video_call),
    search ? searchCondition(search, filter.search_names_only ?? false) : undefined,
  ) as SQL;
}

/**
 * The search on names, e-mail and phone: the very expression of the patients' trigram index, so the index answers
 * it. On names only, the names folded as that expression folds them (a phone number then finds nobody).
 */
function searchCondition(search: string, namesOnly: boolean): SQL {
  if (!namesOnly) return sql`${patientSearchText(patients)} ilike ${containsPattern(searchNeedle(search))}`;
  const names = sql`${patients.firstName} || ' ' || ${patients.lastName}`;
  const folded = sql`translate(${names}, ${FOLD_FROM}, ${FOLD_TO})`;
  return sql`${folded} ilike ${containsPattern(foldMarks(search.trim()))}`;
}

/**
 * How many appointments the filter finds. The patient and the slot are joined by left joins, which the planner
 * drops when the filter does not look at them (a unique key, no column used): the count reads little more than
 * appointments, and never the lateral payment.
 */
export async function countAppointmentRecords(db: Db, filter: AppointmentFilterQuery): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .where(filterCondition(filter));
  return Number(row?.count ?? 0);
}

/** The filtered appointments' ids, to be ordered and paged. */
function filteredKeys(db: Db, filter: AppointmentFilterQuery) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .where(filterCondition(filter));
}

const newestFirst = [desc(appointments.createdAt), desc(appointments.id)];
const oldestFirst = [asc(appointments.createdAt), asc(appointments.id)];

/**
 * One page of the appointments staff see, newest first (created_at, then id), with the patient, slot and latest
 * payment. Cheap on a long list: one query finds the page's ids (a subquery) and reads only their details; a page
 * past the middle is read from the oldest end (the same rows with a smaller offset); and the total is counted one
 * by one up to ten thousand appointments, estimated beyond (`countCheaply`: counting a hundred thousand cost more
 * than the page, on every page), reading no payment.
 */
export async function listAppointmentRecords(
  db: Db,
  query: AppointmentListQuery,
): Promise<Page<AppointmentRecord>> {
  return paginateFromNearerEnd(
    query,
    () =>
      countCheaply(db, () =>
        db
          .select({ one: sql`1` })
          .from(appointments)
          .leftJoin(patients, eq(patients.id, appointments.patientId))
          .leftJoin(slots, eq(slots.id, appointments.slotId))
          .where(filterCondition(query))
          .$dynamic(),
      ),
    async (order, limit, offset) => {
      const inOrder = order === 'forwards' ? newestFirst : oldestFirst;
      const page = filteredKeys(db, query)
        .orderBy(...inOrder)
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = await records(db)
        .query.innerJoin(page, eq(page.id, appointments.id))
        .orderBy(...inOrder);
      return rows.map(recordOf);
    },
  );
}

/** What its label and money columns read of an appointment's payments. */
export type LabelledPayments = Pick<
  PaymentSummary,
  | 'status'
  | 'method'
  | 'amountCents'
  | 'takenCount'
  | 'paidCents'
  | 'refundedCents'
  | 'keptCents'
  | 'keptRefundedCents'
  | 'takenMethods'
  | 'standingMethods'
>;

/** What a row of Appointments.csv is made of: of each record, only what the row shows. */
export interface AppointmentCsvRecord {
  appointment: Pick<Appointment, 'id' | 'status' | 'createdAt' | 'bookedByAdmin' | 'priceCents'>;
  patient: Pick<Patient, 'firstName' | 'lastName' | 'isAdult' | 'email' | 'phone'> | null;
  slot: Pick<Slot, 'startsAt' | 'isVideoCall' | 'isAdult'> | null;
  /** Its payments read as one; null for a booking made by staff not paid yet. */
  payment: LabelledPayments | null;
}

/**
 * One batch of the CSV's records, newest first, after `after` (its created_at as the database's text, to the
 * microsecond, and its id): one query, walking the (created_at, id) index from that place, with the patient, the
 * slot and the payments' summary found for each row on the way. Its columns are selected flat and nested by
 * `csvRecord`: Drizzle nesting a selection cost twice its reading of the rows.
 */
function csvBatch(
  db: Db,
  filter: AppointmentFilterQuery,
  limit: number,
  after: { createdAt: string; id: number } | undefined,
) {
  const payment = paymentSummary(db);
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      createdAt: appointments.createdAt,
      bookedByAdmin: appointments.bookedByAdmin,
      priceCents: appointments.priceCents,
      place: sql<string>`${appointments.createdAt}::text`,
      firstName: patients.firstName,
      lastName: patients.lastName,
      isAdult: patients.isAdult,
      email: patients.email,
      phone: patients.phone,
      startsAt: slots.startsAt,
      isVideoCall: slots.isVideoCall,
      slotIsAdult: slots.isAdult,
      ...paymentSummaryColumns(payment),
    })
    .from(appointments)
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoinLateral(payment, sql`true`)
    .where(
      and(
        filterCondition(filter),
        after
          ? sql`(${appointments.createdAt}, ${appointments.id}) < (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A row of `csvBatch` as its record: a patient, slot or payment is there when its not-null column is. */
function csvRecord(row: Awaited<ReturnType<typeof csvBatch>>[number]): AppointmentCsvRecord {
  return {
    appointment: {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt,
      bookedByAdmin: row.bookedByAdmin,
      priceCents: row.priceCents,
    },
    patient:
      row.firstName === null
        ? null
        : {
            firstName: row.firstName,
            lastName: row.lastName!,
            isAdult: row.isAdult!,
            email: row.email,
            phone: row.phone!,
          },
    slot:
      row.startsAt === null
        ? null
        : { startsAt: row.startsAt, isVideoCall: row.isVideoCall!, isAdult: row.slotIsAdult! },
    payment: paymentSummaryOf(row),
  };
}

/**
 * Every appointment the filter finds as the CSV shows it, newest first, `batchSize` at a time: keyset batches on
 * (created_at, id), so each is one indexed query however far it is and memory does not grow with the rows. The
 * next batch is asked for as soon as one arrives, so the database finds it while this one is written out. Rows
 * added meanwhile may or may not be read; none is read twice.
 */
export async function* appointmentCsvBatches(
  db: Db,
  filter: AppointmentFilterQuery,
  batchSize = 1000,
): AsyncGenerator<AppointmentCsvRecord[]> {
  const read = (after?: { createdAt: string; id: number }) => {
    const batch = csvBatch(db, filter, batchSize, after).then((rows) => rows);
    // Awaited below; until then (or if the download stops first) its failure is not an unhandled one.
    batch.catch(() => {});
    return batch;
  };
  let next: ReturnType<typeof read> | undefined = read();
  while (next) {
    const rows: Awaited<ReturnType<typeof read>> = await next;
    const last = rows.at(-1);
    next = last && rows.length === batchSize ? read({ createdAt: last.place, id: last.id }) : undefined;
    if (rows.length > 0) yield rows.map(csvRecord);
  }
}

/** A patient's appointments with their slots and payments, newest first (staff's patient records). */
export async function appointmentRecordsOfPatient(db: Db, patientId: number): Promise<AppointmentRecord[]> {
  const rows = await records(db)
    .query.where(eq(appointments.patientId, patientId))
    .orderBy(desc(appointments.createdAt), desc(appointments.id));
  return rows.map(recordOf);
}

/**
 * Strips appointments of what ties them to the person who booked them (a patient's erasure): the address it
 * was booked from, the hashes of the booking's tokens (its booking link no longer opens it), the antihistamines
 * the patient said they take and what they told the clinic with a flag (health details), and a video link made for
 * them. The appointment, its time, its reference and its price stay.
 */
export async function forgetAppointmentVisitors(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(appointments)
    .set({
      antihistamines: null,
      flagReason: null,
      flagMessage: null,
      flaggedAt: null,
      flagDealtAt: null,
      flagDealtBy: null,
      videoLink: null,
      bookedFrom: null,
      holdTokenHash: null,
      accessTokenHash: null,
      manageTokenHash: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(appointments.id, [...ids]));
}
