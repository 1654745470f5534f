import type Stripe from 'stripe';
import { paymentTexts } from '../../../shared/payments';
import { type DomainError, declined, fieldError, providerFailure, refused } from '../../domain-errors';
import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local fake of the Stripe API (STRIPE_API_URL). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Tests only (never from configuration): the SDK's timeout of one call, and its retries of a call that failed. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/**
 * How long one call to Stripe may take before the SDK gives up on it, and how often it then tries again (with
 * the same key): a payment makes two calls, so at worst 2 × 2 × 10 s, inside the server's 60 s connection timeout.
 */
const STRIPE_TIMEOUT_MS = 10_000;
const STRIPE_RETRIES = 1;

/**
 * The Stripe SDK, imported when it is first needed: it costs a start about 85 ms, and in test mode it is never
 * used.
 */
export async function loadStripeSdk(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

function stripeClient(settings: StripeSettings, sdk: typeof Stripe): Stripe {
  return new sdk(settings.secretKey, {
    ...(settings.host
      ? { host: settings.host, port: settings.port, protocol: settings.protocol ?? 'https' }
      : {}),
    maxNetworkRetries: settings.maxNetworkRetries ?? (settings.host ? 0 : STRIPE_RETRIES),
    timeout: settings.timeoutMs ?? STRIPE_TIMEOUT_MS,
    appInfo: { name: 'dublin-allergy-clinic' },
  });
}

function statusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'requires_payment_method':
    case 'requires_confirmation':
      // Created and never charged, or a charge that failed (Stripe says why).
      return intent.last_payment_error ? 'failed' : 'requires_confirmation';
    default:
      // canceled; requires_capture is never asked for.
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
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}

/**
 * A refund as Stripe made it: `pending` until the money went back (a refund that failed or was cancelled is refused
 * for good: nothing went back).
 */
function providerRefundOf(refund: Stripe.Refund): ProviderRefund {
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw refused('refund_failed', paymentTexts.refundFailed);
  }
  return { id: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
}

/**
 * Stripe's errors as domain errors: a declined card with Stripe's own text, a bad method refused, else down. A
 * PaymentIntent in a state that cannot be confirmed (it succeeded or was cancelled meanwhile, by another try of
 * the same payment) is not the card's fault: down too, so the payment is asked about rather than failed.
 */
function stripeError(sdk: typeof Stripe, error: unknown): DomainError {
  if (error instanceof sdk.errors.StripeCardError)
    return declined('card_declined', error.message || paymentTexts.declined);
  if (
    error instanceof sdk.errors.StripeInvalidRequestError &&
    error.code !== 'payment_intent_unexpected_state'
  ) {
    return refused(
      'payment_method_invalid',
      paymentTexts.invalidMethod,
      fieldError('token', paymentTexts.invalidMethod),
    );
  }
  return providerFailure('provider_unavailable', paymentTexts.providerDown);
}

const isMissing = (sdk: typeof Stripe, error: unknown) =>
  error instanceof sdk.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export function createStripeProvider(
  settings: StripeSettings,
  sdk: typeof Stripe,
  client = stripeClient(settings, sdk),
): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async create(request) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: request.description,
            metadata: request.metadata,
            ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromPaymentIntent(intent);
      } catch {
        throw providerFailure('provider_unavailable', paymentTexts.providerDown);
      }
    },
    async confirm(id, paymentMethod, idempotencyKey) {
      try {
        return fromPaymentIntent(
          await client.paymentIntents.confirm(id, { payment_method: paymentMethod }, { idempotencyKey }),
        );
      } catch (error) {
        throw stripeError(sdk, error);
      }
    },
    async retrieve(id) {
      try {
        return fromPaymentIntent(await client.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(sdk, error)) return undefined;
        throw providerFailure('provider_unavailable', paymentTexts.providerDown);
      }
    },
    async cancel(id) {
      try {
        await client.paymentIntents.cancel(id);
      } catch (error) {
        // Already canceled or never known: nothing of it can be charged any more.
        if (!(error instanceof sdk.errors.StripeInvalidRequestError)) {
          throw providerFailure('provider_unavailable', paymentTexts.providerDown);
        }
      }
    },
    async refund(id, { amountCents, idempotencyKey, rest }) {
      const params: Stripe.RefundCreateParams = {
        payment_intent: id,
        amount: amountCents,
        // The refund's own key: found in the payment's refunds when Stripe's answer to it was lost.
        metadata: { refund_key: idempotencyKey },
      };
      /**
       * This refund if Stripe made it (its answer lost); when `rest` and Stripe says the payment is refunded in full
       * already, the payment's latest refund (made in Stripe's dashboard, or this one made before its key was kept).
       */
      const refundMade = async (fullyRefunded: boolean) => {
        const list = await client.refunds.list({ payment_intent: id, limit: 100 });
        const made = list.data.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
        return (
          made.find((refund) => refund.metadata?.refund_key === idempotencyKey) ??
          (rest && fullyRefunded ? made[0] : undefined)
        );
      };
      try {
        return providerRefundOf(await client.refunds.create(params, { idempotencyKey }));
      } catch (error) {
        const fullyRefunded =
          error instanceof sdk.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded';
        if (error instanceof sdk.errors.StripeInvalidRequestError && !fullyRefunded) {
          throw refused('refund_failed', error.message || paymentTexts.refundFailed);
        }
        // Refunded already (its answer lost, or in Stripe's dashboard), or not: Stripe's list of the payment's
        // refunds says. Stripe answers its own 500 again to every request with the same key for a day, so after
        // one, a refund it has not made is asked for with a key of its own (its metadata keeps the refund's): it
        // never refunds more than was paid.
        try {
          const made = await refundMade(fullyRefunded);
          if (made) return providerRefundOf(made);
          if (error instanceof sdk.errors.StripeAPIError && error.statusCode === 500) {
            return providerRefundOf(
              await client.refunds.create(params, { idempotencyKey: `${idempotencyKey}-${Date.now()}` }),
            );
          }
        } catch (again) {
          if (again instanceof sdk.errors.StripeInvalidRequestError) {
            throw refused('refund_failed', again.message || paymentTexts.refundFailed);
          }
          // Still unreachable: the refund is asked for again later.
        }
        if (fullyRefunded) throw refused('refund_failed', paymentTexts.refundFailed);
        throw providerFailure('refund_failed', paymentTexts.refundFailed);
      }
    },
  };
}
