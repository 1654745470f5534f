import type Stripe from 'stripe';
import { z } from 'zod';
import { hasForbiddenCharacter } from '../../http/input-guards';
import type { ProviderPayment } from './payment-provider';
import { fromPaymentIntent, loadStripeSdk } from './stripe-provider';

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
const eventSchema = z.looseObject({ id: eventText(255).min(1), type: eventText(255).min(1) });

/** What a payment event must carry for us to act on it. */
const paymentIntentSchema = z.looseObject({
  id: eventText(255).min(1),
  status: eventText(64),
  amount: z.number().int().nonnegative(),
  currency: eventText(3).min(3),
  client_secret: eventText(255).nullish(),
  metadata: z.record(z.string(), eventText(500)).nullish(),
  last_payment_error: z.looseObject({ message: eventText(5000).nullish() }).nullish(),
});

/** The events that settle a payment: it succeeded, or it failed. */
const PAYMENT_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** A provider event as the appointments read it: which payment, and what it says of it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** For a payment event: the payment as the event says it is (a failed event's is always 'failed'). */
  payment?: ProviderPayment;
}

export type WebhookReading = { ok: true; event: PaymentEvent } | { ok: false; reason: 'signature' | 'shape' };

/**
 * Reads a Stripe webhook: the signature over the exact bytes Stripe sent (the SDK's static check, no client
 * needed), then the event's shape. Only a signed event of a shape this site can store and act on is read.
 */
export async function readStripeWebhook(
  body: Buffer,
  signature: string,
  secret: string,
): Promise<WebhookReading> {
  let event: Stripe.Event;
  try {
    event = (await loadStripeSdk()).webhooks.constructEvent(body, signature, secret);
  } catch {
    return { ok: false, reason: 'signature' };
  }
  // The SDK hands back whatever JSON was signed: `null` and `[1]` too.
  if (!eventSchema.safeParse(event).success) return { ok: false, reason: 'shape' };
  if (!(PAYMENT_EVENTS as readonly string[]).includes(event.type)) {
    return { ok: true, event: { id: event.id, type: event.type } };
  }
  const object = (event.data as { object?: unknown } | undefined)?.object;
  if (!paymentIntentSchema.safeParse(object).success) return { ok: false, reason: 'shape' };
  const payment = fromPaymentIntent(object as Stripe.PaymentIntent);
  return {
    ok: true,
    event: {
      id: event.id,
      type: event.type,
      // A failed event never reads as a success, whatever its payment says.
      payment: event.type === 'payment_intent.succeeded' ? payment : { ...payment, status: 'failed' },
    },
  };
}
