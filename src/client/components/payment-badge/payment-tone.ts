/** The look of a payment's badge: paid, booked by staff, money on its way back or back, failed, waiting. */
export type PaymentTone = 'paid' | 'admin' | 'refund' | 'failed' | 'waiting';

/** A payment's tone from its status as the API answers it ('succeeded', 'booked', …) and its amount (null: none). */
export function paymentTone({ status, amount }: { status: string; amount: number | null }): PaymentTone {
  if (amount === null) return status === 'booked' ? 'admin' : 'waiting';
  if (status === 'succeeded') return 'paid';
  if (status.startsWith('refund')) return 'refund';
  if (status === 'failed' || status === 'canceled' || status === 'cancelled') return 'failed';
  return 'waiting';
}
