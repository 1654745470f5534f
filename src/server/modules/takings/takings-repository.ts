import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clinic } from '../../../shared/clinic';
import { madeRefundStatuses } from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import { appointments, patients, payments, refunds } from '../../db/schema';
import { type InstantRange, within } from '../slots/slot-repository';

/**
 * The money that moved (issue 32): a payment counts when its money came in (`paid_at`: an online payment that
 * succeeded, or was taken after its time was lost and owed back; money taken at the desk), a refund when it was made
 * (`refunded_at`: given back, or taken by the provider to pay out), so a payment refunded a month later lowers that
 * later month. A refund asked and not answered, or refused, has not moved money.
 */

const made = inArray(refunds.status, [...madeRefundStatuses]);

/** The clinic day (YYYY-MM-DD, Europe/Dublin) of an instant column; a constant zone, so GROUP BY 1 reads it once. */
const clinicDayOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${clinic.timeZone}'`)}, 'YYYY-MM-DD')`;

/** Cents taken in each range less cents given back in it, in two aggregate queries (one a table). */
export async function takingsCents(db: Db, ranges: readonly InstantRange[]): Promise<number[]> {
  if (ranges.length === 0) return [];
  const sums = (column: AnyPgColumn, amount: AnyPgColumn) =>
    Object.fromEntries(
      ranges.map((range, index) => [
        `range${index}`,
        sql<string>`coalesce(sum(${amount}) filter (where ${within(column, range)}), 0)::text`,
      ]),
    );
  const [[paid], [refunded]] = await Promise.all([
    db
      .select(sums(payments.paidAt, payments.amountCents))
      .from(payments)
      .where(or(...ranges.map((range) => within(payments.paidAt, range)))),
    db
      .select(sums(refunds.refundedAt, refunds.amountCents))
      .from(refunds)
      .where(and(made, or(...ranges.map((range) => within(refunds.refundedAt, range))))),
  ]);
  return ranges.map(
    (_range, index) => Number(paid?.[`range${index}`] ?? 0) - Number(refunded?.[`range${index}`] ?? 0),
  );
}

/** One clinic day's payments or refunds of one method: how many, and their cents. */
export interface DayMethodTotal {
  day: string;
  method: string;
  count: number;
  cents: number;
}

const asTotals = (rows: { day: string; method: string; count: number; cents: string }[]): DayMethodTotal[] =>
  rows.map((row) => ({ ...row, count: Number(row.count), cents: Number(row.cents) }));

/** The payments taken within `range`, by clinic day and method. */
export async function paymentsByDay(db: Db, range: InstantRange): Promise<DayMethodTotal[]> {
  return asTotals(
    await db
      .select({
        day: clinicDayOf(payments.paidAt),
        method: payments.method,
        count: sql<number>`count(*)::int`,
        cents: sql<string>`sum(${payments.amountCents})::text`,
      })
      .from(payments)
      .where(within(payments.paidAt, range))
      .groupBy(sql`1`, sql`2`),
  );
}

/** The refunds made within `range`, by clinic day and the method of the payment they gave back. */
export async function refundsByDay(db: Db, range: InstantRange): Promise<DayMethodTotal[]> {
  return asTotals(
    await db
      .select({
        day: clinicDayOf(refunds.refundedAt),
        method: payments.method,
        count: sql<number>`count(*)::int`,
        cents: sql<string>`sum(${refunds.amountCents})::text`,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(made, within(refunds.refundedAt, range)))
      .groupBy(sql`1`, sql`2`),
  );
}

/** A payment or a refund as Takings.csv lists it. */
export interface MoneyMovement {
  kind: 'payment' | 'refund';
  at: Date;
  method: string;
  amountCents: number;
  appointmentId: number | null;
  firstName: string | null;
  lastName: string | null;
  /** The provider's payment id (a payment by card) or refund id (a refund of one); none at the desk. */
  providerId: string | null;
  reason: string | null;
}

/**
 * Every payment taken and refund made within `range`, in the order they happened (a payment before a refund made
 * at the same instant), with the appointment and its patient's name: a range is at most a year of a clinic's.
 */
export async function moneyMovements(db: Db, range: InstantRange): Promise<MoneyMovement[]> {
  const [taken, given] = await Promise.all([
    db
      .select({
        at: payments.paidAt,
        method: payments.method,
        amountCents: payments.amountCents,
        appointmentId: payments.appointmentId,
        firstName: patients.firstName,
        lastName: patients.lastName,
        providerId: payments.providerPaymentId,
        id: payments.id,
      })
      .from(payments)
      .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
      .leftJoin(patients, eq(patients.id, appointments.patientId))
      .where(within(payments.paidAt, range))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db
      .select({
        at: refunds.refundedAt,
        method: payments.method,
        amountCents: refunds.amountCents,
        appointmentId: payments.appointmentId,
        firstName: patients.firstName,
        lastName: patients.lastName,
        providerId: refunds.providerRefundId,
        reason: refunds.reason,
        id: refunds.id,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
      .leftJoin(patients, eq(patients.id, appointments.patientId))
      .where(and(made, within(refunds.refundedAt, range)))
      .orderBy(asc(refunds.refundedAt), asc(refunds.id)),
  ]);
  const rows: MoneyMovement[] = [
    ...taken.map(({ id: _id, at, ...row }) => ({ ...row, kind: 'payment' as const, at: at!, reason: null })),
    ...given.map(({ id: _id, at, ...row }) => ({ ...row, kind: 'refund' as const, at: at! })),
  ];
  // Stable: a payment listed before a refund of the same instant.
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime());
}
