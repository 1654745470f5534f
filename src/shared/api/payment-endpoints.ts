import {
  paymentCheckRequestSchema,
  paymentCheckResponseSchema,
  paymentConfigResponseSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
  transactionIdParams,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
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

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/transactions',
  summary:
    "Booking appointments, newest first, each with its latest payment (ids are the appointments'); is_video_call filters the kind, search_transaction searches the patient name and e-mail",
  access: 'admin',
  query: transactionsQuerySchema,
  response: transactionsResponseSchema,
});

export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/admin/transactions/:id',
  summary: 'One booking appointment with its patient (the read is audited)',
  access: 'admin',
  params: transactionIdParams,
  response: transactionResponseSchema,
});

export const createRefund = defineEndpoint({
  method: 'POST',
  path: '/api/admin/refunds',
  summary:
    "Refunds a paid appointment (transaction_id: the appointment's id) through its provider, records it, frees the slot if it is in the future and e-mails the patient; 422 for any other state",
  access: 'admin',
  body: refundRequestSchema,
  response: refundResponseSchema,
});
