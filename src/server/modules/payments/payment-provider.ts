import type { PaymentProviderName } from '../../db/schema';

/**
 * What the provider says of a payment. `requires_confirmation`: created, the card never charged (nothing was
 * taken); `requires_action`: the card wants 3-D Secure in the browser; only `succeeded` books an appointment.
 */
export type ProviderPaymentStatus =
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'failed';

export interface ProviderPayment {
  /** The provider's payment id (a Stripe PaymentIntent id). */
  id: string;
  status: ProviderPaymentStatus;
  clientSecret: string;
  amountCents: number;
  /** ISO currency code, lower case. */
  currency: string;
  failureMessage?: string;
}

/** A payment to create; the same request with the same key answers the same payment, however often it is sent. */
export interface PaymentRequest {
  amountCents: number;
  currency: 'eur';
  idempotencyKey: string;
  customerEmail?: string;
  description: string;
  metadata: Record<string, string>;
}

/** A refund to ask of the provider: an amount of a payment, under a key of its own. */
interface RefundRequest {
  amountCents: number;
  /** Sent with the call, and with every call asking for this refund again: the provider makes it once. */
  idempotencyKey: string;
  /**
   * It gives back all that is left of the payment: a provider that says the payment was refunded in full already
   * (its answer lost, or a refund made in its own dashboard) answers that refund.
   */
  rest: boolean;
}

/** A refund the provider made: its id, and whether the money went back yet (`pending`: it will). */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded';
}

/**
 * A card payment provider (DESIGN.md section 2). A payment is made in two calls, so its id is known (and
 * stored) before the card is charged: a payment left unfinished by a crash can always be asked about. Calls
 * happen outside database transactions; their idempotency keys make them safe to repeat. Failures are thrown
 * as domain errors: a declined card 'declined' with the provider's text, an unusable payment method 'refused',
 * a provider that cannot be reached (or answers with an error of its own) 'provider_failure'.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The key the browser's card form needs; none in test mode. */
  readonly publishableKey?: string;
  /** Creates the payment without charging anything. */
  create(request: PaymentRequest): Promise<ProviderPayment>;
  /** Charges the card (a payment method id made in the browser) for a created payment. */
  confirm(id: string, paymentMethod: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** The payment as the provider sees it now; undefined when the provider does not know it. */
  retrieve(id: string): Promise<ProviderPayment | undefined>;
  /** Cancels a payment that was created but never charged. */
  cancel(id: string): Promise<void>;
  /**
   * Refunds an amount of a payment (all of it, or a part). A refusal for good (more than is left, a payment that
   * cannot be refunded) is thrown 'refused'; a call without an answer 'provider_failure': asked again with the
   * same key, it is made once.
   */
  refund(id: string, request: RefundRequest): Promise<ProviderRefund>;
}
