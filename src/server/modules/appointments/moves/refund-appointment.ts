import { allowsMove, isUpcoming } from '../../../../shared/appointment-states';
import { formatEuro } from '../../../../shared/euro';
import { paymentTexts } from '../../../../shared/payments';
import { DESK_PROVIDER, type Payment, type Refund, type RefundRequester } from '../../../db/schema';
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
import type { ProviderRefund } from '../../payments/payment-provider';
import { lockPayment, movePayment, paymentsOfAppointment } from '../../payments/payment-repository';
import {
  answerRefund,
  countRefundsOf,
  insertRefund,
  unansweredRefundOf,
} from '../../payments/refund-repository';
import { freeBookedSlot } from '../../slots/slot-repository';
import type { AppointmentContext } from '../appointment-context';
import { type AppointmentRecord, lockAppointmentRecord, moveAppointment } from '../appointment-repository';
import { clinicChangeEmailOf, refundEmailOf } from '../emails/appointment-emails';
import { releaseMoveHolds } from '../move-holds';

/** A payment's first refund is asked for with this key, however often: the provider makes it once. */
export const refundKey = (payment: Pick<Payment, 'idempotencyKey'>) => `${payment.idempotencyKey}-refund`;

/** The key of a payment's refund after `earlier` others (the first keeps the key a payment always had). */
const nthRefundKey = (payment: Pick<Payment, 'idempotencyKey'>, earlier: number) =>
  earlier === 0 ? refundKey(payment) : `${refundKey(payment)}-${earlier + 1}`;

/** A refund in progress is left to finish in its own request this long before the settlement job resumes it. */
const REFUND_GRACE_MS = 2 * 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Who asks for a payment's refund, how much, why, and what else must hold. */
export interface RefundRequest {
  actor: Actor;
  /** 'clinic': staff refund it from the back office; 'patient': the patient cancels it from their booking link. */
  by: 'clinic' | 'patient';
  /** Which of the appointment's payments (staff choose it when it has several); none: see `refundedPayments`. */
  paymentId?: number;
  /** Cents to give back; none: all that is left of the payment (of each payment, when none is named). */
  amountCents?: number;
  /** Staff's reason, kept with the refund. */
  reason?: string;
  /** The caller's own rule, checked with the appointment's row locked before its payment is claimed: throws to refuse. */
  check?: (record: AppointmentRecord) => void;
}

const requesterOf = (actor: Actor): RefundRequester =>
  actor.kind === 'admin' ? 'staff' : actor.kind === 'visitor' ? 'patient' : 'system';

const onlyPaid = () =>
  refused(
    'refund_not_allowed',
    paymentTexts.refundOnlySucceeded,
    fieldError('transaction_id', paymentTexts.refundOnlySucceeded),
  );

const left = (payment: Payment) => payment.amountCents - payment.refundedCents;

/**
 * Which of the appointment's payments a refund gives back, and how much of each (decision 0023: an appointment paid at
 * the desk in parts has several; each refund is of one payment, whose method says how the money goes back). `rows` are
 * its payments, newest first. The named payment (`paymentId`; 422 on payment_id when it is not one of them that
 * stands); else with an amount the newest that has that much left; else all that is left of every one (money taken at
 * the desk, each handed back there) or of the one card payment.
 */
function refundedPayments(
  rows: readonly Payment[],
  request: Pick<RefundRequest, 'paymentId' | 'amountCents'>,
): { payment: Payment; amountCents: number }[] {
  const standing = rows.filter((row) => row.status === 'succeeded' && left(row) > 0);
  if (standing.length === 0) throw onlyPaid();
  const ofOne = (payment: Payment, tooLarge: (cents: number) => string) => {
    const amountCents = request.amountCents ?? left(payment);
    if (amountCents > left(payment)) {
      const text = tooLarge(left(payment));
      throw refused('refund_too_large', text, fieldError('amount', text));
    }
    return [{ payment, amountCents }];
  };
  if (request.paymentId !== undefined) {
    const named = standing.find((row) => row.id === request.paymentId);
    if (!named) {
      const text = paymentTexts.paymentNotRefundable;
      throw refused('refund_not_allowed', text, fieldError('payment_id', text));
    }
    return ofOne(named, paymentTexts.refundTooLarge);
  }
  const wanted = request.amountCents;
  if (wanted !== undefined) {
    const enough = standing.find((row) => left(row) >= wanted);
    if (enough) return ofOne(enough, paymentTexts.refundTooLarge);
    const most = Math.max(...standing.map(left));
    const text =
      standing.length === 1 ? paymentTexts.refundTooLarge(most) : paymentTexts.refundTooLargeForOne(most);
    throw refused('refund_too_large', text, fieldError('amount', text));
  }
  if (standing.every((row) => row.provider === DESK_PROVIDER)) {
    return standing.map((payment) => ({ payment, amountCents: left(payment) }));
  }
  const [newest] = standing as [Payment, ...Payment[]];
  return ofOne(newest, paymentTexts.refundTooLarge);
}

/**
 * Gives back money of an appointment, all that is left of it or a part (issue 32), while the appointment is not still
 * being booked (booked, paid, arrived, attended, no-show: one that took place may have a part given back; a cancelled
 * one that kept its payment may give it back later, without a move of its own). Which payment, and how much of it,
 * `refundedPayments` says. Giving back the last of a paid appointment's payment is the appointment's `refund` move
 * (spec section 4: the refund deletes the appointment; or its patient cancels it in time); a part leaves the
 * appointment as it is. Each refund is a row of `refunds`, and a payment's refunded cents their sum.
 *
 * The payments' rows are locked (after the appointment's) while what is left is worked out, so refunds at once never
 * give back more than was paid. Money taken at the desk is handed back there: recorded in that one transaction, no
 * provider asked. A card payment is claimed as refunding with its refund requested (so two clicks refund once, and
 * another refund of it waits: 409), refunded through its provider outside any transaction with the refund's own key,
 * then recorded with the appointment's move, the freed slot, the audit entry and the e-mails in one transaction
 * (`completeRefund`). A refund the provider refuses puts the payment back to succeeded (the refund failed); one it
 * left unanswered too, its refund still requested, to be asked again with the same key and amount; one cut short by
 * a crash is resumed by the settlement job (`resumeRefund`). Answers the refunds as recorded (one, or one a desk
 * payment when all that was left of several went back).
 */
export async function refundAppointment(
  context: AppointmentContext,
  appointmentId: number,
  request: RefundRequest,
): Promise<Refund[]> {
  const { db, provider } = context;
  const { actor } = request;
  const claimed = await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(paymentTexts.appointmentNotFound);
    request.check?.(record);
    const rows = await paymentsOfAppointment(tx, appointmentId);
    if (rows.some((row) => row.status === 'refunding')) {
      throw conflict('refund_in_progress', paymentTexts.refundInProgress);
    }
    // A held appointment is not paid yet. A cancelled one that kept its payment may still give it back, all or part.
    if (record.appointment.status === 'held') throw onlyPaid();
    const chosen = refundedPayments(rows, request);
    // The appointment first, then its payments: the module's one order of locks.
    const locked: { payment: Payment; amountCents: number }[] = [];
    for (const { payment: row, amountCents } of chosen) {
      const payment = await lockPayment(tx, row.id);
      if (payment?.status !== 'succeeded' || amountCents > left(payment)) throw onlyPaid();
      locked.push({ payment, amountCents });
    }
    if (locked.every(({ payment }) => payment.provider === DESK_PROVIDER)) {
      const desk: Refund[] = [];
      for (const { payment, amountCents } of locked)
        desk.push(await refundAtDesk(tx, payment, amountCents, request));
      return { desk };
    }
    const [{ payment, amountCents }] = locked as [(typeof locked)[number]];
    if (payment.provider !== provider.name) {
      throw refused(
        'refund_other_provider',
        `This payment was taken in ${payment.provider} mode; refund it there.`,
      );
    }
    const providerPaymentId = payment.providerPaymentId;
    if (!providerPaymentId) throw onlyPaid();
    // A refund whose call went unanswered may have been made: it is asked again, with its key and amount, first.
    const unanswered = await unansweredRefundOf(tx, payment.id);
    if (unanswered && unanswered.amountCents !== amountCents) {
      throw conflict('refund_unconfirmed', paymentTexts.refundUnconfirmed(unanswered.amountCents));
    }
    const moved = await movePayment(tx, payment.id, 'startRefund', {
      settleAfter: new Date(Date.now() + REFUND_GRACE_MS),
    });
    if (!moved) throw onlyPaid();
    const refund =
      unanswered ??
      (await insertRefund(tx, {
        paymentId: payment.id,
        amountCents,
        reason: request.reason ?? null,
        requestedBy: requesterOf(actor),
        adminUserId: actor.kind === 'admin' ? actor.adminUserId : null,
        status: 'requested',
        idempotencyKey: nthRefundKey(payment, await countRefundsOf(tx, payment.id)),
      }));
    await auditChange(tx, actor, 'update', 'payment', payment.id, {
      status: { from: 'succeeded', to: 'refunding' },
      appointment_id: appointmentId,
      refund: refund.id,
      amount_cents: amountCents,
      ...(request.by === 'patient' ? { by: 'patient' } : {}),
    });
    return { card: { payment: moved, providerPaymentId, refund, rest: amountCents === left(payment) } };
  });
  if (claimed.desk) return claimed.desk;

  const { payment, providerPaymentId, refund, rest } = claimed.card;
  let answer: ProviderRefund;
  try {
    answer = await provider.refund(providerPaymentId, {
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey ?? refundKey(payment),
      rest,
    });
  } catch (error) {
    await keepPayment(context, payment, refund, actor, error);
    throw error instanceof DomainError ? error : providerFailure('refund_failed', paymentTexts.refundFailed);
  }
  return [(await completeRefund(context, payment, refund, answer, actor)) ?? refund];
}

/**
 * Money taken at the desk handed back there (staff give the cash back, or refund it on the card terminal): the refund
 * recorded as made, the payment's refunded cents and, with the last of it, its move to refunded, and the audit entry,
 * in the caller's transaction. Nothing else moves: the appointment is as it was.
 */
async function refundAtDesk(
  tx: AppointmentContext['db'],
  payment: Payment,
  amountCents: number,
  request: RefundRequest,
): Promise<Refund> {
  const now = new Date();
  const refundedCents = payment.refundedCents + amountCents;
  const whole = refundedCents === payment.amountCents;
  const refund = await insertRefund(tx, {
    paymentId: payment.id,
    amountCents,
    reason: request.reason ?? null,
    requestedBy: requesterOf(request.actor),
    adminUserId: request.actor.kind === 'admin' ? request.actor.adminUserId : null,
    status: 'succeeded',
    refundedAt: now,
  });
  const moved = await movePayment(tx, payment.id, whole ? 'refundAtDesk' : 'refundPartAtDesk', {
    refundedCents,
    ...(whole ? { refundedAt: now } : {}),
  });
  if (!moved) throw onlyPaid();
  await auditChange(tx, request.actor, 'update', 'payment', payment.id, {
    ...(whole ? { status: { from: 'succeeded', to: 'refunded' } } : {}),
    appointment_id: payment.appointmentId,
    refund: refund.id,
    method: payment.method,
    amount_cents: amountCents,
    refunded_cents: { from: payment.refundedCents, to: refundedCents },
  });
  return refund;
}

/**
 * The provider did not make the refund: the payment stands as it was (succeeded). A refusal fails the refund; a call
 * left unanswered leaves it requested, to be asked again with the same key (it may have been made).
 */
async function keepPayment(
  context: AppointmentContext,
  payment: Pick<Payment, 'id'>,
  refund: Refund,
  actor: Actor,
  error: unknown,
): Promise<void> {
  const refusedForGood = error instanceof DomainError && error.kind === 'refused';
  await context.db.transaction(async (tx) => {
    if (!(await movePayment(tx, payment.id, 'keep'))) return;
    if (refusedForGood)
      await answerRefund(tx, refund.id, { status: 'failed', failureMessage: messageOf(error) });
    await auditChange(tx, actor, 'update', 'payment', payment.id, {
      status: { from: 'refunding', to: 'succeeded' },
      refund: refund.id,
      refund_failed: messageOf(error),
    });
  });
}

/**
 * Records a refund the provider made of a payment being refunded, once, whoever finishes it (the request, or the
 * settlement job after a crash): the refund made, the payment's refunded cents and its move (the rest stands, or all
 * of it given back), the audit entry and the patient's e-mail, in one transaction. The last of a paid appointment's
 * payment is the appointment's `refund` move too: refunded (its calendar invite cancelled: one version more), its slot
 * freed if it has not started, the times its patient held to move it let go, and when the patient cancelled, the
 * clinic's notice. Answers the refund as recorded, or undefined when it was recorded already.
 */
async function completeRefund(
  context: AppointmentContext,
  payment: Pick<Payment, 'id' | 'appointmentId'>,
  refund: Refund,
  answer: ProviderRefund,
  actor: Actor,
): Promise<Refund | undefined> {
  const { db, settings } = context;
  const by = refund.requestedBy === 'patient' ? 'patient' : 'clinic';
  return db.transaction(async (tx) => {
    // The appointment first, then its payment, then its slot: the module's one order of locks.
    const record = payment.appointmentId ? await lockAppointmentRecord(tx, payment.appointmentId) : undefined;
    const locked = await lockPayment(tx, payment.id);
    const now = new Date();
    const made = await answerRefund(tx, refund.id, {
      status: answer.status,
      providerRefundId: answer.id,
      refundedAt: now,
    });
    if (!made || !locked) return undefined;
    const refundedCents = locked.refundedCents + made.amountCents;
    const whole = refundedCents >= locked.amountCents;
    const paid = await movePayment(tx, payment.id, whole ? 'completeRefund' : 'completePartialRefund', {
      refundedCents,
      ...(whole ? { refundId: answer.id, refundedAt: now } : {}),
    });
    // Not refunding any more, so not this refund's to record: undone, and asked again (the provider made it once).
    if (!paid) throw new Error(`payment ${payment.id} is not being refunded`);
    const before = record?.appointment;
    const cancels = whole && before !== undefined && allowsMove('refund', before.status);
    const moved = cancels ? await moveAppointment(tx, before.id, 'refund', { newInvite: true }) : undefined;
    const freed = moved?.slotId ? await freeBookedSlot(tx, moved.slotId, 'refund') : undefined;
    // A time its patient held to move it to is let go with it.
    const moveHoldsReleased = moved ? await releaseMoveHolds(tx, moved.id) : [];
    const given = { ...paid, amountCents: made.amountCents };
    if (moved) {
      await auditChange(tx, actor, 'update', 'appointment', paid.appointmentId, {
        status: { from: before?.status ?? null, to: moved.status },
        payment_id: payment.id,
        refund: made.id,
        refund_id: answer.id,
        amount_cents: made.amountCents,
        slot_freed: Boolean(freed),
        ...(moveHoldsReleased.length > 0 ? { move_holds_released: moveHoldsReleased } : {}),
        ...(by === 'patient' ? { by: 'patient' } : {}),
      });
    } else {
      await auditChange(tx, actor, 'update', 'payment', payment.id, {
        status: { from: 'refunding', to: paid.status },
        refund: made.id,
        refund_id: answer.id,
        amount_cents: made.amountCents,
        refunded_cents: { from: locked.refundedCents, to: refundedCents },
      });
    }
    if (!record) return made;
    const email = moved
      ? await refundEmailOf(record, given, by, { sequence: moved.calendarSequence })
      : await refundEmailOf(record, given, isUpcoming(record.appointment.status) ? 'part' : 'after');
    if (email) await queueEmail(tx, email);
    if (moved && by === 'patient') {
      const notice = clinicChangeEmailOf(
        record,
        { kind: 'cancelled', refunded: formatEuro(made.amountCents / 100) },
        settings,
      );
      if (notice) await queueEmail(tx, notice);
    }
    return made;
  });
}

/**
 * The settlement job's turn at a refund a crash cut short (its payment refunding): asked again with its key and
 * amount, then recorded. One the provider refuses now fails, and the payment stands.
 */
export async function resumeRefund(context: AppointmentContext, payment: Payment): Promise<void> {
  if (!payment.providerPaymentId) return;
  const refund = await unansweredRefundOf(context.db, payment.id);
  if (!refund) {
    context.log.warn({ payment: payment.id }, 'a payment being refunded has no refund asked; left as it is');
    return;
  }
  let answer: ProviderRefund;
  try {
    answer = await context.provider.refund(payment.providerPaymentId, {
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey ?? refundKey(payment),
      rest: refund.amountCents === payment.amountCents - payment.refundedCents,
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'refused') {
      await keepPayment(context, payment, refund, systemActor, error);
    }
    throw error;
  }
  await completeRefund(context, payment, refund, answer, systemActor);
}
