import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createPaymentProvider } from './create-payment-provider';
import { loadStripeSdk } from './stripe-provider';

describe('createPaymentProvider', () => {
  it('is the test-mode provider without a secret key', async () => {
    expect((await createPaymentProvider(undefined)).name).toBe('test');
  });

  it('imports the Stripe SDK it no longer loads at start when a secret key is set', async () => {
    expect(await loadStripeSdk()).toBe(Stripe);
    const provider = await createPaymentProvider({ secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc' });
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_abc');
  });
});
