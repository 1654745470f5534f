import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type PaymentStatus, standingPaymentStatuses } from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import {
  appointments,
  clinicSettings,
  type Payment,
  payments,
  receiptCounters,
  receipts,
  type Slot,
  slots,
  teamMembers,
} from '../../db/schema';
import { clinicMidnight, clinicWallClock } from '../slots/clinic-time';

/** A payment whose card was charged: it stands, is being given back, was given back, or is owed back. */
const chargedStatuses = [
  'succeeded',
  'refunding',
  'refunded',
  'refund_pending',
] as const satisfies readonly PaymentStatus[];

const charged = and(inArray(payments.status, chargedStatuses), isNotNull(payments.paidAt));

/** The latest payment charged of the appointment, or undefined when it was never paid (online or at the desk). */
export async function paidPaymentOf(db: Db, appointmentId: number): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), charged))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1);
  return row;
}

/** A payment as a receipt lists it. */
export type ReceiptPaymentRow = Pick<
  Payment,
  'method' | 'amountCents' | 'refundedCents' | 'paidAt' | 'providerPaymentId' | 'status'
>;

/** The appointment's payments charged, oldest first: each a line of its receipt (paid in parts at the desk: several). */
export function receiptPaymentsOf(db: Db, appointmentId: number): Promise<ReceiptPaymentRow[]> {
  return db
    .select({
      method: payments.method,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      paidAt: payments.paidAt,
      providerPaymentId: payments.providerPaymentId,
      status: payments.status,
    })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), charged))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

/** What a receipt says of an appointment's money, in cents. */
export interface ReceiptAmounts {
  /** Paid, online or at the desk: every payment charged, given back since or not. */
  paidCents: number;
  /** Given back of those payments so far (each payment keeps its refunds' sum). */
  refundedCents: number;
  /**
   * Paid by the payments that stand (not given back in full, nor owed back): what counts against the price for a
   * balance due (a payment refunded in full was undone, one given back in part still paid for the visit).
   */
  keptCents: number;
}

const stands = inArray(payments.status, [...standingPaymentStatuses]);

/** The appointment's amounts paid, refunded and kept: the one place a receipt reads them. */
export async function receiptAmountsOf(db: Db, appointmentId: number): Promise<ReceiptAmounts> {
  const [row] = await db
    .select({
      paid: sql<string | number>`coalesce(sum(${payments.amountCents}), 0)`,
      refunded: sql<string | number>`coalesce(sum(${payments.refundedCents}), 0)`,
      kept: sql<string | number>`coalesce(sum(${payments.amountCents}) filter (where ${stands}), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), charged));
  return {
    paidCents: Number(row?.paid ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    keptCents: Number(row?.kept ?? 0),
  };
}

/** The year a payment counts in: its clinic (Europe/Dublin) year. */
export const clinicYearOf = (instant: Date) => Number(clinicWallClock(instant).isoDay.slice(0, 4));

/**
 * The appointment's receipt number, given now if it has none: the next of the payment's clinic year, from the year's
 * counter (one atomic upsert, so two appointments never get the same number). The caller holds the appointment's
 * row locked, so two receipts of one appointment made at once wait for each other and the second reads the first's
 * number.
 */
export async function issueReceiptNumber(
  tx: Db,
  appointmentId: number,
  paidAt: Date,
): Promise<{ year: number; number: number }> {
  const [kept] = await tx
    .select({ year: receipts.year, number: receipts.number })
    .from(receipts)
    .where(eq(receipts.appointmentId, appointmentId))
    .limit(1);
  if (kept) return kept;
  const year = clinicYearOf(paidAt);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  if (!counter) throw new Error('receipt counter returned no row');
  await tx.insert(receipts).values({ appointmentId, year, number: counter.last });
  return { year, number: counter.last };
}

/** A consultant as a receipt names them. */
export interface ReceiptConsultant {
  name: string;
  medicalCouncilNumber: string | null;
}

/** The consultant the slot names, else the clinic's default; undefined when neither names one. */
export async function consultantOf(
  db: Db,
  slot: Pick<Slot, 'consultantId'>,
): Promise<ReceiptConsultant | undefined> {
  const chosen = slot.consultantId
    ? sql`${slot.consultantId}`
    : sql`(select ${clinicSettings.defaultConsultantId} from ${clinicSettings} where ${clinicSettings.id} = 1)`;
  const [row] = await db
    .select({ name: teamMembers.fullName, medicalCouncilNumber: teamMembers.medicalCouncilNumber })
    .from(teamMembers)
    .where(eq(teamMembers.id, chosen))
    .limit(1);
  return row;
}

/** A paid visit of a patient's statement: the appointment, its slot, and its money of that year. */
export interface StatementVisit {
  appointmentId: number;
  slot: Slot | null;
  /** When money of it last came in that year. */
  paidAt: Date;
  /** Paid that year (its payments charged in the year), and what went back of those payments. */
  paidCents: number;
  refundedCents: number;
}

/** Whether any visit of the patient was ever paid (any year). */
export async function hasPaidVisit(db: Db, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(appointments)
    .innerJoin(payments, and(eq(payments.appointmentId, appointments.id), charged))
    .where(eq(appointments.patientId, patientId))
    .limit(1);
  return row !== undefined;
}

/**
 * The patient's appointments paid in the clinic year `year` (by when the money came in, as their receipts are
 * numbered), oldest first, each with what its payments of that year paid and what went back of them: a visit paid
 * in parts across the new year is on both years' statements, each with its own part (decision 0023).
 */
export async function paidVisitsOfPatient(
  db: Db,
  patientId: number,
  year: number,
): Promise<StatementVisit[]> {
  const from = clinicMidnight(`${year}-01-01`);
  const to = clinicMidnight(`${year + 1}-01-01`);
  const rows = await db
    .select({
      appointmentId: appointments.id,
      slot: slots,
      paidAt: sql<Date>`max(${payments.paidAt})`.mapWith(payments.paidAt),
      paidCents: sql<string | number>`sum(${payments.amountCents})`,
      refundedCents: sql<string | number>`sum(${payments.refundedCents})`,
    })
    .from(appointments)
    .innerJoin(payments, and(eq(payments.appointmentId, appointments.id), charged))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .where(and(eq(appointments.patientId, patientId), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .groupBy(appointments.id, slots.id)
    .orderBy(asc(sql`max(${payments.paidAt})`), asc(appointments.id));
  return rows.map((row) => ({
    ...row,
    paidCents: Number(row.paidCents),
    refundedCents: Number(row.refundedCents),
  }));
}
