import { randomUUID } from 'node:crypto';
import { occupyingStatuses } from '../../../shared/appointment-states';
import type { DeskPaymentRequest } from '../../../shared/appointments';
import { deskPaymentStart, livePaymentStatuses, type PaymentStatus } from '../../../shared/payment-states';
import { paymentTexts } from '../../../shared/payments';
import type { Db } from '../../db/database';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../db/database-errors';
import { DESK_PROVIDER, type Payment } from '../../db/schema';
import { conflict, fieldError, notFound, refused } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { insertPayment, paymentsOfAppointment } from '../payments/payment-repository';
import { lockAppointment } from './appointment-repository';

/** Takes place, took place, or was missed: money may be taken at the desk for it. */
const takesItsTime = (status: string) => (occupyingStatuses as readonly string[]).includes(status);
const isLive = (status: string) => (livePaymentStatuses as readonly string[]).includes(status);

/**
 * Money the clinic holds for the appointment: paid, standing or given back (what went back is subtracted). Not a
 * payment being taken or one that failed, nor one owed back (it goes back on its own).
 */
const heldStatuses: readonly string[] = ['succeeded', 'refunding', 'refunded'] satisfies PaymentStatus[];

/** What is left to pay of the appointment's price (as booked): the price less what was paid, net of refunds. */
const leftToPay = (priceCents: number, payments: readonly Payment[]) =>
  payments
    .filter((payment) => heldStatuses.includes(payment.status))
    .reduce((left, payment) => left - (payment.amountCents - payment.refundedCents), priceCents);

/**
 * Money staff took at the desk (cash, or the clinic's card terminal) for an appointment they booked, recorded as its
 * payment (issue 32): succeeded at once (no provider is asked), taken now, by the staff member, with the audit entry,
 * in one transaction with the appointment's row locked. The appointment stays as it is (booked, attended, no-show):
 * its state says whether it takes place, the payment whether it is paid. One payment an appointment, as for card
 * payments (the database's one-live-payment index): a second is refused until the first is refunded in full. Never more
 * than is left to pay of the appointment's price as booked (the price less what was paid, net of refunds), worked out
 * with the appointment's row locked, so two recorded at once never take more than the price together: the second
 * waits for the first and reads its payment (refused, 409) or, were several allowed, what is left after it.
 */
export async function recordDeskPayment(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  request: DeskPaymentRequest,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      const appointment = await lockAppointment(tx, appointmentId);
      if (!appointment) throw notFound(paymentTexts.appointmentNotFound);
      if (!appointment.bookedByAdmin || !takesItsTime(appointment.status)) {
        throw refused('desk_payment_not_allowed', paymentTexts.deskNotAllowed);
      }
      const earlier = await paymentsOfAppointment(tx, appointmentId);
      if (earlier.some((row) => isLive(row.status))) {
        throw conflict('desk_payment_exists', paymentTexts.deskPaymentExists);
      }
      const left = Math.max(0, leftToPay(appointment.priceCents, earlier));
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
    })
    .catch((error: unknown) => {
      // Another payment of it was recorded at the same moment: the one-live-payment index refused this one.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) {
        throw conflict('desk_payment_exists', paymentTexts.deskPaymentExists);
      }
      throw error;
    });
}
