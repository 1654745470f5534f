import { z } from 'zod';
import { visitorAppointmentResponseSchema } from './booking';
import { formatEuro } from './euro';

/** Payments of paid bookings (spec sections 3 'Payment request', 4 'Payment status', 7). */

export const paymentTexts = {
  declined: 'Your card was declined.',
  invalidMethod: 'The card could not be used. Please check its details or use another card.',
  providerDown: 'The payment could not be taken right now. Please try again in a few minutes.',
  amountMismatch:
    'The payment provider reported another amount or currency than the one asked for; nothing was booked. Check the payment in the provider dashboard.',
  alreadyPaid: 'This booking has already been paid.',
  inProgress: 'A payment for this booking is already in progress.',
  cancelled: 'This booking was cancelled and refunded. Please choose a new time.',
  cancelledUnpaid: 'This booking was cancelled. Please choose a new time.',
  wrongPatient: 'This booking token does not belong to that patient.',
  bookingNotFound: 'Booking not found',
  refundOnlySucceeded: 'Only a paid appointment can be refunded.',
  refundInProgress: 'A refund of this appointment is already under way.',
  refundFailed: 'The refund could not be processed. Try it later.',
  neverCharged: 'The payment was never completed; nothing was charged.',
  refunded: 'Refund has been successfully processed',
  /** Staff's refunds (issue 32): a part of a payment, or all that is left, with a reason. */
  amountInvalid: 'amount must be an amount in euro with at most two decimals, e.g. 20 or 20.50',
  amountNotPositive: 'amount must be more than 0',
  amountTooLarge: 'amount must be at most €100,000',
  refundTooLarge: (left: number) =>
    `That is more than what is left of the payment to give back: at most ${formatEuro(left / 100)}.`,
  /** No one of the appointment's payments has that much left (each refund comes from one payment). */
  refundTooLargeForOne: (left: number) =>
    `That is more than any one payment of this appointment has left to give back: at most ${formatEuro(left / 100)} from one payment. Choose the payment, or give back less.`,
  paymentIdInvalid: "payment_id must be the id of one of the appointment's payments",
  /** 422 on payment_id: not one of the appointment's payments, or nothing is left of it to give back. */
  paymentNotRefundable: 'Nothing is left to give back of that payment of this appointment.',
  refundUnconfirmed: (amount: number) =>
    `The card provider has not confirmed an earlier refund of ${formatEuro(amount / 100)} of this payment. Refund ${formatEuro(amount / 100)} again to finish it first.`,
  reasonTooLong: 'reason is at most 500 characters',
  reasonNotText: 'reason must be text',
  /** Money taken at the desk. */
  deskMethodInvalid: 'method must be cash or card_terminal',
  deskNotAllowed:
    'Money taken at the desk is recorded on an appointment staff booked, once booked and until it is cancelled.',
  deskPaymentRecorded: 'The payment was recorded.',
  deskPaymentTooLarge: (left: number) =>
    left > 0
      ? `At most ${formatEuro(left / 100)} is left to pay (the appointment's price less what was paid).`
      : 'Nothing is left to pay for this appointment.',
  appointmentNotFound: 'Transaction not found',
  webhookShape: 'The webhook event is not a payment event this site can read.',
  webhookSignature: 'The webhook signature is not valid.',
  webhookOff: 'Stripe is not configured.',
  payFor: (amount: string) => `Pay ${amount} €`,
} as const;

const PAYMENT_METHOD_PATTERN = /^pm_[A-Za-z0-9_]{1,100}$/;

/**
 * `POST /api/payments`: the spec's payment request. `price` (cents) is what the browser showed; the amount
 * charged is the slot's price from the database, whatever is sent here.
 */
export const paymentRequestSchema = z
  .object({
    customer_email: z.email({ error: 'Mail is invalid.' }).max(254, 'Mail is invalid.').optional(),
    price: z.number({ error: 'price must be a number of cents' }).int().min(0).max(100_000_000).optional(),
    patient_id: z.number({ error: 'patient_id must be a patient id' }).int().min(1).max(2_147_483_647),
    /** A card payment method id (`pm_…`), made by Stripe Elements in the browser or a test card in test mode. */
    token: z
      .string({ error: paymentTexts.invalidMethod })
      .regex(PAYMENT_METHOD_PATTERN, paymentTexts.invalidMethod),
  })
  .strict();
export type PaymentRequest = z.output<typeof paymentRequestSchema>;

export const paymentResponseSchema = z.object({
  payment_intent_client_secret: z.string(),
  /** True when the card needs 3-D Secure: the browser confirms it with Stripe.js, the webhook books the slot. */
  requires_action: z.boolean().optional(),
  status: z.string(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** `POST /api/payments/check`: the booking whose payment the browser waits for (after a 3-D Secure check). */
export const paymentCheckRequestSchema = z
  .object({
    patient_id: z.number({ error: 'patient_id must be a patient id' }).int().min(1).max(2_147_483_647),
  })
  .strict();

/** The booking as `GET /api/patients/:id` answers it, once the provider has been asked about its payment. */
export const paymentCheckResponseSchema = visitorAppointmentResponseSchema;

export const paymentConfigResponseSchema = z.object({
  mode: z.enum(['test', 'stripe']),
  publishable_key: z.string().optional(),
});

export const webhookResponseSchema = z.object({ received: z.boolean() });
