import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CardFormProps } from './card-entry';
import { loadStripe, type Stripe, type StripeCardElement } from './stripe-js';

const FAILED_TO_LOAD = 'The card form could not be loaded. Please check your connection and reload the page.';

/**
 * Stripe Elements' card field (with STRIPE_PUBLISHABLE_KEY): the card's details go to Stripe only, we get
 * a payment method id. Stripe.js is loaded from js.stripe.com when this step opens, never before.
 */
export default function StripeCardForm({
  ref,
  invalid,
  onEdit,
  disabled,
  publishableKey,
}: CardFormProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const completeRef = useRef(false);
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [cardError, setCardError] = useState<string>();

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountRef.current) return;
        stripeRef.current = stripe;
        card = stripe.elements({ locale: 'en' }).create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', color: '#1b2a3a' } },
        });
        card.on('change', (event) => {
          completeRef.current = event.complete;
          setCardError(event.error?.message);
          onEditRef.current();
        });
        card.mount(mountRef.current);
        cardRef.current = card;
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      card?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey]);

  useEffect(() => cardRef.current?.update({ disabled }), [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const stripe = stripeRef.current;
        const card = cardRef.current;
        if (!stripe || !card) return { kind: 'error', message: FAILED_TO_LOAD };
        if (!completeRef.current) return { kind: 'incomplete' };
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
        return paymentMethod
          ? { kind: 'method', paymentMethodId: paymentMethod.id }
          : { kind: 'error', message: error?.message ?? FAILED_TO_LOAD };
      },
      async handleNextAction(clientSecret) {
        const stripe = stripeRef.current;
        if (!stripe) return { error: FAILED_TO_LOAD };
        const { error } = await stripe.handleNextAction({ clientSecret });
        return error ? { error: error.message ?? 'The card check failed.' } : {};
      },
    }),
    [],
  );

  return (
    <div className="card-form">
      <p className="field__label" id="stripe-card-label">
        Card details
      </p>
      <div
        ref={mountRef}
        className={`card-form__stripe${invalid ? ' card-form__stripe--invalid' : ''}`}
        aria-busy={state === 'loading' || undefined}
      />
      {state === 'loading' && <p role="status">Loading the secure card form…</p>}
      {state === 'failed' && (
        <p role="alert" className="field__error">
          {FAILED_TO_LOAD}
        </p>
      )}
      {cardError && (
        <p role="alert" className="field__error">
          {cardError}
        </p>
      )}
    </div>
  );
}
