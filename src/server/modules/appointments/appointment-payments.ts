import { randomUUID } from 'node:crypto';
import { allowsMove, isEnded } from '../../../shared/appointment-states';
import { bookingTexts } from '../../../shared/booking';
import { allowsPaymentMove, isInProgress, paymentStart } from '../../../shared/payment-states';
import {
  type PaymentResponse,
  type PaymentRequest as PayRequest,
  paymentTexts,
} from '../../../shared/payments';
import { slotTexts } from '../../../shared/slots';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../db/database-errors';
import type { Appointment, Payment } from '../../db/schema';
import { conflict, DomainError, declined, forbidden, notFound, providerFailure } from '../../domain-errors';
import { type Actor, auditChange, systemActor } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { findPatient } from '../patients/patient-repository';
import type { PaymentRequest, ProviderPayment, ProviderRefund } from '../payments/payment-provider';
import {
  claimInterruptedPayment,
  claimUnsettledPayments,
  findPayment,
  findPaymentByProviderId,
  insertPayment,
  lockPayment,
  movePayment,
  paymentsOfAppointment,
  recordPaymentEvent,
  setProviderPaymentId,
} from '../payments/payment-repository';
import { insertRefund } from '../payments/refund-repository';
import type { PaymentEvent } from '../payments/stripe-webhook';
import { extendHold, releaseHolds } from '../slots/slot-repository';
import type { AppointmentContext } from './appointment-context';
import {
  findAppointmentByAccessToken,
  findAppointmentRecord,
  lockAppointment,
} from './appointment-repository';
import { readVisitorAppointment } from './appointment-visitor-service';
import { paidAppointmentEmails, refundEmailOf } from './emails/appointment-emails';
import { manageLinkUrl, newManageLink } from './manage-links';
import { loseAppointment, payAppointment } from './moves/pay-appointment';
import { refundKey, resumeRefund } from './moves/refund-appointment';

/** A payment is left to its webhook (and the browser's own check) this long before the settlement job asks. */
export const PAYMENT_SETTLEMENT_GRACE_MS = 2 * 60_000;
/** The browser's check asks the provider about a payment at most this often. */
export const PROVIDER_RECHECK_MS = 5_000;
/** A 3-D Secure check not finished within this is given up: the payment is cancelled at the provider. */
const UNFINISHED_CHECK_MS = 60 * 60_000;
/** Payments the settlement job asks about in one run. */
const SETTLEMENT_BATCH = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
const after = (ms: number) => new Date(Date.now() + ms);

/** The provider's request for a payment, from its row alone: a crash can send it again, the same to the letter. */
const providerRequestOf = (payment: Payment): PaymentRequest => ({
  amountCents: payment.amountCents,
  currency: 'eur',
  idempotencyKey: payment.idempotencyKey,
  customerEmail: payment.customerEmail ?? undefined,
  description: `Appointment ${payment.appointmentId}`,
  metadata: { payment_id: String(payment.id), appointment_id: String(payment.appointmentId) },
});

/** A payment whose last call to the provider failed without an answer: the patient's next try continues it. */
const isInterrupted = (row: Payment) =>
  allowsPaymentMove('resume', row.status) && row.failureMessage !== null;

/** Why an appointment cannot be paid now (`earlier`: its payments, an interrupted one left out). */
function whyNotPayable(appointment: Appointment, earlier: readonly Payment[]): DomainError | undefined {
  if (isEnded(appointment.status)) {
    const refunded = earlier.some((row) => row.status === 'refunded' || row.status === 'refund_pending');
    return conflict('booking_cancelled', refunded ? paymentTexts.cancelled : paymentTexts.cancelledUnpaid);
  }
  if (!allowsMove('pay', appointment.status)) return conflict('already_paid', paymentTexts.alreadyPaid);
  if (earlier.some((row) => isInProgress(row.status))) {
    return conflict('payment_in_progress', paymentTexts.inProgress);
  }
  return undefined;
}

/**
 * A call to the provider for a payment failed. A declined card or an unusable payment method fails the payment
 * (the patient tries another card, as a new payment). Anything else (no answer in time, the provider's own error)
 * leaves it unknown whether the card was charged: the payment stays processing with the failure noted, so the
 * patient's next try continues it with the same keys, and after PAYMENT_SETTLEMENT_GRACE_MS without one the
 * settlement job asks the provider.
 */
async function recordCallFailure(db: AppointmentContext['db'], paymentId: number, error: unknown) {
  const definite = error instanceof DomainError && (error.kind === 'declined' || error.kind === 'refused');
  if (definite) await movePayment(db, paymentId, 'decline', { failureMessage: messageOf(error) });
  else {
    await movePayment(db, paymentId, 'interrupt', {
      failureMessage: messageOf(error),
      settleAfter: after(PAYMENT_SETTLEMENT_GRACE_MS),
    });
  }
}

/**
 * Pays a booking by card. The access token must be the patient's booking's; the amount is the slot's price from
 * the database. The hold is extended and the payment recorded as processing in one transaction, with an
 * idempotency key of its own; then the provider creates the payment (its id is stored before the card is
 * charged) and charges the card. What the provider answers is applied by `settlePayment`: the appointment is
 * paid only if the provider says the payment succeeded. Should the server stop in the middle, the settlement
 * job finishes the payment from what the provider knows of it.
 *
 * A try after one the provider left unanswered (a timeout, its own error) continues that payment rather than
 * starting another: the same payment at the provider, its keys, and the provider asked first whether the card was
 * charged, so a card is charged once however often the patient tries. The confirm's key names the card too: the
 * same card sent again gets the provider's first answer, another card is a charge of its own, which the provider
 * refuses once the payment has succeeded.
 */
export async function payByCard(
  context: AppointmentContext,
  request: PayRequest,
  accessTokenHash: string | undefined,
  actor: Actor,
): Promise<PaymentResponse> {
  const { db, provider, settings } = context;
  const owner = accessTokenHash ? await findAppointmentByAccessToken(db, accessTokenHash) : undefined;
  if (!owner) throw notFound(paymentTexts.bookingNotFound);
  if (owner.patientId !== request.patient_id)
    throw forbidden('booking_token_mismatch', paymentTexts.wrongPatient);
  const customerEmail = request.customer_email ?? (await findPatient(db, request.patient_id))?.email ?? null;

  const { payment, resumed } = await db
    .transaction(async (tx) => {
      const appointment = await lockAppointment(tx, owner.id);
      if (!appointment) throw notFound(paymentTexts.bookingNotFound);
      const earlier = await paymentsOfAppointment(tx, appointment.id);
      const interrupted = earlier.find(isInterrupted);
      const refusal = whyNotPayable(
        appointment,
        earlier.filter((row) => row !== interrupted),
      );
      if (refusal) throw refusal;
      // Only while the booking's own hold lasts: a slot released meanwhile may have been changed by staff
      // (time, kind, price) or taken, so the visitor chooses again. The payment extends the hold.
      const slot =
        appointment.slotId && appointment.holdTokenHash
          ? await extendHold(tx, appointment.slotId, appointment.holdTokenHash, settings.holdMinutes)
          : undefined;
      if (!slot) throw conflict('hold_missing', bookingTexts.holdMissing);
      if (interrupted) {
        const claimed = await claimInterruptedPayment(tx, interrupted.id, PAYMENT_SETTLEMENT_GRACE_MS);
        // The settlement job took it over a moment ago: it settles it.
        if (!claimed) throw conflict('payment_in_progress', paymentTexts.inProgress);
        return { payment: claimed, resumed: true };
      }
      const inserted = await insertPayment(tx, {
        appointmentId: appointment.id,
        provider: provider.name,
        idempotencyKey: `pay_${randomUUID()}`,
        amountCents: slot.priceCents,
        currency: 'eur',
        status: paymentStart,
        customerEmail,
        settleAfter: after(PAYMENT_SETTLEMENT_GRACE_MS),
      });
      return { payment: inserted, resumed: false };
    })
    .catch((error: unknown) => {
      // The one-live-payment-per-appointment index refused a second payment.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION)
        throw conflict('payment_in_progress', paymentTexts.inProgress);
      throw error;
    });

  let providerPaymentId = payment.providerPaymentId;
  if (!providerPaymentId) {
    try {
      providerPaymentId = (await provider.create(providerRequestOf(payment))).id;
    } catch (error) {
      // Nothing was charged (a payment the provider may have made is never confirmed): the visitor may try again
      // at once, as a new payment. Not with this key, for which Stripe would answer its own 500 again for a day.
      await movePayment(db, payment.id, 'decline', { failureMessage: messageOf(error) });
      throw error;
    }
    await setProviderPaymentId(db, payment.id, providerPaymentId);
  }
  let charged: ProviderPayment | undefined;
  if (resumed) {
    // The try that was cut short may have charged the card: the provider says before it is charged again.
    try {
      const word = await provider.retrieve(providerPaymentId);
      if (word && word.status !== 'requires_confirmation') charged = word;
    } catch (error) {
      await recordCallFailure(db, payment.id, error);
      throw error;
    }
  }
  if (!charged) {
    try {
      charged = await provider.confirm(
        providerPaymentId,
        request.token,
        `${payment.idempotencyKey}-confirm-${request.token}`,
      );
    } catch (error) {
      await recordCallFailure(db, payment.id, error);
      throw error;
    }
  }
  await settlePayment(context, payment.id, charged, { actor });
  // The payment as it is now, whoever settled it (this request, or a webhook that came first).
  const settled = await findPayment(db, payment.id);
  switch (settled?.status) {
    case 'refund_pending':
    case 'refunded':
      throw conflict('slot_taken', slotTexts.taken);
    case 'failed':
      // Failed though the provider said it succeeded: it answered for another amount or currency (staff see
      // why, and nothing was booked); the patient is told the payment could not be taken.
      throw charged.status === 'succeeded'
        ? providerFailure('provider_unavailable', paymentTexts.providerDown)
        : declined('card_declined', settled.failureMessage ?? paymentTexts.declined);
    default:
      return {
        payment_intent_client_secret: charged.clientSecret,
        ...(settled?.status === 'requires_action' ? { requires_action: true } : {}),
        status: settled?.status ?? charged.status,
      };
  }
}

export type SettlementOutcome =
  | 'booked'
  | 'refunded'
  | 'refund_pending'
  | 'amount_mismatch'
  | 'failed'
  | 'pending'
  | 'already_settled'
  | 'duplicate_event';

/**
 * Applies what the provider says of a payment, once (the one place its word is read). A payment that succeeded
 * books its held appointment: the payment, the appointment's move to paid, the slot, the audit entry and the
 * e-mails in ONE transaction. If the appointment lost its time meanwhile (or was paid already, or is gone), the
 * payment is owed back: it is refunded at once (and by the settlement job if the provider cannot be reached),
 * and the patient told. `event` (a webhook's) is recorded in the same transaction, so a replayed event changes
 * nothing.
 */
async function settlePayment(
  context: AppointmentContext,
  paymentId: number,
  word: ProviderPayment,
  options: { actor: Actor; event?: Pick<PaymentEvent, 'id' | 'type'> },
): Promise<SettlementOutcome> {
  const { db, settings } = context;
  const { actor, event } = options;
  const current = await findPayment(db, paymentId);
  const record =
    word.status === 'succeeded' && current?.appointmentId
      ? await findAppointmentRecord(db, current.appointmentId)
      : undefined;
  const paidAt = new Date();
  // The patient's booking link goes out in the confirmation made here; the appointment keeps it once booked.
  const link = record ? newManageLink(record.appointment.id) : undefined;
  const emails =
    record && current
      ? await paidAppointmentEmails(
          record,
          { ...current, providerPaymentId: word.id, paidAt },
          settings,
          link && manageLinkUrl(settings.publicUrl, link),
        )
      : async () => [];

  const outcome = await db.transaction(async (tx): Promise<SettlementOutcome> => {
    if (event && !(await recordPaymentEvent(tx, event.id, event.type))) return 'duplicate_event';
    // The appointment first, then its payment, then its slot: the module's one order of locks.
    const appointment = current?.appointmentId ? await lockAppointment(tx, current.appointmentId) : undefined;
    const row = await lockPayment(tx, paymentId);
    // Settled already (succeeded, owed back, refunded) unless the provider's word can still move it.
    if (!row || !allowsPaymentMove('succeed', row.status)) return 'already_settled';
    const providerPaymentId = word.id;
    if (word.status === 'failed') {
      await movePayment(tx, row.id, 'fail', {
        providerPaymentId,
        failureMessage: word.failureMessage ?? null,
      });
      return 'failed';
    }
    if (word.status !== 'succeeded') {
      await movePayment(tx, row.id, word.status === 'requires_action' ? 'requireAction' : 'pend', {
        providerPaymentId,
        settleAfter: after(PAYMENT_SETTLEMENT_GRACE_MS),
      });
      return 'pending';
    }
    // Never book for a payment of another amount or currency than the one asked for; staff see why.
    if (word.amountCents !== row.amountCents || word.currency !== row.currency) {
      await movePayment(tx, row.id, 'fail', {
        providerPaymentId,
        failureMessage: paymentTexts.amountMismatch,
      });
      return 'amount_mismatch';
    }
    if (appointment && (await payAppointment(tx, appointment, row, { actor, link, paidAt, emails }))) {
      await movePayment(tx, row.id, 'succeed', { providerPaymentId, paidAt });
      return 'booked';
    }
    // The appointment lost its time meanwhile (or was paid by another payment, or is gone): owed back.
    await movePayment(tx, row.id, 'owe', { providerPaymentId, paidAt, settleAfter: new Date() });
    if (appointment) await loseAppointment(tx, appointment, row, actor);
    return 'refund_pending';
  });
  return outcome === 'refund_pending' ? refundOwedPayment(context, paymentId) : outcome;
}

/**
 * After the browser's 3-D Secure check: the booking's payments in progress are asked about at the provider
 * (each at most every PROVIDER_RECHECK_MS, so calling in a loop cannot flood it) and settled; answers the booking.
 */
export async function checkAppointmentPayment(
  context: AppointmentContext,
  patientId: number,
  accessTokenHash: string | undefined,
  actor: Actor,
) {
  const { db, provider } = context;
  const appointment = accessTokenHash ? await findAppointmentByAccessToken(db, accessTokenHash) : undefined;
  if (!appointment || appointment.patientId !== patientId) throw notFound(bookingTexts.notFound);
  const recheckedBefore = Date.now() - PROVIDER_RECHECK_MS;
  for (const row of await paymentsOfAppointment(db, appointment.id)) {
    if (!isInProgress(row.status) || !row.providerPaymentId) continue;
    if (row.updatedAt.getTime() > recheckedBefore) continue;
    const word = await provider.retrieve(row.providerPaymentId);
    if (word && word.status !== 'requires_confirmation')
      await settlePayment(context, row.id, word, { actor });
    else await movePayment(db, row.id, 'recheck');
  }
  return readVisitorAppointment(db, patientId, accessTokenHash);
}

/**
 * A provider's event (a signed webhook): applied only to the payment whose provider id it names; an event for a
 * payment this site does not know, or of another kind, is recorded and changes nothing.
 */
export async function applyPaymentEvent(context: AppointmentContext, event: PaymentEvent): Promise<void> {
  const { db, log } = context;
  const row = event.payment ? await findPaymentByProviderId(db, event.payment.id) : undefined;
  if (!event.payment || !row) {
    await recordPaymentEvent(db, event.id, event.type);
    return;
  }
  const outcome = await settlePayment(context, row.id, event.payment, { actor: systemActor, event });
  if (outcome === 'amount_mismatch') {
    log.error({ payment: row.id, event: event.id }, 'webhook payment amount or currency differs');
  }
}

/**
 * A payment the provider never charged (it does not know it, or it was created and never confirmed, or a 3-D
 * Secure check was left unfinished): cancelled at the provider, failed here, and its booking's hold released,
 * so the time is offered again and the booking can be paid afresh or cleaned up.
 */
async function abandonUncharged(context: AppointmentContext, payment: Payment, providerPaymentId?: string) {
  const { db, provider } = context;
  if (providerPaymentId) await provider.cancel(providerPaymentId);
  const record = payment.appointmentId ? await findAppointmentRecord(db, payment.appointmentId) : undefined;
  await db.transaction(async (tx) => {
    const failed = await movePayment(tx, payment.id, 'abandon', {
      failureMessage: paymentTexts.neverCharged,
    });
    if (!failed) return;
    const { appointment } = record ?? {};
    const released =
      appointment && allowsMove('pay', appointment.status) && appointment.slotId && appointment.holdTokenHash
        ? await releaseHolds(tx, appointment.holdTokenHash, { id: appointment.slotId })
        : [];
    await auditChange(tx, systemActor, 'update', 'payment', payment.id, {
      status: { from: payment.status, to: 'failed' },
      reason: 'never charged',
      hold_released: released.length > 0,
    });
  });
}

/**
 * Refunds a payment that succeeded after its appointment lost its time (refund_pending), and tells the patient.
 * Safe to repeat and to run on several instances at once: the provider refunds once for the payment's refund
 * key, and only the instance whose move takes the row out of refund_pending queues the e-mail. A refund the
 * provider cannot make now stays owed: the settlement job asks again.
 */
async function refundOwedPayment(
  context: AppointmentContext,
  paymentId: number,
): Promise<'refunded' | 'refund_pending'> {
  const { db, provider, log } = context;
  const payment = await findPayment(db, paymentId);
  if (!payment?.providerPaymentId || !allowsPaymentMove('refundOwed', payment.status))
    return 'refund_pending';
  let answer: ProviderRefund;
  try {
    answer = await provider.refund(payment.providerPaymentId, {
      amountCents: payment.amountCents,
      idempotencyKey: refundKey(payment),
      rest: true,
    });
  } catch (error) {
    log.warn({ payment: payment.id, err: error }, 'automatic refund failed; the settlement job tries again');
    return 'refund_pending';
  }
  const record = payment.appointmentId ? await findAppointmentRecord(db, payment.appointmentId) : undefined;
  const email = record ? await refundEmailOf(record, payment, 'slot_taken') : undefined;
  await db.transaction(async (tx) => {
    const refundedAt = new Date();
    const refunded = await movePayment(tx, payment.id, 'refundOwed', {
      refundId: answer.id,
      refundedAt,
      refundedCents: payment.amountCents,
    });
    if (!refunded) return;
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      requestedBy: 'system',
      status: answer.status,
      idempotencyKey: refundKey(payment),
      providerRefundId: answer.id,
      refundedAt,
    });
    await auditChange(tx, systemActor, 'update', 'payment', payment.id, {
      status: { from: 'refund_pending', to: 'refunded' },
      refund: refund.id,
      refund_id: answer.id,
    });
    if (email) await queueEmail(tx, email);
  });
  return 'refunded';
}

/** One unsettled payment, from what its provider knows of it. */
async function settleFromProvider(context: AppointmentContext, payment: Payment, now: Date): Promise<void> {
  const { db, provider } = context;
  if (payment.status === 'refund_pending') {
    await refundOwedPayment(context, payment.id);
    return;
  }
  if (payment.status === 'refunding') {
    await resumeRefund(context, payment);
    return;
  }
  let providerPaymentId = payment.providerPaymentId;
  if (!providerPaymentId) {
    // The server stopped between recording the payment and the provider's answer: the same request with the same
    // key answers the payment the provider made then, or makes one now, never charged either way.
    providerPaymentId = (await provider.create(providerRequestOf(payment))).id;
    await setProviderPaymentId(db, payment.id, providerPaymentId);
  }
  const word = await provider.retrieve(providerPaymentId);
  const unfinished =
    word?.status === 'requires_action' && now.getTime() - payment.createdAt.getTime() > UNFINISHED_CHECK_MS;
  if (!word || word.status === 'requires_confirmation' || unfinished) {
    await abandonUncharged(context, payment, word?.id);
    return;
  }
  await settlePayment(context, payment.id, word, { actor: systemActor });
}

/**
 * The payment settlement job's run: the payments whose turn has come (a webhook that never came, a browser that
 * went away, a server stopped in the middle of a payment or a refund, an automatic refund that failed) are
 * settled from their provider, a few at a time; one the provider cannot settle now waits longer each time and
 * never keeps the others waiting. Answers the payments it looked at.
 */
export async function settlePayments(context: AppointmentContext, now = new Date()): Promise<number[]> {
  const { db, provider, log } = context;
  const due = await claimUnsettledPayments(db, provider.name, SETTLEMENT_BATCH, now);
  for (const payment of due) {
    try {
      await settleFromProvider(context, payment, now);
    } catch (error) {
      log.warn(
        { payment: payment.id, status: payment.status, err: error },
        'payment not settled; the settlement job asks again later',
      );
    }
  }
  return due.map((payment) => payment.id);
}
