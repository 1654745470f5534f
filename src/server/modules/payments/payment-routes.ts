import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { createPayment, getPaymentConfig, stripeWebhook } from '../../../shared/api/payment-endpoints';
import { BOOKING_TOKEN_HEADER } from '../../../shared/booking';
import { paymentTexts } from '../../../shared/payments';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { hasForbiddenCharacter } from '../../http/input-guards';
import { bookingTokenHashOf } from '../bookings/booking-service';
import { fromPaymentIntent, loadStripeSdk } from './payment-provider';
import { findTransactionByProviderId, findTransactionRow, recordPaymentEvent } from './payment-repository';
import { applyProviderPayment, payForBooking } from './payment-service';

/** Payments one address may try in a minute: a few cards, not a card-testing script. */
export const PAYMENTS_PER_MINUTE = 10;

/** A webhook body is small; Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Text of a webhook event the database can store: Stripe's signature says who sent an event, not that its
 * text holds no NUL (PostgreSQL refuses it in text) or other control characters.
 */
const eventText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasForbiddenCharacter(text));

/** Every event: an id and a type, kept so a repeated delivery is recognised. */
const webhookEvent = z.looseObject({ id: eventText(255).min(1), type: eventText(255).min(1) });

/** What a payment event must carry for us to act on it. */
const webhookPaymentIntent = z.looseObject({
  id: eventText(255).min(1),
  status: eventText(64),
  amount: z.number().int().nonnegative(),
  currency: eventText(3).min(3),
  client_secret: eventText(255).nullish(),
  metadata: z.record(z.string(), eventText(500)).nullish(),
  last_payment_error: z.looseObject({ message: eventText(5000).nullish() }).nullish(),
});

/** Public payment calls: the card payment of a booking, the browser's settings, and Stripe's webhook. */
export async function paymentRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;
  const provider = api.payments;

  route(api, getPaymentConfig, async () =>
    provider.name === 'stripe' && provider.publishableKey
      ? { mode: 'stripe' as const, publishable_key: provider.publishableKey }
      : { mode: 'test' as const },
  );

  route(
    api,
    createPayment,
    async (request) =>
      payForBooking(
        db,
        provider,
        api.config,
        request.body,
        bookingTokenHashOf(request.headers[BOOKING_TOKEN_HEADER]),
      ),
    { config: { rateLimit: { max: PAYMENTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  // The signature covers the exact bytes Stripe sent: this scope reads JSON bodies as raw buffers.
  await api.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const secret = api.config.stripe?.webhookSecret;
    // Stripe's signature check needs no client of its own: the SDK's static `webhooks`.
    const signatures = provider.name === 'stripe' && secret ? (await loadStripeSdk()).webhooks : undefined;

    route(webhooks, stripeWebhook, async (request) => {
      if (!signatures || !secret) throw new HttpError(404, paymentTexts.webhookOff);
      const signature = request.headers['stripe-signature'];
      const body = request.body as unknown;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw new HttpError(400, paymentTexts.webhookSignature);
      }
      let event: Stripe.Event;
      try {
        event = signatures.constructEvent(body, signature, secret);
      } catch {
        throw new HttpError(400, paymentTexts.webhookSignature);
      }
      // The SDK hands back whatever JSON was signed: `null` and `[1]` too.
      if (!webhookEvent.safeParse(event).success) throw new HttpError(400, paymentTexts.webhookShape);
      if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
        await recordPaymentEvent(db, event.id, event.type);
        return { received: true };
      }
      if (!webhookPaymentIntent.safeParse(event.data?.object).success)
        throw new HttpError(400, paymentTexts.webhookShape);
      const payment = fromPaymentIntent(event.data.object as Stripe.PaymentIntent);
      const row =
        (await findTransactionByProviderId(db, payment.id)) ??
        (payment.transactionRowId ? await findTransactionRow(db, payment.transactionRowId) : undefined);
      if (!row || (row.transactionId && row.transactionId !== payment.id)) {
        await recordPaymentEvent(db, event.id, event.type);
        return { received: true };
      }
      // The event's own status decides; a failed event never undoes a payment that succeeded.
      const settled =
        event.type === 'payment_intent.succeeded' ? payment : { ...payment, status: 'failed' as const };
      const outcome = await applyProviderPayment(db, provider, api.config, row.id, settled, {
        id: event.id,
        type: event.type,
      });
      if (outcome === 'amount_mismatch')
        request.log.error(
          { transaction: row.id, event: event.id },
          'webhook payment amount or currency differs',
        );
      return { received: true };
    });
  });
}
