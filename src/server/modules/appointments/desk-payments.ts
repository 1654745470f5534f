import { randomUUID } from 'node:crypto';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { DeskPaymentRequest } from '../../../shared/appointments';
import { deskLimitCents, deskPaymentStart, isTaken } from '../../../shared/payment-states';
import { paymentTexts } from '../../../shared/payments';
import type { Db } from '../../db/database';
import { DESK_PROVIDER, type Payment } from '../../db/schema';
import { fieldError, notFound, refused } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { insertPayment, paymentsOfAppointment } from '../payments/payment-repository';
import { lockAppointment } from './appointment-repository';

/** Takes place, took place, or was missed: money may be taken at the desk for it. */
const takesItsTime = (status: string) => (occupyingStatuses as readonly string[]).includes(status);

/** What the appointment's payments paid and gave back so far, from its rows (read with its row locked). */
const totalsOf = (payments: readonly Payment[]) =>
  payments
    .filter((payment) => isTaken(payment.status))
    .reduce(
      (sum, payment) => ({
        paidCents: sum.paidCents + payment.amountCents,
        refundedCents: sum.refundedCents + payment.refundedCents,
      }),
      { paidCents: 0, refundedCents: 0 },
    );

/**
 * Money staff took at the desk (cash, or the clinic's card terminal) for an appointment they booked, recorded as one
 * of its payments (issue 32): succeeded at once (no provider is asked), taken now, by the staff member, with the audit
 * entry, in one transaction with the appointment's row locked. The appointment stays as it is (booked, attended,
 * no-show): its state says whether it takes place, its payments whether it is paid. A patient may pay in parts: each
 * is a payment of its own (decision 0023), never more in all than is left to pay of the appointment's price as booked
 * (the price less what was paid, net of refunds), worked out with the appointment's row locked, so two recorded at
 * once never take more than the price together: the second waits for the first and reads what is left after it.
 */
export async function recordDeskPayment(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  request: DeskPaymentRequest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(paymentTexts.appointmentNotFound);
    if (!appointment.bookedByAdmin || !takesItsTime(appointment.status)) {
      throw refused('desk_payment_not_allowed', paymentTexts.deskNotAllowed);
    }
    const earlier = await paymentsOfAppointment(tx, appointmentId);
    const left = deskLimitCents(appointment.priceCents, totalsOf(earlier));
    if (request.amount > left) {
      const text = paymentTexts.deskPaymentTooLarge(left);
      throw refused('desk_payment_too_large', text, fieldError('amount', text));
    }
    const payment = await insertPayment(tx, {
      appointmentId,
      provider: DESK_PROVIDER,
      method: request.method,
      recordedBy: actor.adminUserId,
      idempotencyKey: `desk_${randomUUID()}`,
      amountCents: request.amount,
      currency: 'eur',
      status: deskPaymentStart,
      paidAt: new Date(),
    });
    await auditChange(tx, actor, 'create', 'payment', payment.id, {
      appointment_id: appointmentId,
      method: request.method,
      amount_cents: request.amount,
    });
  });
}
