import { bookingTexts } from '../../../shared/booking';
import { type PaymentRequest, type PaymentResponse, paymentTexts } from '../../../shared/payments';
import { slotTexts } from '../../../shared/slots';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { databaseErrorCode, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../../db/database-errors';
import type { Patient, Transaction } from '../../db/schema';
import { HttpError } from '../../http/http-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { findPatientByToken, findPatientRow } from '../bookings/booking-repository';
import { queueEmail } from '../email/outbox-repository';
import { bookSession, extendHold, findSessionRow, freeBookedSession } from '../slots/slot-repository';
import { bookingConfirmationEmail } from './emails/booking-confirmation-email';
import { type BookingDetails, bookingDetails } from './emails/booking-details';
import { calendarInvite } from './emails/calendar-invite';
import { clinicBookingEmail } from './emails/clinic-booking-email';
import { receiptPdf } from './emails/receipt-pdf';
import { refundEmail } from './emails/refund-email';
import type { PaymentProvider, ProviderPayment } from './payment-provider';
import {
  findTransactionRow,
  insertTransaction,
  lockTransactionRow,
  otherLivePayment,
  recordPaymentEvent,
  staleTransactions,
  transactionsOfPatient,
  updateTransaction,
} from './payment-repository';

type Settings = Pick<AppConfig, 'holdMinutes' | 'publicUrl' | 'clinicEmail'>;

/** States from which the provider's word can still settle a payment. */
const OPEN = ['processing', 'requires_action', 'requires_payment', 'failed'] as const;

/** Why a booking cannot be paid now, from its earlier payments. */
function refusal(earlier: Transaction[]): HttpError | undefined {
  if (earlier.some((row) => row.status === 'succeeded' || row.status === 'refunding')) {
    return new HttpError(409, paymentTexts.alreadyPaid);
  }
  if (earlier.some((row) => row.status === 'refunded' || row.status === 'refund_pending')) {
    return new HttpError(409, paymentTexts.cancelled);
  }
  if (earlier.some((row) => row.status === 'processing' || row.status === 'requires_action')) {
    return new HttpError(409, paymentTexts.inProgress);
  }
  return undefined;
}

/**
 * Pays a booking. The booking token must be the patient's; the amount is the slot's price from the
 * database. The hold is extended (or taken back, if it lapsed and nobody took the time) and the payment
 * recorded as processing in one transaction, before the provider is called with an idempotency key of its
 * own; the booking is marked paid only if the provider says the payment succeeded.
 */
export async function payForBooking(
  db: Db,
  provider: PaymentProvider,
  settings: Settings,
  request: PaymentRequest,
  bookingTokenHash: string | undefined,
): Promise<PaymentResponse> {
  const owner = bookingTokenHash ? await findPatientByToken(db, bookingTokenHash) : undefined;
  if (!owner) throw new HttpError(404, paymentTexts.bookingNotFound);
  if (owner.id !== request.patient_id) throw new HttpError(403, paymentTexts.wrongPatient);
  const patient = owner;
  if (!patient.sessionId) throw new HttpError(409, slotTexts.taken);

  const transaction = await db
    .transaction(async (tx) => {
      const earlier = await transactionsOfPatient(tx, patient.id);
      const refused = refusal(earlier);
      if (refused) throw refused;
      // Only while the booking's own hold lasts: a slot released meanwhile may have been changed by staff
      // (time, kind, price) or taken, so the visitor chooses again. The payment extends the hold.
      const session = patient.holdTokenHash
        ? await extendHold(tx, patient.sessionId ?? 0, patient.holdTokenHash, settings.holdMinutes)
        : undefined;
      if (!session) throw new HttpError(409, bookingTexts.holdMissing);
      return insertTransaction(tx, {
        patientId: patient.id,
        sessionId: session.id,
        provider: provider.name,
        idempotencyKey: `booking-${patient.id}-attempt-${earlier.length + 1}`,
        amountCents: session.priceCents,
        currency: 'eur',
        status: 'processing',
        customerEmail: request.customer_email ?? patient.email,
      });
    })
    .catch((error: unknown) => {
      // The one-live-payment-per-booking index refused a second payment.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, paymentTexts.inProgress);
      // The booking was replaced by a new submission of its form while this payment started.
      if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION)
        throw new HttpError(404, paymentTexts.bookingNotFound);
      throw error;
    });

  let payment: ProviderPayment;
  try {
    payment = await provider.charge({
      amountCents: transaction.amountCents ?? 0,
      currency: 'eur',
      paymentMethod: request.token,
      idempotencyKey: transaction.idempotencyKey ?? `transaction-${transaction.id}`,
      customerEmail: transaction.customerEmail ?? undefined,
      description: `Booking ${patient.id}`,
      metadata: { transaction_row_id: String(transaction.id), patient_id: String(patient.id) },
    });
  } catch (error) {
    // Declined, unusable or unreachable: the payment is failed here. Should the provider have taken it after
    // all, its webhook settles it (a failed payment can still succeed).
    await updateTransaction(db, transaction.id, ['processing'], {
      status: 'failed',
      failureMessage: error instanceof Error ? error.message.slice(0, 500) : 'unknown',
    });
    throw error;
  }
  const outcome = await applyProviderPayment(db, provider, settings, transaction.id, payment);
  if (outcome === 'refunded' || outcome === 'refund_pending') throw new HttpError(409, slotTexts.taken);
  if (outcome === 'failed') throw new HttpError(402, payment.failureMessage ?? paymentTexts.declined);
  if (outcome === 'amount_mismatch') throw new HttpError(502, paymentTexts.providerDown);
  return {
    payment_intent_client_secret: payment.clientSecret,
    ...(payment.status === 'requires_action' ? { requires_action: true } : {}),
    status: payment.status,
  };
}

export type PaymentOutcome =
  | 'booked'
  | 'refunded'
  | 'refund_pending'
  | 'amount_mismatch'
  | 'failed'
  | 'pending'
  | 'already_settled'
  | 'duplicate_event';

async function loadBooking(db: Db, transaction: Transaction) {
  const patient = transaction.patientId ? await findPatientRow(db, transaction.patientId) : undefined;
  const session = transaction.sessionId ? await findSessionRow(db, transaction.sessionId) : undefined;
  return { patient, session };
}

/** The patient's booking e-mails; the PDF and the invite are made before the transaction opens. */
async function confirmationEmails(details: BookingDetails, patient: Patient, settings: Settings) {
  const [invite, receipt] = await Promise.all([calendarInvite(details), receiptPdf(details)]);
  const confirmation = bookingConfirmationEmail(details);
  return {
    patient: patient.email
      ? { to: patient.email, ...confirmation, attachments: [invite, receipt] }
      : undefined,
    clinic: { to: settings.clinicEmail, ...clinicBookingEmail(details, settings.publicUrl) },
  };
}

/**
 * Applies what the provider says of a payment, once: a succeeded payment is recorded and its slot booked in
 * ONE database transaction with the e-mails; if the slot was lost meanwhile (or the booking was already paid),
 * the payment is refunded automatically and the patient told. `eventId` (a webhook's) is recorded in the same
 * transaction, so a replayed event changes nothing.
 */
export async function applyProviderPayment(
  db: Db,
  provider: PaymentProvider,
  settings: Settings,
  transactionRowId: number,
  payment: ProviderPayment,
  event?: { id: string; type: string },
): Promise<PaymentOutcome> {
  const current = await findTransactionRow(db, transactionRowId);
  if (!current) {
    if (event) await recordPaymentEvent(db, event.id, event.type);
    return 'already_settled';
  }
  const { patient, session } = await loadBooking(db, current);
  const paidAt = new Date();
  const details =
    payment.status === 'succeeded' && patient && session
      ? bookingDetails(patient, session, current, payment.id, paidAt)
      : undefined;
  const emails = details && patient ? await confirmationEmails(details, patient, settings) : undefined;

  const outcome = await db.transaction(async (tx): Promise<PaymentOutcome> => {
    if (event && !(await recordPaymentEvent(tx, event.id, event.type))) return 'duplicate_event';
    const row = await lockTransactionRow(tx, transactionRowId);
    if (!row || !(OPEN as readonly string[]).includes(row.status)) return 'already_settled';
    if (payment.status === 'failed') {
      await updateTransaction(tx, row.id, OPEN, {
        status: 'failed',
        transactionId: payment.id,
        failureMessage: payment.failureMessage ?? null,
      });
      return 'failed';
    }
    if (payment.status !== 'succeeded') {
      await updateTransaction(tx, row.id, OPEN, { status: payment.status, transactionId: payment.id });
      return 'pending';
    }
    // Never book for a payment of another amount or currency than the one asked for; staff see why.
    if (payment.amountCents !== row.amountCents || payment.currency !== row.currency) {
      await updateTransaction(tx, row.id, OPEN, {
        status: 'failed',
        transactionId: payment.id,
        failureMessage: paymentTexts.amountMismatch,
      });
      return 'amount_mismatch';
    }
    const doubled = row.patientId ? await otherLivePayment(tx, row.patientId, row.id) : false;
    // A booking deleted meanwhile (replaced, or abandoned and cleaned up) has nobody to book for: refunded.
    const booked =
      !doubled && row.sessionId && patient
        ? await bookSession(tx, row.sessionId, patient.holdTokenHash ?? null)
        : undefined;
    if (!booked) {
      await updateTransaction(tx, row.id, OPEN, {
        status: 'refund_pending',
        transactionId: payment.id,
        paidAt,
      });
      return 'refund_pending';
    }
    await updateTransaction(tx, row.id, OPEN, { status: 'succeeded', transactionId: payment.id, paidAt });
    if (emails?.patient) await queueEmail(tx, emails.patient);
    if (emails) await queueEmail(tx, emails.clinic);
    return 'booked';
  });
  if (outcome !== 'refund_pending') return outcome;
  return refundLostBooking(db, provider, transactionRowId);
}

/**
 * Refunds a payment that succeeded after its slot was lost, and tells the patient. Safe to repeat and to
 * run on several instances at once: the provider's idempotency key refunds once, and only the instance whose
 * update moves the row out of refund_pending queues the e-mail.
 */
async function refundLostBooking(
  db: Db,
  provider: PaymentProvider,
  transactionRowId: number,
): Promise<PaymentOutcome> {
  const row = await findTransactionRow(db, transactionRowId);
  if (!row?.transactionId || row.status !== 'refund_pending') return 'refund_pending';
  let refundId: string;
  try {
    refundId = await provider.refund(row.transactionId, `refund-transaction-${row.id}`);
  } catch {
    // Stays refund_pending: the payment settlement job tries again, and staff see it in the list meanwhile.
    return 'refund_pending';
  }
  const { patient, session } = await loadBooking(db, row);
  const details =
    patient && session
      ? bookingDetails(patient, session, row, row.transactionId, row.paidAt ?? new Date())
      : undefined;
  await db.transaction(async (tx) => {
    const refunded = await updateTransaction(tx, row.id, ['refund_pending'], {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
    });
    if (refunded && details?.email) {
      await queueEmail(tx, { to: details.email, ...refundEmail(details, 'slot_taken') });
    }
  });
  return 'refunded';
}

/** Payments the provider has yet to settle for us: in progress, or owed a refund after a lost slot. */
export const UNSETTLED = ['processing', 'requires_action', 'refund_pending'] as const;

/**
 * Settles one payment from the provider's word, when a webhook is late or lost or a refund failed: a refund
 * owed is tried again; a payment in progress is asked for at the provider (a server-side retrieve). Never
 * throws when the provider cannot be reached: a later call tries again.
 */
async function settleFromProvider(
  db: Db,
  provider: PaymentProvider,
  settings: Settings,
  row: Transaction,
): Promise<void> {
  if (!row.transactionId || row.provider !== provider.name) return;
  if (!(UNSETTLED as readonly string[]).includes(row.status)) return;
  try {
    if (row.status === 'refund_pending') {
      await refundLostBooking(db, provider, row.id);
      return;
    }
    const payment = await provider.retrieve(row.transactionId);
    await applyProviderPayment(db, provider, settings, row.id, payment);
  } catch {
    // The provider cannot be reached now: the webhook, a later read or the settlement job settles it.
  }
}

/** A booking's read asks the provider about a payment at most this often (each ask touches the row). */
export const PROVIDER_RECHECK_MS = 5_000;

/**
 * When the booking page reads its booking: its payments still in progress are settled first, asking the
 * provider about each at most every PROVIDER_RECHECK_MS, so reading in a loop cannot flood the provider.
 */
export async function syncPendingPayment(
  db: Db,
  provider: PaymentProvider,
  settings: Settings,
  patientId: number,
): Promise<void> {
  const recheckedBefore = Date.now() - PROVIDER_RECHECK_MS;
  for (const row of await transactionsOfPatient(db, patientId)) {
    if (row.updatedAt.getTime() > recheckedBefore) continue;
    await settleFromProvider(db, provider, settings, row);
  }
}

/**
 * The payment settlement job's run: payments left unsettled for `olderThanMs` (no webhook came, the
 * browser went away, a refund failed) are settled from the provider, a few at a time.
 */
export async function settleStalePayments(
  db: Db,
  provider: PaymentProvider,
  settings: Settings,
  olderThanMs: number,
): Promise<number[]> {
  const rows = await staleTransactions(db, provider.name, UNSETTLED, new Date(Date.now() - olderThanMs));
  for (const row of rows) await settleFromProvider(db, provider, settings, row);
  return rows.map((row) => row.id);
}

/**
 * A staff refund: only a succeeded payment. It is marked refunding first (so two clicks refund once), refunded
 * through its provider outside the transaction, then recorded with the freed slot, the audit entry and the
 * patient's e-mail in one transaction. A failed refund puts the payment back to succeeded.
 */
export async function refundTransaction(
  db: Db,
  provider: PaymentProvider,
  actor: Actor,
  transactionRowId: number,
): Promise<Transaction> {
  const before = await findTransactionRow(db, transactionRowId);
  if (!before) throw new HttpError(404, paymentTexts.transactionNotFound);
  const refuse = () =>
    new HttpError(422, paymentTexts.refundOnlySucceeded, {
      transaction_id: [paymentTexts.refundOnlySucceeded],
    });
  if (before.status !== 'succeeded' || !before.transactionId || before.amountCents === null) throw refuse();
  if (before.provider !== provider.name) {
    throw new HttpError(422, `This payment was taken in ${before.provider} mode; refund it there.`);
  }
  const claimed = await updateTransaction(db, before.id, ['succeeded'], { status: 'refunding' });
  if (!claimed) throw refuse();

  let refundId: string;
  try {
    refundId = await provider.refund(before.transactionId, `refund-transaction-${before.id}`);
  } catch (error) {
    await updateTransaction(db, before.id, ['refunding'], { status: 'succeeded' });
    throw error instanceof HttpError ? error : new HttpError(502, paymentTexts.refundFailed);
  }
  const { patient, session } = await loadBooking(db, before);
  return db.transaction(async (tx) => {
    const after = await updateTransaction(tx, before.id, ['refunding'], {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
    });
    if (!after) throw new HttpError(409, paymentTexts.refundFailed);
    const freed = session ? await freeBookedSession(tx, session.id) : undefined;
    await auditChange(tx, actor, 'update', 'transaction', before.id, {
      status: { from: 'succeeded', to: 'refunded' },
      refund_id: refundId,
      amount_cents: before.amountCents,
      slot_freed: Boolean(freed),
    });
    if (patient?.email && session) {
      const details = bookingDetails(
        patient,
        session,
        before,
        before.transactionId ?? '',
        before.paidAt ?? new Date(),
      );
      await queueEmail(tx, { to: patient.email, ...refundEmail(details, 'clinic') });
    }
    return after;
  });
}
