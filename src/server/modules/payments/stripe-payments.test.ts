import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { emailOutbox, patients, paymentEvents, sessions, transactions } from '../../db/schema';
import {
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  type FakeIntent,
  type FakeStripe,
  pay,
  startFakeStripe,
} from '../../test/booking-fixtures';
import { createStripeProvider } from './payment-provider';
import { PROVIDER_RECHECK_MS, settleStalePayments } from './payment-service';

const SECRET = 'whsec_testsecret123';
const ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake123',
  STRIPE_WEBHOOK_SECRET: SECRET,
};

let fake: FakeStripe;
let t: BookingTestApp;
const stripe = new Stripe('sk_test_fake123');

beforeAll(async () => {
  fake = await startFakeStripe();
  const provider = createStripeProvider(
    {
      secretKey: ENV.STRIPE_SECRET_KEY,
      publishableKey: ENV.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: SECRET,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    },
    Stripe,
  );
  t = await createBookingTestApp(ENV, provider);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const slotStatus = async (id: number) =>
  (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.status;
/** Meanwhile the booking's hold lapsed and another visitor took the time. */
const takenByAnotherVisitor = (slotId: number) =>
  t.database.db
    .update(sessions)
    .set({ holdTokenHash: 'another-visitor', holdExpiresAt: new Date(Date.now() + 600_000) })
    .where(eq(sessions.id, slotId));
const paymentsOf = (patientId: number) =>
  t.database.db.select().from(transactions).where(eq(transactions.patientId, patientId));
const mailTo = (address: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

let eventCounter = 0;
function webhookEvent(intent: FakeIntent, type = 'payment_intent.succeeded', id?: string) {
  eventCounter += 1;
  return JSON.stringify({
    id: id ?? `evt_test_${eventCounter}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: intent },
  });
}

const sendWebhook = (
  payload: string,
  signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('Stripe mode', () => {
  it('gives the browser the publishable key, never the secret one', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.json()).toEqual({ mode: 'stripe', publishable_key: 'pk_test_fake123' });
    expect(response.body).not.toContain('sk_test');
  });

  it("creates and confirms a PaymentIntent for the database's price with an idempotency key per booking", async () => {
    const booking = await createBooking(t.app, t.database.db, { form: { email: 'stripe1@example.ie' } });
    const response = await pay(t.app, booking, { price: 100 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment_intent_client_secret).toMatch(/^pi_fake_\d+_secret_fake$/);
    const request = fake.requests.find(
      (entry) => entry.path === '/v1/payment_intents' && entry.method === 'POST',
    );
    expect(request?.body.get('amount')).toBe('18000');
    expect(request?.body.get('currency')).toBe('eur');
    expect(request?.body.get('confirm')).toBe('true');
    expect(request?.idempotencyKey).toBe(`booking-${booking.patientId}-attempt-1`);
    const [payment] = await paymentsOf(booking.patientId);
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe', amountCents: 18_000 });
    expect(await slotStatus(booking.slot.id)).toBe('booked');
    expect(await mailTo('stripe1@example.ie')).toHaveLength(1);
  });

  it("answers 402 with Stripe's text for a declined card", async () => {
    const booking = await createBooking(t.app, t.database.db);
    const response = await pay(t.app, booking, { token: 'pm_card_chargeDeclined' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error_messages: 'Your card was declined.' });
    expect(await slotStatus(booking.slot.id)).toBe('pending');
  });

  it('answers 422 for a payment method Stripe does not know', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const response = await pay(t.app, booking, { token: 'pm_unknown' });
    expect(response.statusCode).toBe(422);
  });

  describe('3-D Secure and the webhook', () => {
    it('answers requires_action, books nothing, and books once on the signed webhook', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'threeds@example.ie' } });
      const response = await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ requires_action: true, status: 'requires_action' });
      const [pending] = await paymentsOf(booking.patientId);
      expect(pending?.status).toBe('requires_action');
      expect(await slotStatus(booking.slot.id)).toBe('pending');
      expect(await mailTo('threeds@example.ie')).toEqual([]);

      // A second payment while the first waits for 3-D Secure is refused.
      expect((await pay(t.app, booking)).statusCode).toBe(409);

      const intent = fake.intents.get(pending!.transactionId!)!;
      intent.status = 'succeeded';
      const payload = webhookEvent(intent);
      const first = await sendWebhook(payload);
      expect(first.statusCode, first.body).toBe(200);
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      const [paid] = await paymentsOf(booking.patientId);
      expect(paid).toMatchObject({ status: 'succeeded', transactionId: intent.id });
      expect(await mailTo('threeds@example.ie')).toHaveLength(1);

      // The same event replayed, and another event for the same payment: nothing changes, no second e-mail.
      expect((await sendWebhook(payload)).statusCode).toBe(200);
      expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
      expect(await mailTo('threeds@example.ie')).toHaveLength(1);
      expect(await paymentsOf(booking.patientId)).toHaveLength(1);
      const events = await t.database.db.select().from(paymentEvents);
      expect(events.length).toBeGreaterThanOrEqual(2);

      // A failure reported after the success never undoes it.
      const lateFailure = webhookEvent(
        { ...intent, status: 'requires_payment_method' },
        'payment_intent.payment_failed',
      );
      expect((await sendWebhook(lateFailure)).statusCode).toBe(200);
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('succeeded');
      expect(await slotStatus(booking.slot.id)).toBe('booked');
    });

    it('refuses a forged webhook (400) and changes nothing', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const intent = { ...fake.intents.get(pending!.transactionId!)!, status: 'succeeded' };
      const payload = webhookEvent(intent);
      const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
      const forged = await sendWebhook(payload, wrongSecret);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ error_messages: 'The webhook signature is not valid.' });
      const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const tampered = await sendWebhook(payload.replace('"livemode":false', '"livemode":true'), signed);
      expect(tampered.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await slotStatus(booking.slot.id)).toBe('pending');
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('requires_action');
    });

    it('marks a payment failed from payment_intent.payment_failed and keeps the hold for another try', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const intent = fake.intents.get(pending!.transactionId!)!;
      const failed = {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { message: 'Authentication failed.' },
      };
      expect((await sendWebhook(webhookEvent(failed, 'payment_intent.payment_failed'))).statusCode).toBe(200);
      const [row] = await paymentsOf(booking.patientId);
      expect(row).toMatchObject({ status: 'failed', failureMessage: 'Authentication failed.' });
      expect(await slotStatus(booking.slot.id)).toBe('pending');
    });

    it('books from a server-side retrieve when the webhook is lost (reading the booking back)', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'lost-hook@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const read = () =>
        t.app.inject({
          url: `/api/patients/${booking.patientId}`,
          headers: { 'x-booking-token': booking.token },
        });
      const asked = () =>
        fake.requests.filter((request) => request.path === `/v1/payment_intents/${pending!.transactionId}`)
          .length;
      // Reading in a loop asks Stripe at most once per PROVIDER_RECHECK_MS.
      const askedBefore = asked();
      await t.database.db
        .update(transactions)
        .set({ updatedAt: new Date(Date.now() - PROVIDER_RECHECK_MS - 1000) })
        .where(eq(transactions.id, pending!.id));
      for (let attempt = 0; attempt < 5; attempt += 1) await read();
      expect(asked() - askedBefore).toBe(1);

      fake.intents.get(pending!.transactionId!)!.status = 'succeeded';
      await t.database.db
        .update(transactions)
        .set({ updatedAt: new Date(Date.now() - PROVIDER_RECHECK_MS - 1000) })
        .where(eq(transactions.id, pending!.id));
      expect((await read()).json().patient.payment_status).toBe('succeeded');
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      expect(await mailTo('lost-hook@example.ie')).toHaveLength(1);
    });

    it('refunds a late success whose hold was lost and slot taken, and tells the patient', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'late@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      await takenByAnotherVisitor(booking.slot.id);
      const intent = fake.intents.get(pending!.transactionId!)!;
      intent.status = 'succeeded';
      expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
      const [row] = await paymentsOf(booking.patientId);
      expect(row?.status).toBe('refunded');
      expect(row?.refundId).toMatch(/^re_fake_/);
      expect(fake.refunds.find((refund) => refund.payment_intent === intent.id)?.idempotencyKey).toBe(
        `refund-transaction-${row!.id}`,
      );
      const [slot] = await t.database.db.select().from(sessions).where(eq(sessions.id, booking.slot.id));
      expect(slot).toMatchObject({ status: 'pending', holdTokenHash: 'another-visitor' });
      const mails = await mailTo('late@example.ie');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/refunded/);
      expect(mails[0]?.textBody).toContain('€180');
    });
  });

  describe('signed events of a shape it cannot act on', () => {
    const signed = (event: Record<string, unknown>) => sendWebhook(JSON.stringify(event));

    it('answers 400, never 500, to a signed event without data, id or a payment intent', async () => {
      const base = { object: 'event', api_version: '2025-01-01', created: 1, livemode: false };
      for (const event of [
        { ...base, id: 'evt_no_data', type: 'payment_intent.succeeded' },
        { ...base, type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } },
        {
          ...base,
          id: 'evt_no_amount',
          type: 'payment_intent.succeeded',
          data: { object: { id: 'pi_x', status: 'succeeded' } },
        },
        { ...base, id: 'evt_string_object', type: 'payment_intent.payment_failed', data: { object: 'pi_x' } },
      ]) {
        const response = await signed(event);
        expect(response.statusCode, JSON.stringify(event)).toBe(400);
        expect(response.json()).toEqual({ error_messages: paymentTexts.webhookShape });
      }
    });

    it('answers 400, never 500, to signed JSON that is not an event, or text the database cannot keep', async () => {
      const intent = {
        id: 'pi_nul',
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 18000,
        currency: 'eur',
        last_payment_error: { message: 'declined\u0000' },
      };
      for (const payload of [
        'null',
        '[1,2]',
        '"evt"',
        JSON.stringify({ id: 'evt_nul', type: 'foo\u0000bar' }),
        JSON.stringify({ id: 'evt\u0000', type: 'customer.created' }),
        JSON.stringify({ id: 'evt_long', type: 'x'.repeat(300) }),
        JSON.stringify({
          id: 'evt_nul_message',
          type: 'payment_intent.payment_failed',
          data: { object: intent },
        }),
      ]) {
        const response = await sendWebhook(payload);
        expect(response.statusCode, payload).toBe(400);
        expect(response.json()).toEqual({ error_messages: paymentTexts.webhookShape });
      }
    });

    it('books nothing for a succeeded payment of another amount, and says why to staff', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const intent = { ...fake.intents.get(pending!.transactionId!)!, status: 'succeeded', amount: 1 };
      expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
      const [row] = await paymentsOf(booking.patientId);
      expect(row).toMatchObject({ status: 'failed', failureMessage: paymentTexts.amountMismatch });
      expect(await slotStatus(booking.slot.id)).toBe('pending');
    });
  });

  it('refunds a late success whose booking was deleted meanwhile, and books nothing', async () => {
    const booking = await createBooking(t.app, t.database.db);
    await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
    const [pending] = await paymentsOf(booking.patientId);
    await t.database.db.delete(patients).where(eq(patients.id, booking.patientId));
    const intent = fake.intents.get(pending!.transactionId!)!;
    intent.status = 'succeeded';
    expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, pending!.id));
    expect(row?.status).toBe('refunded');
    expect(await slotStatus(booking.slot.id)).not.toBe('booked');
  });

  describe('the payment settlement job', () => {
    const settle = () => settleStalePayments(t.database.db, t.app.payments, t.app.config, -60_000);

    it('refunds later a late success whose first refund failed, and tells the patient once', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'retry@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      await takenByAnotherVisitor(booking.slot.id);
      const intent = fake.intents.get(pending!.transactionId!)!;
      intent.status = 'succeeded';
      fake.refundsDown = true;
      try {
        expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
        expect((await paymentsOf(booking.patientId))[0]?.status).toBe('refund_pending');
        expect(await settle()).toContain(pending!.id);
        expect((await paymentsOf(booking.patientId))[0]?.status).toBe('refund_pending');
      } finally {
        fake.refundsDown = false;
      }
      expect(await mailTo('retry@example.ie')).toEqual([]);

      await Promise.all([settle(), settle()]);
      const [row] = await paymentsOf(booking.patientId);
      expect(row).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_fake_/) });
      const mails = await mailTo('retry@example.ie');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('€180');
      expect(await settle()).not.toContain(pending!.id);
    });

    it('books a payment whose webhook never came and whose page was closed', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'closed@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      fake.intents.get(pending!.transactionId!)!.status = 'succeeded';
      expect(await settle()).toContain(pending!.id);
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('succeeded');
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      expect(await mailTo('closed@example.ie')).toHaveLength(1);
    });

    it('leaves a payment alone while its webhook may still come', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      fake.intents.get(pending!.transactionId!)!.status = 'succeeded';
      const ids = await settleStalePayments(t.database.db, t.app.payments, t.app.config, 120_000);
      expect(ids).not.toContain(pending!.id);
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('requires_action');
    });
  });

  it('ignores events of other kinds and payments it does not know, once each', async () => {
    const intent = { ...fake.intents.values().next().value!, id: 'pi_someone_else', metadata: {} };
    expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
    expect((await sendWebhook(webhookEvent(intent, 'charge.refunded'))).statusCode).toBe(200);
  });
});

describe('the webhook in test mode', () => {
  it('is not there (404)', async () => {
    const testMode = await createBookingTestApp();
    try {
      const response = await testMode.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await testMode.close();
    }
  });
});
