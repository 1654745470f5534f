import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RefundStatus } from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import { adminUsers, type NewRefund, payments, type Refund, refunds } from '../../db/schema';

/**
 * The refunds of payments (issue 32): the rows, and the one writer of a refund's state. A refund row is written
 * with its payment's move, in the transaction that moves the payment (`movePayment`), so the payment's refunded
 * cents are always the sum of its refunds made.
 */

export async function insertRefund(db: Db, values: NewRefund): Promise<Refund> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** The payment's refunds so far (any state): how its next refund's key is numbered. */
export function countRefundsOf(db: Db, paymentId: number): Promise<number> {
  return db.$count(refunds, eq(refunds.paymentId, paymentId));
}

/**
 * The payment's refund asked of the provider whose answer is not known yet (`requested`), newest first: the one in
 * flight while the payment is refunding, or one whose call went unanswered, to be asked again with its own key.
 */
export async function unansweredRefundOf(db: Db, paymentId: number): Promise<Refund | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'requested')))
    .orderBy(desc(refunds.id))
    .limit(1);
  return row;
}

/**
 * Records the provider's answer to a requested refund: made (`pending` or `succeeded`, with its id and when), or
 * `failed` (refused, with why). Only from `requested`, in one statement: answers the row, or undefined when it was
 * answered already (the request and the settlement job finishing it at once record it once).
 */
export async function answerRefund(
  db: Db,
  id: number,
  answer:
    | { status: Extract<RefundStatus, 'pending' | 'succeeded'>; providerRefundId: string; refundedAt: Date }
    | { status: 'failed'; failureMessage: string },
): Promise<Refund | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ ...answer, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'requested')))
    .returning();
  return row;
}

/** The refunds of an appointment's payments, oldest first, with the name (or e-mail) of the staff member who made each. */
export function refundsOfAppointment(db: Db, appointmentId: number) {
  return db
    .select({
      refund: refunds,
      method: payments.method,
      staffName: sql<string | null>`coalesce(${adminUsers.name}, ${adminUsers.email})`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(adminUsers, eq(adminUsers.id, refunds.adminUserId))
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export type AppointmentRefundRow = Awaited<ReturnType<typeof refundsOfAppointment>>[number];
