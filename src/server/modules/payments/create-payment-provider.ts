import type { PaymentProvider } from './payment-provider';
import { createStripeProvider, loadStripeSdk, type StripeSettings } from './stripe-provider';
import { createTestModeProvider } from './test-mode-provider';

/** Stripe with its settings (PAYMENTS=stripe), the built-in test mode otherwise. */
export async function createPaymentProvider(
  stripe: StripeSettings | undefined,
  testMode: { delayMs?: number } = {},
): Promise<PaymentProvider> {
  return stripe ? createStripeProvider(stripe, await loadStripeSdk()) : createTestModeProvider(testMode);
}
