/**
 * The little of Stripe.js the payment step uses, and its loader. Stripe.js must come from js.stripe.com
 * (never bundled); the payment page's Content-Security-Policy allows it on that page only.
 */

export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(
    event: 'change',
    handler: (event: { complete: boolean; empty: boolean; error?: { message: string } }) => void,
  ): void;
  update(options: { disabled?: boolean }): void;
}

interface StripeError {
  message?: string;
}

export interface Stripe {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { email?: string; name?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => Stripe;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3';

let loading: Promise<Stripe> | undefined;

/** Loads Stripe.js once (a script from js.stripe.com) and answers Stripe for the publishable key. */
export function loadStripe(publishableKey: string): Promise<Stripe> {
  loading ??= new Promise<(key: string) => Stripe>((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start')),
    );
    script.addEventListener('error', () => reject(new Error('Stripe.js could not be loaded')));
    document.head.append(script);
  })
    .then((stripe) => stripe(publishableKey))
    .catch((error: unknown) => {
      loading = undefined; // a later try loads it again
      throw error;
    });
  return loading;
}
