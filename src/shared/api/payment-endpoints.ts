import type { BOOKING_TOKEN_HEADER } from '../booking';
import type {
  paymentCheckRequestSchema,
  paymentCheckResponseSchema,
  paymentConfigResponseSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  webhookResponseSchema,
} from '../payments';
import { defineEndpoint } from './endpoint';

export const getPaymentConfig = defineEndpoint<{ response: typeof paymentConfigResponseSchema }>()({
  method: 'GET',
  path: '/api/payments/config',
  access: 'public',
});

export const createPayment = defineEndpoint<{
  body: typeof paymentRequestSchema;
  response: typeof paymentResponseSchema;
}>()({
  method: 'POST',
  path: '/api/payments',
  access: 'public',
  headers: { bookingToken: 'x-booking-token' satisfies typeof BOOKING_TOKEN_HEADER },
});

export const checkPayment = defineEndpoint<{
  body: typeof paymentCheckRequestSchema;
  response: typeof paymentCheckResponseSchema;
}>()({
  method: 'POST',
  path: '/api/payments/check',
  access: 'public',
  headers: { bookingToken: 'x-booking-token' satisfies typeof BOOKING_TOKEN_HEADER },
});

/** Stripe's events, signed (Stripe-Signature); no browser calls it. */
export const stripeWebhook = defineEndpoint<{ response: typeof webhookResponseSchema }>()({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'public',
});
