import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import {
  livePaymentStatuses,
  type PaymentMoveName,
  type PaymentStatus,
  paymentMoves,
  unsettledPaymentStatuses,
} from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import {
  adminUsers,
  DESK_PROVIDER,
  type NewPayment,
  type Payment,
  type PaymentProviderName,
  paymentEvents,
  payments,
  refunds,
} from '../../db/schema';

export async function insertPayment(db: Db, values: NewPayment): Promise<Payment> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function findPayment(db: Db, id: number): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Locks the payment's row until the database transaction ends (one settlement at a time). */
export async function lockPayment(db: Db, id: number): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row;
}

export async function findPaymentByProviderId(
  db: Db,
  providerPaymentId: string,
): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return row;
}

/** An appointment's payments, newest first. */
export function paymentsOfAppointment(db: Db, appointmentId: number): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * An appointment's payments, oldest first, each with the name (or e-mail) of the staff member who recorded it when
 * it was taken at the desk: what its screen lists.
 */
export function paymentsOfAppointmentWithRecorder(db: Db, appointmentId: number) {
  return db
    .select({
      payment: payments,
      recordedByName: sql<string | null>`coalesce(${adminUsers.name}, ${adminUsers.email})`,
    })
    .from(payments)
    .leftJoin(adminUsers, eq(adminUsers.id, payments.recordedBy))
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export type AppointmentPaymentRow = Awaited<ReturnType<typeof paymentsOfAppointmentWithRecorder>>[number];

/** Another card payment of the appointment that blocks this one (a double charge, to be refunded). */
export async function hasOtherLivePayment(db: Db, appointmentId: number, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        inArray(payments.status, [...livePaymentStatuses]),
        ne(payments.provider, DESK_PROVIDER),
        ne(payments.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Makes one move of the payment's table (`src/shared/payment-states.ts`), only from a state the table allows it from,
 * in one atomic statement, with the other columns the move sets; answers the moved row, or undefined when the payment
 * is not in such a state (another request or the settlement job moved it first). The one writer of a payment's state.
 */
export async function movePayment(
  db: Db,
  id: number,
  move: PaymentMoveName,
  values: Omit<Partial<NewPayment>, 'status'> = {},
): Promise<Payment | undefined> {
  const rule: { from: readonly PaymentStatus[]; to?: PaymentStatus } = paymentMoves[move];
  const [row] = await db
    .update(payments)
    .set({ ...values, ...(rule.to ? { status: rule.to } : {}), updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.status, [...rule.from])))
    .returning();
  return row;
}

/**
 * Claims a payment whose last call to its provider failed without an answer (processing, with the failure noted)
 * for the patient's next try, which continues it: the note cleared, its turn with the settlement job pushed back
 * by `graceMs`. Undefined when it is not such a payment any more (another try or the job claimed it first).
 */
export async function claimInterruptedPayment(
  db: Db,
  id: number,
  graceMs: number,
): Promise<Payment | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      failureMessage: null,
      settleAfter: sql`now() + ${graceMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.id, id),
        inArray(payments.status, [...paymentMoves.resume.from]),
        isNotNull(payments.failureMessage),
      ),
    )
    .returning();
  return row;
}

/** Records the provider's id of a payment the moment it is known, before the card is charged. */
export async function setProviderPaymentId(db: Db, id: number, providerPaymentId: string): Promise<void> {
  await db.update(payments).set({ providerPaymentId, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/** Records a provider event; false when it was recorded before (a replay). */
export async function recordPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** The wait before a settlement job asks again about a payment it has asked about `attempts` times. */
const settleBackoff = (attempts: unknown) =>
  sql`least(interval '1 hour', interval '1 minute' * power(2, ${attempts}))`;

/**
 * Claims up to `limit` unsettled payments of `provider` whose time to be asked about has come (`settle_after`
 * is not after `now`), oldest turn first, in one atomic statement: each claimed row's next turn is pushed back
 * (1, 2, 4 … minutes, at most an hour), so rows the provider cannot settle yet go to the back of the queue
 * instead of starving the others, and instances claiming at once skip each other's rows. An interrupted payment
 * (see `claimInterruptedPayment`) claimed so is the job's alone.
 */
export async function claimUnsettledPayments(
  db: Db,
  provider: PaymentProviderName,
  limit: number,
  now: Date,
): Promise<Payment[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        inArray(payments.status, [...unsettledPaymentStatuses]),
        lte(payments.settleAfter, now),
      ),
    )
    .orderBy(asc(payments.settleAfter), asc(payments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(payments)
    .set({
      settleAfter: sql`${now.toISOString()}::timestamptz + ${settleBackoff(payments.settleAttempts)}`,
      settleAttempts: sql`${payments.settleAttempts} + 1`,
      // An interrupted payment the job takes over is no longer the patient's to continue.
      failureMessage: sql`case when ${payments.status} = 'processing' then null else ${payments.failureMessage} end`,
    })
    .where(inArray(payments.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * The payments of deleted bookings keep their amounts and the provider's ids, never the customer's e-mail; their
 * refunds keep their amounts, never staff's reasons (which may name the patient or their health).
 */
export async function forgetPaymentCustomers(db: Db, appointmentIds: readonly number[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const ofThem = inArray(payments.appointmentId, [...appointmentIds]);
  await db.update(payments).set({ customerEmail: null }).where(ofThem);
  await db
    .update(refunds)
    .set({ reason: null })
    .where(inArray(refunds.paymentId, db.select({ id: payments.id }).from(payments).where(ofThem)));
}

/** The payments of these appointments, oldest first. */
export function paymentsOfAppointments(db: Db, appointmentIds: readonly number[]): Promise<Payment[]> {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(inArray(payments.appointmentId, [...appointmentIds]))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The payments by status, for the metrics: every payment ever made, one pass over the table. */
export async function countPaymentsByStatus(db: Db): Promise<Partial<Record<PaymentStatus, number>>> {
  const rows = await db
    .select({ status: payments.status, count: sql<number>`count(*)::int` })
    .from(payments)
    .groupBy(payments.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * Seconds since the unsettled payment (processing, requires_action, refunding, refund_pending) that has waited
 * longest last changed; 0 when none is unsettled. The settlement job settles a payment within minutes once the
 * provider knows its fate, so an hour means one is stuck (the provider unreachable, or an answer not understood).
 */
export async function oldestUnsettledPaymentSeconds(db: Db): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(extract(epoch from now() - min(${payments.updatedAt})), 0)::float8`,
    })
    .from(payments)
    .where(inArray(payments.status, [...unsettledPaymentStatuses]));
  return Math.max(0, Number(row?.seconds ?? 0));
}
