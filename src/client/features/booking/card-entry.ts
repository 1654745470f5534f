import type { Ref } from 'react';

/** What a card form makes of the card when the patient pays. */
type CardResult =
  | { kind: 'method'; paymentMethodId: string }
  /** Some of the card's details are missing: 'FILL THE CARD INFO' (spec section 5). */
  | { kind: 'incomplete' }
  /** The card cannot be used; the text says why. */
  | { kind: 'error'; message: string };

/** A card form as the payment step drives it (the test-mode form, or Stripe Elements). */
export interface CardEntry {
  createPaymentMethod(): Promise<CardResult>;
  /** Completes a card check the bank asks for (3-D Secure); answers the provider's message when it fails. */
  handleNextAction(clientSecret: string): Promise<{ error?: string }>;
}

export interface CardFormProps {
  ref: Ref<CardEntry>;
  /** The card fields are marked invalid after 'FILL THE CARD INFO'. */
  invalid: boolean;
  /** Called when the patient changes the card's details. */
  onEdit: () => void;
  disabled: boolean;
}
