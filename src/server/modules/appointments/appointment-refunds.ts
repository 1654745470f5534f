import { formatEuro } from '../../../shared/euro';
import { paymentTexts } from '../../../shared/payments';
import type { Db } from '../../db/database';
import type { Appointment, Payment } from '../../db/schema';
import { conflict, DomainError, fieldError, notFound, providerFailure, refused } from '../../domain-errors';
import { type Actor, auditChange, systemActor } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { findPayment, paymentsOfAppointment, updatePayment } from '../payments/payment-repository';
import { freeBookedSlot } from '../slots/slot-repository';
import { findAppointmentRecord, lockAppointment, moveAppointment } from './appointment-repository';
import type { AppointmentContext } from './appointment-service';
import { clinicChangeEmailOf, refundEmailOf } from './emails/appointment-emails';

/** A payment's refund is asked for with this key, however often: the provider refunds it once. */
const refundKey = (payment: Pick<Payment, 'idempotencyKey'>) => `${payment.idempotencyKey}-refund`;

/** A refund in progress is left to finish in its own request this long before the settlement job resumes it. */
const REFUND_GRACE_MS = 2 * 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Who asks for a paid appointment's refund, why (the patient's e-mail says it), and what else must hold. */
export interface RefundRequest {
  actor: Actor;
  /** 'clinic': staff refund it from the back office; 'patient': the patient cancels it from their booking link. */
  reason: 'clinic' | 'patient';
  /** Checked with the appointment's row locked, before its payment is claimed: throws to refuse the refund. */
  check?: (tx: Db, appointment: Appointment) => Promise<void>;
}

/**
 * Refunds a paid appointment in full: staff from the back office (spec section 4: the refund deletes the
 * appointment), or the patient cancelling it in time. The payment is claimed as refunding first (so two clicks
 * refund once) with its audit entry, refunded through its provider outside any transaction with the payment's own
 * refund key, then recorded with the appointment's move, the freed slot, the audit entry and the e-mails in one
 * transaction (`completeRefund`). A refund the provider refuses puts the payment back to succeeded; one cut short
 * by a crash is resumed by the settlement job.
 */
export async function refundAppointment(
  context: AppointmentContext,
  appointmentId: number,
  request: RefundRequest,
): Promise<void> {
  const { db, provider } = context;
  const { actor } = request;
  const onlyPaid = () =>
    refused(paymentTexts.refundOnlySucceeded, fieldError('transaction_id', paymentTexts.refundOnlySucceeded));
  // The appointment locked first (the module's order of locks): a refund and a staff delete, or two refunds,
  // happen one after the other; the second sees the first's outcome.
  const paid = await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(paymentTexts.transactionNotFound);
    await request.check?.(tx, appointment);
    const payments = await paymentsOfAppointment(tx, appointmentId);
    if (payments.some((row) => row.status === 'refunding')) throw conflict(paymentTexts.refundInProgress);
    const succeeded = payments.find((row) => row.status === 'succeeded');
    if (appointment.status !== 'paid' || !succeeded?.providerPaymentId) throw onlyPaid();
    if (succeeded.provider !== provider.name) {
      throw refused(`This payment was taken in ${succeeded.provider} mode; refund it there.`);
    }
    const row = await updatePayment(tx, succeeded.id, ['succeeded'], {
      status: 'refunding',
      settleAfter: new Date(Date.now() + REFUND_GRACE_MS),
    });
    if (!row?.providerPaymentId) throw onlyPaid();
    await auditChange(tx, actor, 'update', 'payment', row.id, {
      status: { from: 'succeeded', to: 'refunding' },
      appointment_id: appointmentId,
      ...(request.reason === 'patient' ? { by: 'patient' } : {}),
    });
    return { ...row, providerPaymentId: row.providerPaymentId };
  });

  let refundId: string;
  try {
    refundId = await provider.refund(paid.providerPaymentId, refundKey(paid));
  } catch (error) {
    await db.transaction(async (tx) => {
      if (await updatePayment(tx, paid.id, ['refunding'], { status: 'succeeded' })) {
        await auditChange(tx, actor, 'update', 'payment', paid.id, {
          status: { from: 'refunding', to: 'succeeded' },
          refund_failed: messageOf(error),
        });
      }
    });
    throw error instanceof DomainError ? error : providerFailure(paymentTexts.refundFailed);
  }
  await completeRefund(context, paid.id, refundId, actor, request.reason);
}

/**
 * Records a refund the provider made of a payment being refunded: the payment refunded, the appointment moved to
 * refunded (its calendar invite cancelled: one version more), its slot freed if it has not started, the audit
 * entry, the patient's e-mail with the cancelled invite and, when the patient cancelled, the clinic's notice, in one
 * transaction. Done once, whoever finishes it (the request, or the settlement job after a crash: it cannot know
 * who asked, and words it as the clinic's refund).
 */
async function completeRefund(
  context: AppointmentContext,
  paymentId: number,
  refundId: string,
  actor: Actor,
  reason: RefundRequest['reason'],
): Promise<void> {
  const { db, settings } = context;
  const payment = await findPayment(db, paymentId);
  if (payment?.status !== 'refunding') return;
  const record = payment.appointmentId ? await findAppointmentRecord(db, payment.appointmentId) : undefined;
  await db.transaction(async (tx) => {
    // The appointment first, then its payment, then its slot: the module's one order of locks.
    const appointment = payment.appointmentId ? await lockAppointment(tx, payment.appointmentId) : undefined;
    const refunded = await updatePayment(tx, paymentId, ['refunding'], {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
    });
    if (!refunded) return;
    const moved = appointment
      ? await moveAppointment(tx, appointment.id, 'refund', { newInvite: true })
      : undefined;
    const freed = moved?.slotId ? await freeBookedSlot(tx, moved.slotId) : undefined;
    await auditChange(tx, actor, 'update', 'appointment', refunded.appointmentId, {
      status: { from: appointment?.status ?? null, to: moved?.status ?? appointment?.status ?? null },
      payment_id: paymentId,
      refund_id: refundId,
      amount_cents: refunded.amountCents,
      slot_freed: Boolean(freed),
      ...(reason === 'patient' ? { by: 'patient' } : {}),
    });
    if (!record) return;
    const cancelledInvite = moved ? { sequence: moved.calendarSequence } : undefined;
    const email = await refundEmailOf(record, payment, reason, cancelledInvite);
    if (email) await queueEmail(tx, email);
    if (reason === 'patient') {
      const notice = clinicChangeEmailOf(
        record,
        { kind: 'cancelled', refunded: formatEuro(payment.amountCents / 100) },
        settings,
      );
      if (notice) await queueEmail(tx, notice);
    }
  });
}

/** The settlement job's turn at a staff refund a crash cut short: asked again with the same key, then recorded. */
export async function resumeRefund(context: AppointmentContext, payment: Payment): Promise<void> {
  if (!payment.providerPaymentId) return;
  const refundId = await context.provider.refund(payment.providerPaymentId, refundKey(payment));
  await completeRefund(context, payment.id, refundId, systemActor, 'clinic');
}

/**
 * Refunds a payment that succeeded after its appointment lost its time (refund_pending), and tells the patient.
 * Safe to repeat and to run on several instances at once: the provider refunds once for the payment's refund
 * key, and only the instance whose update moves the row out of refund_pending queues the e-mail. A refund the
 * provider cannot make now stays owed: the settlement job asks again.
 */
export async function refundOwedPayment(
  context: AppointmentContext,
  paymentId: number,
): Promise<'refunded' | 'refund_pending'> {
  const { db, provider, log } = context;
  const payment = await findPayment(db, paymentId);
  if (payment?.status !== 'refund_pending' || !payment.providerPaymentId) return 'refund_pending';
  let refundId: string;
  try {
    refundId = await provider.refund(payment.providerPaymentId, refundKey(payment));
  } catch (error) {
    log.warn({ payment: payment.id, err: error }, 'automatic refund failed; the settlement job tries again');
    return 'refund_pending';
  }
  const record = payment.appointmentId ? await findAppointmentRecord(db, payment.appointmentId) : undefined;
  const email = record ? await refundEmailOf(record, payment, 'slot_taken') : undefined;
  await db.transaction(async (tx) => {
    const refunded = await updatePayment(tx, payment.id, ['refund_pending'], {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
    });
    if (!refunded) return;
    await auditChange(tx, systemActor, 'update', 'payment', payment.id, {
      status: { from: 'refund_pending', to: 'refunded' },
      refund_id: refundId,
    });
    if (email) await queueEmail(tx, email);
  });
  return 'refunded';
}
