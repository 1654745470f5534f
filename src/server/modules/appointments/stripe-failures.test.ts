import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/error-codes';
import { paymentTexts } from '../../../shared/payments';
import { emailOutbox, type Payment, payments, slots } from '../../db/schema';
import {
  appointmentOf,
  createBooking,
  createBookingTestApp,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { refundAppointment } from '../../test/staff-fixtures';
import { type AdminTestApp, withSignedInAdmin } from '../../test/test-app';
import { createStripeProvider, type StripeSettings } from '../payments/stripe-provider';
import { PAYMENT_SETTLEMENT_GRACE_MS, settlePayments } from './appointment-payments';

/*
 * The card provider failing, with the real Stripe SDK (and the real StripeProvider) pointed at a local fake of
 * the Stripe API: a call that hangs past the SDK's timeout, Stripe's 500 and 503, and a card refused. Whatever
 * happens the patient reads one sentence (`error_messages`, never a raw 500 or a stack), nothing is marked paid
 * that Stripe has not charged, the booking keeps its time, and trying again charges the card once.
 */

const SECRET = 'whsec_failuresecret1';
const ENV = {
  STRIPE_SECRET_KEY: 'sk_test_failures123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_failures123',
  STRIPE_WEBHOOK_SECRET: SECRET,
};
/** The SDK gives up on a call after this: short, so a hanging fake costs a test this long. */
const SDK_TIMEOUT_MS = 2_000;

let fake: FakeStripe;
let t: AdminTestApp;

const settingsFor = (port: number, extra: Partial<StripeSettings> = {}): StripeSettings => ({
  secretKey: ENV.STRIPE_SECRET_KEY,
  publishableKey: ENV.STRIPE_PUBLISHABLE_KEY,
  webhookSecret: SECRET,
  host: '127.0.0.1',
  port,
  protocol: 'http',
  timeoutMs: SDK_TIMEOUT_MS,
  maxNetworkRetries: 0,
  ...extra,
});

beforeAll(async () => {
  fake = await startFakeStripe();
  const provider = createStripeProvider(settingsFor(fake.port), Stripe);
  t = await withSignedInAdmin(await createBookingTestApp(ENV, provider));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Booking = Awaited<ReturnType<typeof createBooking>>;

const paymentsOf = (booking: Booking) => paymentsOfPatient(t.database.db, booking.patientId);
const onlyPayment = async (booking: Booking): Promise<Payment> => {
  const rows = await paymentsOf(booking);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const mailTo = (address: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
/** The PaymentIntents Stripe made for the booking's appointment, and the card charges among them. */
async function atStripe(booking: Booking) {
  const appointment = await appointmentOf(t.database.db, booking.patientId);
  const intents = [...fake.intents.values()].filter(
    (intent) => intent.metadata.appointment_id === String(appointment.id),
  );
  const ids = new Set(intents.map((intent) => intent.id));
  return { intents, charges: fake.charges.filter((charge) => ids.has(charge.paymentIntent)) };
}
const confirmsOf = (intentId: string) =>
  fake.requests.filter((request) => request.path === `/v1/payment_intents/${intentId}/confirm`);

/** One sentence for the patient, with nothing else in the answer (no stack, no provider's details). */
function expectReadable(response: LightMyRequestResponse, status: number, message: string, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, error_messages: message });
}

/** Nothing paid, and the booking still holds its time (its hold, not run out). */
async function expectStillHeld(booking: Booking, email: string) {
  const appointment = await appointmentOf(t.database.db, booking.patientId);
  expect(appointment.status).toBe('held');
  const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot.id));
  expect(slot?.status).toBe('pending');
  expect(slot?.holdTokenHash).toBe(appointment.holdTokenHash);
  expect(slot!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  for (const row of await paymentsOf(booking)) expect(row.status).not.toBe('succeeded');
  expect(await mailTo(email)).toEqual([]);
}

async function expectBookedOnce(booking: Booking, email: string) {
  const appointment = await appointmentOf(t.database.db, booking.patientId);
  expect(appointment.status).toBe('paid');
  const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot.id));
  expect(slot?.status).toBe('booked');
  expect((await paymentsOf(booking)).filter((row) => row.status === 'succeeded')).toHaveLength(1);
  expect((await atStripe(booking)).charges).toHaveLength(1);
  expect(await mailTo(email)).toHaveLength(1);
}

let emails = 0;
const newBooking = async () => {
  emails += 1;
  const email = `failure${emails}@example.ie`;
  return { booking: await createBooking(t.app, t.database.db, { form: { email } }), email };
};

describe('a card payment whose confirm gets no answer in time', () => {
  it('after Stripe charged the card: 503 and nothing paid; the next try, with another card, books it and charges nothing more', async () => {
    const { booking, email } = await newBooking();
    const hang = fake.failNext('confirm', { kind: 'hang', after: 'effect' });
    const first = await pay(t.app, booking);
    await hang.reached;
    expectReadable(first, 503, paymentTexts.providerDown, 'provider_unavailable');
    const interrupted = await onlyPayment(booking);
    expect(interrupted).toMatchObject({ status: 'processing', failureMessage: paymentTexts.providerDown });
    expect((await atStripe(booking)).charges).toHaveLength(1);
    await expectStillHeld(booking, email);

    // The payment page makes a new payment method for each try.
    const again = await pay(t.app, booking, { token: 'pm_card_mastercard' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'succeeded' });
    // The same payment: asked about at Stripe, not confirmed again.
    expect(await onlyPayment(booking)).toMatchObject({ id: interrupted.id, status: 'succeeded' });
    expect(confirmsOf(interrupted.providerPaymentId!)).toHaveLength(1);
    expect((await atStripe(booking)).intents).toHaveLength(1);
    await expectBookedOnce(booking, email);
  });

  it('before it reached Stripe: the next try with the same card sends the same idempotency key and charges once', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('confirm', { kind: 'hang', after: 'none' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    const interrupted = await onlyPayment(booking);
    expect((await atStripe(booking)).charges).toEqual([]);
    await expectStillHeld(booking, email);

    const again = await pay(t.app, booking);
    expect(again.statusCode, again.body).toBe(200);
    const confirms = confirmsOf(interrupted.providerPaymentId!);
    expect(confirms).toHaveLength(2);
    expect(new Set(confirms.map((request) => request.idempotencyKey))).toEqual(
      new Set([`${interrupted.idempotencyKey}-confirm-pm_card_visa`]),
    );
    expect((await atStripe(booking)).intents).toHaveLength(1);
    await expectBookedOnce(booking, email);
  });

  it('while Stripe is still unreachable the next try answers 503 again and changes nothing; the one after books it', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('confirm', { kind: 'hang', after: 'effect' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    fake.failNext('retrieve', { kind: 'unavailable' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    expect(await onlyPayment(booking)).toMatchObject({
      status: 'processing',
      failureMessage: paymentTexts.providerDown,
    });
    await expectStillHeld(booking, email);
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    await expectBookedOnce(booking, email);
  });

  it('left alone, is settled by the settlement job once its grace is over: a charged one booked', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('confirm', { kind: 'hang', after: 'effect' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    const interrupted = await onlyPayment(booking);
    // Within the grace the patient's next try has it; the job leaves it alone.
    expect(await settlePayments(t.app.appointments, new Date())).not.toContain(interrupted.id);
    const later = new Date(Date.now() + PAYMENT_SETTLEMENT_GRACE_MS + 1_000);
    expect(await settlePayments(t.app.appointments, later)).toContain(interrupted.id);
    await expectBookedOnce(booking, email);
    // The patient's page, trying again meanwhile, is told it is paid.
    expectReadable(await pay(t.app, booking), 409, paymentTexts.alreadyPaid, 'already_paid');
  });
});

describe("Stripe's own errors", () => {
  it("a 500 on confirm: 503; the same card's confirm gets Stripe's kept 500 again, a new card pays once", async () => {
    const { booking, email } = await newBooking();
    fake.failNext('confirm', { kind: 'server_error' });
    const first = await pay(t.app, booking);
    expectReadable(first, 503, paymentTexts.providerDown, 'provider_unavailable');
    expect(first.body).not.toMatch(/api_error|unknown error|at /);
    await expectStillHeld(booking, email);

    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    const interrupted = await onlyPayment(booking);
    const confirms = confirmsOf(interrupted.providerPaymentId!);
    expect(confirms.map((request) => request.replayed)).toEqual([false, true]);
    expect((await atStripe(booking)).charges).toEqual([]);
    await expectStillHeld(booking, email);

    expect((await pay(t.app, booking, { token: 'pm_card_amex' })).statusCode).toBe(200);
    expect((await atStripe(booking)).intents).toHaveLength(1);
    await expectBookedOnce(booking, email);
  });

  it('a card refused with its own reason: 402 with that reason, the time kept, another card pays once', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('confirm', {
      kind: 'card_error',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expectReadable(await pay(t.app, booking), 402, 'Your card has insufficient funds.', 'card_declined');
    expect(await onlyPayment(booking)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    });
    await expectStillHeld(booking, email);
    expect((await pay(t.app, booking, { token: 'pm_card_visa_debit' })).statusCode).toBe(200);
    await expectBookedOnce(booking, email);
  });

  it('a create that gets no answer (Stripe made the PaymentIntent): 503, and the next try is a new payment, never charged twice', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('create', { kind: 'hang', after: 'effect' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    // Nothing can be charged without the server's confirm, which never came: the attempt is over.
    expect(await onlyPayment(booking)).toMatchObject({ status: 'failed', providerPaymentId: null });
    await expectStillHeld(booking, email);
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const { intents, charges } = await atStripe(booking);
    expect(intents).toHaveLength(2);
    expect(charges).toHaveLength(1);
    await expectBookedOnce(booking, email);
  });

  it('a 503 on create: 503 to the patient, nothing kept at Stripe, and the next try pays', async () => {
    const { booking, email } = await newBooking();
    fake.failNext('create', { kind: 'unavailable' });
    expectReadable(await pay(t.app, booking), 503, paymentTexts.providerDown, 'provider_unavailable');
    await expectStillHeld(booking, email);
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    await expectBookedOnce(booking, email);
  });
});

describe("the SDK's own retry of a call that got no answer (as in production, where it retries twice)", () => {
  it('sends the same idempotency key, and Stripe answers what it did the first time: one charge', async () => {
    const provider = createStripeProvider(settingsFor(fake.port, { maxNetworkRetries: 1 }), Stripe);
    const created = await provider.create({
      amountCents: 9_500,
      currency: 'eur',
      idempotencyKey: 'sdk-retry-1',
      description: 'SDK retry',
      metadata: {},
    });
    fake.failNext('confirm', { kind: 'hang', after: 'effect' });
    const charged = await provider.confirm(created.id, 'pm_card_visa', 'sdk-retry-1-confirm');
    expect(charged).toMatchObject({ id: created.id, status: 'succeeded', amountCents: 9_500 });
    const confirms = confirmsOf(created.id);
    expect(confirms.map((request) => [request.idempotencyKey, request.replayed])).toEqual([
      ['sdk-retry-1-confirm', false],
      ['sdk-retry-1-confirm', true],
    ]);
    expect(fake.charges.filter((charge) => charge.paymentIntent === created.id)).toHaveLength(1);
  });
});

describe('a refund that fails at Stripe', () => {
  const paidBy = async () => {
    const { booking, email } = await newBooking();
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const appointment = await appointmentOf(t.database.db, booking.patientId);
    const [payment] = await paymentsOf(booking);
    return { booking, email, appointmentId: appointment.id, payment: payment! };
  };
  const refundsOf = (payment: Payment) =>
    fake.refunds.filter((refund) => refund.payment_intent === payment.providerPaymentId);
  const refundRequestsOf = (payment: Payment) =>
    fake.requests.filter(
      (request) =>
        request.path === '/v1/refunds' && request.body.get('payment_intent') === payment.providerPaymentId,
    );
  async function expectStillPaid(booking: Booking, payment: Payment) {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('succeeded');
    expect((await appointmentOf(t.database.db, booking.patientId)).status).toBe('paid');
    const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot.id));
    expect(slot?.status).toBe('booked');
  }

  it('with no answer in time (Stripe refunded it): recorded at once from Stripe’s list of the payment’s refunds', async () => {
    const { booking, appointmentId, payment } = await paidBy();
    fake.failNext('refund', { kind: 'hang', after: 'effect' });
    const response = await refundAppointment(t.app, t.auth, appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: paymentTexts.refunded });
    expect(refundsOf(payment)).toHaveLength(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundId: refundsOf(payment)[0]?.id });
    expect((await appointmentOf(t.database.db, booking.patientId)).status).toBe('refunded');
  });

  it('with no answer and Stripe still unreachable: 503 to staff, still paid here; trying again sends the same key and records the one refund', async () => {
    const { booking, appointmentId, payment } = await paidBy();
    fake.failNext('refund', { kind: 'hang', after: 'effect' });
    fake.failNext('list_refunds', { kind: 'unavailable' });
    expectReadable(
      await refundAppointment(t.app, t.auth, appointmentId),
      503,
      paymentTexts.refundFailed,
      'refund_failed',
    );
    expect(refundsOf(payment)).toHaveLength(1);
    await expectStillPaid(booking, payment);

    const again = await refundAppointment(t.app, t.auth, appointmentId);
    expect(again.statusCode, again.body).toBe(200);
    expect(refundsOf(payment)).toHaveLength(1);
    expect(refundRequestsOf(payment).map((request) => [request.idempotencyKey, request.replayed])).toEqual([
      [`${payment.idempotencyKey}-refund`, false],
      [`${payment.idempotencyKey}-refund`, true],
    ]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundId: refundsOf(payment)[0]?.id });
  });

  it("with Stripe's 500, which it answers again to that key for a day: asked once more with a key of its own, refunded once", async () => {
    const { booking, appointmentId, payment } = await paidBy();
    fake.failNext('refund', { kind: 'server_error' });
    const response = await refundAppointment(t.app, t.auth, appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(refundsOf(payment)).toHaveLength(1);
    const keys = refundRequestsOf(payment).map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(`${payment.idempotencyKey}-refund`);
    expect(keys[1]).toMatch(new RegExp(`^${payment.idempotencyKey}-refund-\\d+$`));
    expect((await appointmentOf(t.database.db, booking.patientId)).status).toBe('refunded');
  });

  it('refunded already in Stripe’s dashboard: that refund is recorded, none made twice', async () => {
    const { appointmentId, payment } = await paidBy();
    fake.refunds.push({ id: 're_dashboard_1', payment_intent: payment.providerPaymentId! });
    const response = await refundAppointment(t.app, t.auth, appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(refundsOf(payment)).toHaveLength(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.refundId).toBe('re_dashboard_1');
  });

  it('with Stripe down (503): 503 to staff, still paid; trying again refunds once', async () => {
    const { booking, appointmentId, payment } = await paidBy();
    fake.failNext('refund', { kind: 'unavailable' });
    expectReadable(
      await refundAppointment(t.app, t.auth, appointmentId),
      503,
      paymentTexts.refundFailed,
      'refund_failed',
    );
    expect(refundsOf(payment)).toEqual([]);
    await expectStillPaid(booking, payment);
    expect((await refundAppointment(t.app, t.auth, appointmentId)).statusCode).toBe(200);
    expect(refundsOf(payment)).toHaveLength(1);
  });
});
