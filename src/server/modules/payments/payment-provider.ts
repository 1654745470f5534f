import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { paymentTexts } from '../../../shared/payments';
import { HttpError } from '../../http/http-errors';

/** What the provider says of a payment: only `succeeded` lets a booking be marked paid. */
export type ProviderPaymentStatus = 'succeeded' | 'requires_action' | 'processing' | 'failed';

export interface ProviderPayment {
  /** The provider's payment id (a Stripe PaymentIntent id). */
  id: string;
  status: ProviderPaymentStatus;
  clientSecret: string;
  amountCents: number;
  /** ISO currency code, lower case. */
  currency: string;
  /** Our transaction's id, as we gave it in the payment's metadata. */
  transactionRowId?: number;
  failureMessage?: string;
}

export interface ChargeRequest {
  amountCents: number;
  currency: 'eur';
  /** The card payment method id the browser made (`pm_…`). */
  paymentMethod: string;
  /** Repeating a call with the same key never charges twice. */
  idempotencyKey: string;
  customerEmail?: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * A card payment provider (DESIGN.md section 2). Calls happen outside database transactions; the
 * idempotency keys make them safe to repeat.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** The key the browser's card form needs; none in test mode. */
  readonly publishableKey?: string;
  /**
   * Creates the payment and confirms it with the card at once. A declined card throws an HttpError 402
   * with the provider's text, an unusable payment method 422, a provider that cannot be reached 502.
   */
  charge(request: ChargeRequest): Promise<ProviderPayment>;
  /** The payment as the provider sees it now (the fallback when a webhook is late or lost). */
  retrieve(id: string): Promise<ProviderPayment>;
  /** Refunds a payment in full; answers the refund's id. */
  refund(paymentId: string, idempotencyKey: string): Promise<string>;
}

// ---------------------------------------------------------------------------------------------------
// Test mode: no STRIPE_SECRET_KEY. Stripe's test payment methods, no money moves.

export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
} as const;

const invalidMethod = () =>
  new HttpError(422, paymentTexts.invalidMethod, { token: [paymentTexts.invalidMethod] });

/**
 * The built-in test provider: `pm_card_visa` succeeds at once, `pm_card_chargeDeclined` is declined, any
 * other payment method is refused (422). It keeps its payments in memory, for retrieve and refund.
 */
export function createTestModeProvider(): PaymentProvider {
  const payments = new Map<string, ProviderPayment>();
  const byKey = new Map<string, ProviderPayment>();
  const refunds = new Map<string, string>();
  return {
    name: 'test',
    async charge(request) {
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier) return earlier;
      if (request.paymentMethod === TEST_PAYMENT_METHODS.declined) {
        throw new HttpError(402, paymentTexts.declined);
      }
      if (request.paymentMethod !== TEST_PAYMENT_METHODS.succeeds) throw invalidMethod();
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const payment: ProviderPayment = {
        id,
        status: 'succeeded',
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amountCents: request.amountCents,
        currency: request.currency,
        transactionRowId: Number(request.metadata.transaction_row_id) || undefined,
      };
      payments.set(id, payment);
      byKey.set(request.idempotencyKey, payment);
      return payment;
    },
    async retrieve(id) {
      const payment = payments.get(id);
      if (!payment) throw new HttpError(404, paymentTexts.transactionNotFound);
      return payment;
    },
    async refund(paymentId, idempotencyKey) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      const id = `re_test_${randomBytes(12).toString('hex')}`;
      refunds.set(idempotencyKey, id);
      void paymentId;
      return id;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Stripe

export interface StripeSettings {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local fake of the Stripe API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * The Stripe SDK, imported when it is first needed: it costs a start about 85 ms, and without
 * STRIPE_SECRET_KEY (test mode) it is never used.
 */
export async function loadStripeSdk(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

export function stripeClient(settings: StripeSettings, sdk: typeof Stripe): Stripe {
  return new sdk(settings.secretKey, {
    ...(settings.host
      ? { host: settings.host, port: settings.port, protocol: settings.protocol ?? 'https' }
      : {}),
    maxNetworkRetries: settings.host ? 0 : 2,
    timeout: 20_000,
    appInfo: { name: 'dublin-allergy-clinic' },
  });
}

function statusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'processing':
      return 'processing';
    default:
      // requires_payment_method after a failed attempt, canceled, requires_capture (never asked for).
      return 'failed';
  }
}

export function fromPaymentIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: statusOf(intent),
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: String(intent.currency ?? '').toLowerCase(),
    transactionRowId: Number(intent.metadata?.transaction_row_id) || undefined,
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}

/** Stripe's errors as the API's: a declined card 402 with Stripe's own text, a bad method 422, else 502. */
function stripeError(sdk: typeof Stripe, error: unknown): HttpError {
  if (error instanceof sdk.errors.StripeCardError) {
    return new HttpError(402, error.message || paymentTexts.declined);
  }
  if (error instanceof sdk.errors.StripeInvalidRequestError) return invalidMethod();
  return new HttpError(502, paymentTexts.providerDown);
}

export function createStripeProvider(
  settings: StripeSettings,
  sdk: typeof Stripe,
  client = stripeClient(settings, sdk),
): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async charge(request) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: request.paymentMethod,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: request.description,
            metadata: request.metadata,
            ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromPaymentIntent(intent);
      } catch (error) {
        throw stripeError(sdk, error);
      }
    },
    async retrieve(id) {
      try {
        return fromPaymentIntent(await client.paymentIntents.retrieve(id));
      } catch (error) {
        throw stripeError(sdk, error);
      }
    },
    async refund(paymentId, idempotencyKey) {
      try {
        const refund = await client.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
        return refund.id;
      } catch {
        throw new HttpError(502, paymentTexts.refundFailed);
      }
    },
  };
}

/** Stripe when STRIPE_SECRET_KEY is set, the test-mode provider otherwise. */
export async function createPaymentProvider(stripe: StripeSettings | undefined): Promise<PaymentProvider> {
  return stripe ? createStripeProvider(stripe, await loadStripeSdk()) : createTestModeProvider();
}
