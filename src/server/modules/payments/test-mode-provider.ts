import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { paymentTexts } from '../../../shared/payments';
import { declined, fieldError, refused } from '../../domain-errors';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './payment-provider';

/** The test cards of test mode: Stripe's own test payment method ids, so the browser's test form is the same. */
export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
} as const;

const invalidMethod = () =>
  refused(
    'payment_method_invalid',
    paymentTexts.invalidMethod,
    fieldError('token', paymentTexts.invalidMethod),
  );
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The built-in provider when no Stripe key is set (PAYMENTS=test): no money moves. `pm_card_visa` succeeds,
 * `pm_card_chargeDeclined` is declined, any other payment method is refused. It keeps its payments in this
 * process's memory, as a provider would on its side: after a restart it knows none of them, so a payment left
 * unfinished by a crash is one "the provider never saw". `delayMs` makes every call that long (the failure
 * tests stop the server in the middle of one).
 */
export function createTestModeProvider(options: { delayMs?: number } = {}): PaymentProvider {
  const payments = new Map<string, ProviderPayment>();
  const byKey = new Map<string, ProviderPayment>();
  const refunds = new Map<string, ProviderRefund>();
  /** Cents refunded of each payment. */
  const refunded = new Map<string, number>();
  const wait = () => (options.delayMs ? sleep(options.delayMs) : Promise.resolve());

  function remember(key: string, payment: ProviderPayment): ProviderPayment {
    payments.set(payment.id, payment);
    byKey.set(key, payment);
    return payment;
  }

  return {
    name: 'test',
    async create(request) {
      await wait();
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier) return earlier;
      const id = randomId('pi_test');
      return remember(request.idempotencyKey, {
        id,
        status: 'requires_confirmation',
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amountCents: request.amountCents,
        currency: request.currency,
      });
    },
    async confirm(id, paymentMethod, idempotencyKey) {
      await wait();
      const earlier = byKey.get(idempotencyKey);
      if (earlier?.status === 'failed') throw declined('card_declined', paymentTexts.declined);
      if (earlier) return earlier;
      const payment = payments.get(id);
      if (!payment) throw refused('payment_unknown', paymentTexts.bookingNotFound);
      if (paymentMethod === TEST_PAYMENT_METHODS.declined) {
        remember(idempotencyKey, { ...payment, status: 'failed', failureMessage: paymentTexts.declined });
        throw declined('card_declined', paymentTexts.declined);
      }
      if (paymentMethod !== TEST_PAYMENT_METHODS.succeeds) throw invalidMethod();
      return remember(idempotencyKey, { ...payment, status: 'succeeded' });
    },
    async retrieve(id) {
      await wait();
      return payments.get(id);
    },
    async cancel(id) {
      await wait();
      const payment = payments.get(id);
      if (payment) payments.set(id, { ...payment, status: 'failed' });
    },
    async refund(id, { amountCents, idempotencyKey }) {
      await wait();
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      // A payment made before a restart is unknown here: refunded as asked, as the server's records say it may be.
      const payment = payments.get(id);
      const left = payment ? payment.amountCents - (refunded.get(id) ?? 0) : amountCents;
      if (amountCents > left) throw refused('refund_failed', paymentTexts.refundFailed);
      const refund: ProviderRefund = { id: randomId('re_test'), status: 'succeeded' };
      refunds.set(idempotencyKey, refund);
      refunded.set(id, (refunded.get(id) ?? 0) + amountCents);
      return refund;
    },
  };
}
