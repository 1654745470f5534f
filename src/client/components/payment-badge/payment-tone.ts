/** The look of a payment's badge: paid, booked by staff, money on its way back or back, failed, waiting. */
export type PaymentTone = 'paid' | 'admin' | 'refund' | 'failed' | 'waiting';

/**
 * A payment's tone from its status as the API answers it ('succeeded', 'booked', …), its amount (null: none) and the
 * balance due (a part paid at the desk waits for the rest).
 */
export function paymentTone({
  status,
  amount,
  balanceDue = 0,
}: {
  status: string;
  amount: number | null;
  balanceDue?: number;
}): PaymentTone {
  if (amount === null) return status === 'booked' ? 'admin' : 'waiting';
  if (status === 'succeeded') return balanceDue > 0 ? 'waiting' : 'paid';
  if (status.startsWith('refund')) return 'refund';
  if (status === 'failed' || status === 'canceled' || status === 'cancelled') return 'failed';
  return 'waiting';
}
