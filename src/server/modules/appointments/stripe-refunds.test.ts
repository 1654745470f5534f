import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { type Payment, payments, refunds } from '../../db/schema';
import { createBookingTestApp, paidBooking, paymentsOfPatient } from '../../test/booking-fixtures';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { appointmentRow, refundAppointment } from '../../test/staff-fixtures';
import { type AdminTestApp, withSignedInAdmin } from '../../test/test-app';
import { createStripeProvider } from '../payments/stripe-provider';
import { settlePayments } from './appointment-payments';

/*
 * Issue 32's partial refunds through Stripe, with the real SDK pointed at the local fake: each refund asked with its
 * amount and its own key (kept in its metadata, so a lost answer is found in the payment's refunds), one Stripe
 * leaves unanswered asked again with the same key and amount before any other, Stripe's refusals and `pending`
 * refunds recorded as Stripe said.
 */

const ENV = {
  STRIPE_SECRET_KEY: 'sk_test_refunds123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_refunds123',
  STRIPE_WEBHOOK_SECRET: 'whsec_refundssecret1',
};

let fake: FakeStripe;
let t: AdminTestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  const provider = createStripeProvider(
    {
      secretKey: ENV.STRIPE_SECRET_KEY,
      publishableKey: ENV.STRIPE_PUBLISHABLE_KEY,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      timeoutMs: 2_000,
      maxNetworkRetries: 0,
    },
    Stripe,
  );
  t = await withSignedInAdmin(await createBookingTestApp(ENV, provider));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.database.db;
const refund = (id: number, body: Record<string, unknown> = {}) => refundAppointment(t.app, t.auth, id, body);
async function paid() {
  const booking = await paidBooking(t.app, db());
  const [payment] = await paymentsOfPatient(db(), booking.patientId);
  return { booking, payment: payment! };
}
const atStripe = (payment: Payment) =>
  fake.refunds.filter((row) => row.payment_intent === payment.providerPaymentId);
const requestsFor = (payment: Payment) =>
  fake.requests.filter(
    (request) =>
      request.path === '/v1/refunds' && request.body.get('payment_intent') === payment.providerPaymentId,
  );
const rowsOf = (payment: Payment) =>
  db().select().from(refunds).where(eq(refunds.paymentId, payment.id)).orderBy(refunds.id);
const paymentRow = async (payment: Payment) =>
  (await db().select().from(payments).where(eq(payments.id, payment.id)))[0]!;

describe('a partial refund through Stripe', () => {
  it('asks each refund with its amount and own key, and the rest with what is left', async () => {
    const { booking, payment } = await paid();
    expect((await refund(booking.appointmentId, { amount: 20 })).statusCode).toBe(200);
    expect((await refund(booking.appointmentId, { amount: '35.50' })).statusCode).toBe(200);
    expect((await refund(booking.appointmentId)).statusCode).toBe(200);
    const asked = requestsFor(payment).map((request) => [
      request.body.get('amount'),
      request.idempotencyKey,
      request.body.get('metadata[refund_key]'),
    ]);
    const key = `${payment.idempotencyKey}-refund`;
    expect(asked).toEqual([
      ['2000', key, key],
      ['3550', `${key}-2`, `${key}-2`],
      ['12450', `${key}-3`, `${key}-3`],
    ]);
    expect(atStripe(payment).map((row) => row.amount)).toEqual([2000, 3550, 12_450]);
    const rows = await rowsOf(payment);
    expect(rows.map((row) => row.providerRefundId)).toEqual(atStripe(payment).map((row) => row.id));
    expect(await paymentRow(payment)).toMatchObject({ status: 'refunded', refundedCents: 18_000 });
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('refunded');
  });

  it('records a refund Stripe made pending as made: it counts as given back', async () => {
    const { booking, payment } = await paid();
    fake.refundsPending = true;
    try {
      const response = await refund(booking.appointmentId, { amount: 50 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().refund).toMatchObject({ status: 'pending', refunded_at: expect.any(String) });
    } finally {
      fake.refundsPending = false;
    }
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 5000 });
  });

  it('whose answer is lost is found among the payment’s refunds by its key, not taken for an earlier one', async () => {
    const { booking, payment } = await paid();
    expect((await refund(booking.appointmentId, { amount: 10 })).statusCode).toBe(200);
    fake.failNext('refund', { kind: 'hang', after: 'effect' });
    const response = await refund(booking.appointmentId, { amount: 25 });
    expect(response.statusCode, response.body).toBe(200);
    const [, second] = atStripe(payment);
    expect(response.json().refund).toMatchObject({ amount: 25, provider_refund_id: second?.id });
    expect(atStripe(payment)).toHaveLength(2);
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 3500 });
  });

  it('left unanswered is asked again, same key and amount, before any other: given back once', async () => {
    const { booking, payment } = await paid();
    fake.failNext('refund', { kind: 'hang', after: 'effect' });
    fake.failNext('list_refunds', { kind: 'unavailable' });
    const first = await refund(booking.appointmentId, { amount: 40 });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({ code: 'refund_failed', error_messages: paymentTexts.refundFailed });
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    const [unanswered] = await rowsOf(payment);
    expect(unanswered).toMatchObject({ status: 'requested', amountCents: 4000 });
    const detail = await t.app.inject({
      url: `/api/admin/transactions/${booking.appointmentId}`,
      headers: t.auth,
    });
    expect(detail.json().transaction.refunds).toMatchObject([
      { amount: 40, status: 'requested', refunded_at: null },
    ]);

    const other = await refund(booking.appointmentId, { amount: 30 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'refund_unconfirmed',
      error_messages: paymentTexts.refundUnconfirmed(4000),
    });
    const again = await refund(booking.appointmentId, { amount: 40 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refund).toMatchObject({ id: unanswered!.id, status: 'succeeded' });
    expect(atStripe(payment)).toHaveLength(1);
    expect(requestsFor(payment).map((request) => [request.idempotencyKey, request.replayed])).toEqual([
      [`${payment.idempotencyKey}-refund`, false],
      [`${payment.idempotencyKey}-refund`, true],
    ]);
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 4000 });
  });

  it('Stripe refuses (more than it has left: refunded in its dashboard meanwhile): 422 with its words, the refund failed', async () => {
    const { booking, payment } = await paid();
    fake.refunds.push({
      id: 're_dashboard_part',
      payment_intent: payment.providerPaymentId!,
      amount: 15_000,
    });
    const response = await refund(booking.appointmentId, { amount: 50 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'refund_failed',
      error_messages: expect.stringMatching(/greater than unrefunded amount/),
    });
    const [row] = await rowsOf(payment);
    expect(row).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/greater than/) });
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    // What Stripe has left can still be given back, under a key of its own.
    const rest = await refund(booking.appointmentId, { amount: 30 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(requestsFor(payment).at(-1)?.idempotencyKey).toBe(`${payment.idempotencyKey}-refund-2`);
  });

  it('cut short by a crash is finished by the settlement job: a part, the appointment still paid', async () => {
    const { booking, payment } = await paid();
    // As a crash leaves it: the payment claimed, its refund requested, Stripe never asked.
    await db()
      .update(payments)
      .set({ status: 'refunding', settleAfter: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    await db()
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountCents: 2500,
        requestedBy: 'staff',
        status: 'requested',
        idempotencyKey: `${payment.idempotencyKey}-refund`,
      });
    expect(await settlePayments(t.app.appointments, new Date())).toContain(payment.id);
    expect(await paymentRow(payment)).toMatchObject({ status: 'succeeded', refundedCents: 2500 });
    expect((await rowsOf(payment)).map((row) => row.status)).toEqual(['succeeded']);
    expect(atStripe(payment).map((row) => row.amount)).toEqual([2500]);
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('paid');
  });
});
