import {
  paymentCheckRequestSchema,
  paymentCheckResponseSchema,
  paymentConfigResponseSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  webhookResponseSchema,
} from '../payments';
import { defineEndpoint } from './endpoint';

export const getPaymentConfig = defineEndpoint({
  method: 'GET',
  path: '/api/payments/config',
  summary: "How the browser takes a card: { mode: 'test' } or { mode: 'stripe', publishable_key }",
  access: 'public',
  response: paymentConfigResponseSchema,
});

export const createPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments',
  summary:
    "Pays a booking (X-Booking-Token) with a card payment method id (token); charges the slot's price from the database, whatever price says; 402 when declined, 409 when already paid or the time was taken",
  access: 'public',
  body: paymentRequestSchema,
  response: paymentResponseSchema,
});

export const checkPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/check',
  summary:
    "Asks the card provider about a booking's payment in progress (X-Booking-Token), after the browser's 3-D Secure check, and answers the booking as GET /api/patients/:id does",
  access: 'public',
  body: paymentCheckRequestSchema,
  response: paymentCheckResponseSchema,
});

export const stripeWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  summary:
    'Stripe events (payment_intent.succeeded, payment_intent.payment_failed), signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature); each event is handled once',
  access: 'public',
  /** The signed bytes as Stripe sent them: the route's scope reads JSON as a raw buffer (up to 256 KB). */
  rawBody: true,
  response: webhookResponseSchema,
});
