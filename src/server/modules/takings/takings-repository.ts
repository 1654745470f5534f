import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clinic } from '../../../shared/clinic';
import { madeRefundStatuses, type PaymentMethod } from '../../../shared/payment-states';
import { type Db, queryRows, sqlStatement } from '../../db/database';
import { appointments, patients, payments, refunds } from '../../db/schema';
import { type InstantRange, within } from '../slots/slot-repository';

/**
 * The money that moved (issue 32): a payment counts when its money came in (`paid_at`: an online payment that
 * succeeded, or was taken after its time was lost and owed back; money taken at the desk), a refund when it was made
 * (`refunded_at`: given back, or taken by the provider to pay out), so a payment refunded a month later lowers that
 * later month. A refund asked and not answered, or refused, has not moved money.
 */

const made = inArray(refunds.status, [...madeRefundStatuses]);

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

/**
 * What moved on one clinic day of a range by one method, as `takingsByDay` answers it (a JSON array): the day's
 * place in the range (0 for its first), whether refunds (true) or payments (false), the method, how many, and
 * their cents.
 */
export type DayMethodTotal = [
  day: number,
  refunds: boolean,
  method: PaymentMethod,
  count: number,
  cents: number,
];

/** The zone's midnight starting clinic day `n` of a range from `from`, the statement's placeholder (YYYY-MM-DD). */
const midnightOfDay = (n: SQL) =>
  sql`(${sql.placeholder('from')}::date + ${n})::timestamp at time zone ${sql.raw(`'${clinic.timeZone}'`)}`;

/**
 * Each clinic day of the range (placeholders `from` and `to`, YYYY-MM-DD, both included) with its midnights, and
 * for each day the payments taken and the refunds made by method: the payments from the paid-at index alone (an
 * index-only scan of the day's entries, method and amount in it), the refunds from the refunded-at index. A day at a
 * time, so no payment's clinic day is worked out (a year's 16,000 payments each converted to Dublin's time and
 * written as a date cost most of the query), and the answer as one JSON array of arrays, which the embedded
 * database hands over as one value rather than field by field.
 */
const takingsByDayStatement = sqlStatement(
  'takings_by_day',
  sql`with day as (
    select day.n, ${midnightOfDay(sql`day.n`)} as starts_at, ${midnightOfDay(sql`day.n + 1`)} as ends_at
    from generate_series(0, ${sql.placeholder('to')}::date - ${sql.placeholder('from')}::date) as day(n)
  )
  select coalesce(json_agg(json_build_array(day.n, moved.refunds, moved.method, moved.count, moved.cents)
    order by day.n, moved.refunds, moved.method), '[]'::json) as totals
  from day
  cross join lateral (
    select false as refunds, ${payments.method} as method, count(*) as count, sum(${payments.amountCents}) as cents
    from ${payments}
    where ${payments.paidAt} >= day.starts_at and ${payments.paidAt} < day.ends_at
    group by ${payments.method}
    union all
    select true, ${payments.method}, count(*), sum(${refunds.amountCents})
    from ${refunds}
    join ${payments} on ${payments.id} = ${refunds.paymentId}
    where ${made} and ${refunds.refundedAt} >= day.starts_at and ${refunds.refundedAt} < day.ends_at
    group by ${payments.method}
  ) moved`,
);

/** The payments taken and refunds made on each clinic day of `from` to `to` (YYYY-MM-DD, both included). */
export async function takingsByDay(db: Db, days: { from: string; to: string }): Promise<DayMethodTotal[]> {
  const [row] = await queryRows<{ totals: DayMethodTotal[] }>(db, takingsByDayStatement, days);
  return row?.totals ?? [];
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
