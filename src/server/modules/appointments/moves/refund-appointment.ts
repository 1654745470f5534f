import { allowsMove } from '../../../../shared/appointment-states';
import { formatEuro } from '../../../../shared/euro';
import { paymentTexts } from '../../../../shared/payments';
import type { Payment } from '../../../db/schema';
import {
  conflict,
  DomainError,
  fieldError,
  notFound,
  providerFailure,
  refused,
} from '../../../domain-errors';
import { type Actor, auditChange, systemActor } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { movePayment, paymentsOfAppointment } from '../../payments/payment-repository';
import { freeBookedSlot } from '../../slots/slot-repository';
import type { AppointmentContext } from '../appointment-context';
import { type AppointmentRecord, lockAppointmentRecord, moveAppointment } from '../appointment-repository';
import { clinicChangeEmailOf, refundEmailOf } from '../emails/appointment-emails';
import { releaseMoveHolds } from '../move-holds';

/** A payment's refund is asked for with this key, however often: the provider refunds it once. */
export const refundKey = (payment: Pick<Payment, 'idempotencyKey'>) => `${payment.idempotencyKey}-refund`;

/** A refund in progress is left to finish in its own request this long before the settlement job resumes it. */
const REFUND_GRACE_MS = 2 * 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Who asks for a paid appointment's refund, why (the patient's e-mail says it), and what else must hold. */
export interface RefundRequest {
  actor: Actor;
  /** 'clinic': staff refund it from the back office; 'patient': the patient cancels it from their booking link. */
  reason: 'clinic' | 'patient';
  /** The caller's own rule, checked with the appointment's row locked before its payment is claimed: throws to refuse. */
  check?: (record: AppointmentRecord) => void;
}

/**
 * The `refund` move: a paid appointment's payment given back in full, from the back office (spec section 4: the
 * refund deletes the appointment) or by its patient cancelling in time. The payment is claimed as refunding first
 * (so two clicks refund once) with its audit entry, refunded through its provider outside any transaction with the
 * payment's own refund key, then recorded with the appointment's move, the freed slot, the audit entry and the
 * e-mails in one transaction (`completeRefund`). A refund the provider refuses puts the payment back to succeeded;
 * one cut short by a crash is resumed by the settlement job (`resumeRefund`).
 */
export async function refundAppointment(
  context: AppointmentContext,
  appointmentId: number,
  request: RefundRequest,
): Promise<void> {
  const { db, provider } = context;
  const { actor } = request;
  const onlyPaid = () =>
    refused(
      'refund_not_allowed',
      paymentTexts.refundOnlySucceeded,
      fieldError('transaction_id', paymentTexts.refundOnlySucceeded),
    );
  const paid = await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(paymentTexts.appointmentNotFound);
    request.check?.(record);
    const { appointment } = record;
    const payments = await paymentsOfAppointment(tx, appointmentId);
    if (payments.some((row) => row.status === 'refunding')) {
      throw conflict('refund_in_progress', paymentTexts.refundInProgress);
    }
    const succeeded = payments.find((row) => row.status === 'succeeded');
    if (!allowsMove('refund', appointment.status) || !succeeded?.providerPaymentId) throw onlyPaid();
    if (succeeded.provider !== provider.name) {
      throw refused(
        'refund_other_provider',
        `This payment was taken in ${succeeded.provider} mode; refund it there.`,
      );
    }
    const row = await movePayment(tx, succeeded.id, 'startRefund', {
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
      if (await movePayment(tx, paid.id, 'keep')) {
        await auditChange(tx, actor, 'update', 'payment', paid.id, {
          status: { from: 'refunding', to: 'succeeded' },
          refund_failed: messageOf(error),
        });
      }
    });
    throw error instanceof DomainError ? error : providerFailure('refund_failed', paymentTexts.refundFailed);
  }
  await completeRefund(context, paid, refundId, actor, request.reason);
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
  payment: Pick<Payment, 'id' | 'appointmentId'>,
  refundId: string,
  actor: Actor,
  reason: RefundRequest['reason'],
): Promise<void> {
  const { db, settings } = context;
  await db.transaction(async (tx) => {
    // The appointment first, then its payment, then its slot: the module's one order of locks.
    const record = payment.appointmentId ? await lockAppointmentRecord(tx, payment.appointmentId) : undefined;
    const refunded = await movePayment(tx, payment.id, 'completeRefund', {
      refundId,
      refundedAt: new Date(),
    });
    if (!refunded) return;
    const before = record?.appointment;
    const moved = before ? await moveAppointment(tx, before.id, 'refund', { newInvite: true }) : undefined;
    const freed = moved?.slotId ? await freeBookedSlot(tx, moved.slotId) : undefined;
    // A time its patient held to move it to is let go with it.
    const moveHoldsReleased = moved ? await releaseMoveHolds(tx, moved.id) : [];
    await auditChange(tx, actor, 'update', 'appointment', refunded.appointmentId, {
      status: { from: before?.status ?? null, to: moved?.status ?? before?.status ?? null },
      payment_id: payment.id,
      refund_id: refundId,
      amount_cents: refunded.amountCents,
      slot_freed: Boolean(freed),
      ...(moveHoldsReleased.length > 0 ? { move_holds_released: moveHoldsReleased } : {}),
      ...(reason === 'patient' ? { by: 'patient' } : {}),
    });
    if (!record) return;
    const cancelledInvite = moved ? { sequence: moved.calendarSequence } : undefined;
    const email = await refundEmailOf(record, refunded, reason, cancelledInvite);
    if (email) await queueEmail(tx, email);
    if (reason === 'patient') {
      const notice = clinicChangeEmailOf(
        record,
        { kind: 'cancelled', refunded: formatEuro(refunded.amountCents / 100) },
        settings,
      );
      if (notice) await queueEmail(tx, notice);
    }
  });
}

/** The settlement job's turn at a refund a crash cut short: asked again with the same key, then recorded. */
export async function resumeRefund(context: AppointmentContext, payment: Payment): Promise<void> {
  if (!payment.providerPaymentId) return;
  const refundId = await context.provider.refund(payment.providerPaymentId, refundKey(payment));
  await completeRefund(context, payment, refundId, systemActor, 'clinic');
}
