import {
  paymentCheckRequestSchema,
  paymentCheckResponseSchema,
  paymentConfigResponseSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  webhookResponseSchema,
} from '../payments';
import { withSchemas } from './endpoint-schemas';
import * as api from './payment-endpoints';

export const getPaymentConfig = withSchemas(api.getPaymentConfig, {
  summary: "How the browser takes a card: { mode: 'test' } or { mode: 'stripe', publishable_key }",
  response: paymentConfigResponseSchema,
});

export const createPayment = withSchemas(api.createPayment, {
  summary:
    "Pays a booking (X-Booking-Token) with a card payment method id (token); charges the slot's price from the database, whatever price says; 402 when declined, 409 when already paid or the time was taken",
  body: paymentRequestSchema,
  response: paymentResponseSchema,
});

export const checkPayment = withSchemas(api.checkPayment, {
  summary:
    "Asks the card provider about a booking's payment in progress (X-Booking-Token), after the browser's 3-D Secure check, and answers the booking as GET /api/patients/:id does",
  body: paymentCheckRequestSchema,
  response: paymentCheckResponseSchema,
});

export const stripeWebhook = withSchemas(api.stripeWebhook, {
  summary:
    'Stripe events (payment_intent.succeeded, payment_intent.payment_failed), signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature); each event is handled once',
  /** The signed bytes as Stripe sent them: the route's scope reads JSON as a raw buffer (up to 256 KB). */
  rawBody: true,
  response: webhookResponseSchema,
});
