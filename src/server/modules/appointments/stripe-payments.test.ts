import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { appointments, emailOutbox, patients, paymentEvents, payments, slots } from '../../db/schema';
import { providerFailure } from '../../domain-errors';
import {
  appointmentOf,
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { type FakeIntent, type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { createStripeProvider } from '../payments/stripe-provider';
import { PROVIDER_RECHECK_MS, settlePayments } from './appointment-payments';

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
  (await t.database.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;
/** Meanwhile the booking's hold lapsed and another visitor took the time. */
const takenByAnotherVisitor = (slotId: number) =>
  t.database.db
    .update(slots)
    .set({ holdTokenHash: 'another-visitor', holdExpiresAt: new Date(Date.now() + 600_000) })
    .where(eq(slots.id, slotId));
const paymentsOf = (patientId: number) => paymentsOfPatient(t.database.db, patientId);
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

  it("creates a PaymentIntent for the database's price, stores its id, then charges the card, each with its idempotency key", async () => {
    const booking = await createBooking(t.app, t.database.db, { form: { email: 'stripe1@example.ie' } });
    const response = await pay(t.app, booking, { price: 100 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment_intent_client_secret).toMatch(/^pi_fake_\d+_secret_fake$/);
    const [payment] = await paymentsOf(booking.patientId);
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe', amountCents: 18_000 });
    expect(payment?.idempotencyKey).toMatch(/^pay_[0-9a-f-]{36}$/);
    const create = fake.requests.find(
      (entry) => entry.method === 'POST' && entry.idempotencyKey === payment?.idempotencyKey,
    );
    expect(create?.path).toBe('/v1/payment_intents');
    expect(create?.body.get('amount')).toBe('18000');
    expect(create?.body.get('currency')).toBe('eur');
    // Created without the card: nothing is charged until the payment's id is stored.
    expect(create?.body.get('payment_method')).toBeNull();
    expect(create?.body.get('confirm')).toBeNull();
    const confirm = fake.requests.find(
      (entry) =>
        entry.method === 'POST' && entry.idempotencyKey === `${payment?.idempotencyKey}-confirm-pm_card_visa`,
    );
    expect(confirm?.path).toBe(`/v1/payment_intents/${payment?.providerPaymentId}/confirm`);
    expect(confirm?.body.get('payment_method')).toBe('pm_card_visa');
    expect(fake.requests.indexOf(create!)).toBeLessThan(fake.requests.indexOf(confirm!));
    expect(await slotStatus(booking.slot.id)).toBe('booked');
    expect(await mailTo('stripe1@example.ie')).toHaveLength(1);
  });

  it("answers 402 with Stripe's text for a declined card", async () => {
    const booking = await createBooking(t.app, t.database.db);
    const response = await pay(t.app, booking, { token: 'pm_card_chargeDeclined' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'card_declined', error_messages: 'Your card was declined.' });
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

      const intent = fake.intents.get(pending!.providerPaymentId!)!;
      intent.status = 'succeeded';
      const payload = webhookEvent(intent);
      const first = await sendWebhook(payload);
      expect(first.statusCode, first.body).toBe(200);
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      const [paid] = await paymentsOf(booking.patientId);
      expect(paid).toMatchObject({ status: 'succeeded', providerPaymentId: intent.id });
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
      const intent = { ...fake.intents.get(pending!.providerPaymentId!)!, status: 'succeeded' };
      const payload = webhookEvent(intent);
      const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
      const forged = await sendWebhook(payload, wrongSecret);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({
        code: 'webhook_signature_invalid',
        error_messages: 'The webhook signature is not valid.',
      });
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
      const intent = fake.intents.get(pending!.providerPaymentId!)!;
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

    it("books from a server-side retrieve when the webhook is lost, asked by the browser's check, never by a read", async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'lost-hook@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const read = () =>
        t.app.inject({
          url: `/api/patients/${booking.patientId}`,
          headers: { 'x-booking-token': booking.token },
        });
      const check = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/check',
          headers: { 'x-booking-token': booking.token },
          payload: { patient_id: booking.patientId },
        });
      const asked = () =>
        fake.requests.filter(
          (request) => request.path === `/v1/payment_intents/${pending!.providerPaymentId}`,
        ).length;
      const agedOut = () =>
        t.database.db
          .update(payments)
          .set({ updatedAt: new Date(Date.now() - PROVIDER_RECHECK_MS - 1000) })
          .where(eq(payments.id, pending!.id));
      fake.intents.get(pending!.providerPaymentId!)!.status = 'succeeded';
      await agedOut();
      // Reading the booking asks nobody and writes nothing.
      const askedBefore = asked();
      const [before] = await t.database.db.select().from(payments).where(eq(payments.id, pending!.id));
      expect((await read()).json().patient.payment_status).toBe('requires_action');
      expect(asked()).toBe(askedBefore);
      const [unchanged] = await t.database.db.select().from(payments).where(eq(payments.id, pending!.id));
      expect(unchanged).toEqual(before);
      // The browser's check asks Stripe, and settles the payment.
      const checked = await check();
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().patient.payment_status).toBe('succeeded');
      expect(asked() - askedBefore).toBe(1);
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      expect(await mailTo('lost-hook@example.ie')).toHaveLength(1);
    });

    it('asks Stripe at most once per PROVIDER_RECHECK_MS however often the browser checks', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const asked = () =>
        fake.requests.filter(
          (request) => request.path === `/v1/payment_intents/${pending!.providerPaymentId}`,
        ).length;
      await t.database.db
        .update(payments)
        .set({ updatedAt: new Date(Date.now() - PROVIDER_RECHECK_MS - 1000) })
        .where(eq(payments.id, pending!.id));
      const askedBefore = asked();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/payments/check',
          headers: { 'x-booking-token': booking.token },
          payload: { patient_id: booking.patientId },
        });
        expect(response.json().patient.payment_status).toBe('requires_action');
      }
      expect(asked() - askedBefore).toBe(1);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/payments/check',
        headers: { 'x-booking-token': booking.holdToken },
        payload: { patient_id: booking.patientId },
      });
      expect(wrong.statusCode).toBe(404);
    });

    it('refunds a late success whose hold was lost and slot taken, and tells the patient', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'late@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      await takenByAnotherVisitor(booking.slot.id);
      const intent = fake.intents.get(pending!.providerPaymentId!)!;
      intent.status = 'succeeded';
      expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
      const [row] = await paymentsOf(booking.patientId);
      expect(row?.status).toBe('refunded');
      expect(row?.refundId).toMatch(/^re_fake_/);
      expect(fake.refunds.find((refund) => refund.payment_intent === intent.id)?.idempotencyKey).toBe(
        `${row!.idempotencyKey}-refund`,
      );
      expect(await appointmentOf(t.database.db, booking.patientId)).toMatchObject({ status: 'cancelled' });
      const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot.id));
      expect(slot).toMatchObject({ status: 'pending', holdTokenHash: 'another-visitor' });
      const mails = await mailTo('late@example.ie');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/refunded/);
      expect(mails[0]?.textBody).toContain('€180');
    });
  });

  it('answers the payment as it ended when a webhook settled it first (refunded: the time was taken)', async () => {
    const booking = await createBooking(t.app, t.database.db, { form: { email: 'overtaken@example.ie' } });
    const stalled = fake.stall('confirm');
    const paying = pay(t.app, booking);
    await stalled.reached;
    const [pending] = await paymentsOf(booking.patientId);
    await takenByAnotherVisitor(booking.slot.id);
    const intent = fake.intents.get(pending!.providerPaymentId!)!;
    expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
    expect((await paymentsOf(booking.patientId))[0]?.status).toBe('refunded');
    stalled.release();
    const answer = await paying;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      code: 'slot_taken',
      error_messages: 'Sorry, this time has just been taken. Please choose another.',
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
        expect(response.json()).toEqual({
          code: 'webhook_unreadable',
          error_messages: paymentTexts.webhookShape,
        });
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
        expect(response.json()).toEqual({
          code: 'webhook_unreadable',
          error_messages: paymentTexts.webhookShape,
        });
      }
    });

    it('books nothing for a succeeded payment of another amount, and says why to staff', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      const intent = { ...fake.intents.get(pending!.providerPaymentId!)!, status: 'succeeded', amount: 1 };
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
    await t.database.db.delete(appointments).where(eq(appointments.patientId, booking.patientId));
    await t.database.db.delete(patients).where(eq(patients.id, booking.patientId));
    const intent = fake.intents.get(pending!.providerPaymentId!)!;
    intent.status = 'succeeded';
    expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, pending!.id));
    expect(row?.status).toBe('refunded');
    expect(await slotStatus(booking.slot.id)).not.toBe('booked');
  });

  describe('the payment settlement job', () => {
    // A clock the test moves: each run comes half an hour after the last, past the grace and every backoff.
    let clock = Date.now();
    const settle = () => {
      clock += 30 * 60_000;
      return settlePayments(t.app.appointments, new Date(clock));
    };

    it('refunds later a late success whose first refund failed, and tells the patient once', async () => {
      const booking = await createBooking(t.app, t.database.db, { form: { email: 'retry@example.ie' } });
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      await takenByAnotherVisitor(booking.slot.id);
      const intent = fake.intents.get(pending!.providerPaymentId!)!;
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
      fake.intents.get(pending!.providerPaymentId!)!.status = 'succeeded';
      expect(await settle()).toContain(pending!.id);
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('succeeded');
      expect(await slotStatus(booking.slot.id)).toBe('booked');
      expect(await mailTo('closed@example.ie')).toHaveLength(1);
    });

    it('logs each payment it could not settle, with its id and no personal data, and carries on', async () => {
      const stuck = await createBooking(t.app, t.database.db, { form: { email: 'stuck@example.ie' } });
      await pay(t.app, stuck, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(stuck.patientId);
      const warn = vi.fn();
      const down = providerFailure('provider_unavailable', paymentTexts.providerDown);
      const context = {
        ...t.app.appointments,
        provider: {
          ...t.app.appointments.provider,
          retrieve: () => Promise.reject(down),
        },
        log: { info: vi.fn(), warn, error: vi.fn() },
      };
      clock += 30 * 60_000;
      expect(await settlePayments(context, new Date(clock))).toContain(pending!.id);
      expect(warn).toHaveBeenCalledWith(
        {
          payment: pending!.id,
          status: 'requires_action',
          err: expect.objectContaining({ message: paymentTexts.providerDown }),
        },
        'payment not settled; the settlement job asks again later',
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain('stuck@example.ie');
      expect((await paymentsOf(stuck.patientId))[0]?.status).toBe('requires_action');
    });

    it('leaves a payment alone while its webhook may still come', async () => {
      const booking = await createBooking(t.app, t.database.db);
      await pay(t.app, booking, { token: 'pm_card_threeDSecure2Required' });
      const [pending] = await paymentsOf(booking.patientId);
      fake.intents.get(pending!.providerPaymentId!)!.status = 'succeeded';
      const ids = await settlePayments(t.app.appointments, new Date());
      expect(ids).not.toContain(pending!.id);
      expect((await paymentsOf(booking.patientId))[0]?.status).toBe('requires_action');
    });
  });

  it('ignores events of other kinds and payments it does not know, once each', async () => {
    const intent = { ...fake.intents.values().next().value!, id: 'pi_someone_else', metadata: {} };
    expect((await sendWebhook(webhookEvent(intent))).statusCode).toBe(200);
    expect((await sendWebhook(webhookEvent(intent, 'charge.refunded'))).statusCode).toBe(200);
  });

  it('changes nothing for a signed event naming an unknown PaymentIntent, whatever its metadata says', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const declined = await pay(t.app, booking, { token: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    const [failed] = await paymentsOf(booking.patientId);
    const appointment = await appointmentOf(t.database.db, booking.patientId);
    const forgedIntent: FakeIntent = {
      ...fake.intents.get(failed!.providerPaymentId!)!,
      id: 'pi_unknown_to_the_clinic',
      status: 'succeeded',
      metadata: { payment_id: String(failed!.id), transaction_row_id: String(failed!.id) },
    };
    const refundsBefore = fake.refunds.length;
    expect((await sendWebhook(webhookEvent(forgedIntent))).statusCode).toBe(200);
    expect(await paymentsOf(booking.patientId)).toEqual([failed]);
    expect(await appointmentOf(t.database.db, booking.patientId)).toEqual(appointment);
    expect(await slotStatus(booking.slot.id)).toBe('pending');
    expect(fake.refunds).toHaveLength(refundsBefore);
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
