import { describe, expect, it } from 'vitest';
import { paymentTone } from './payment-tone';

describe('payment tone', () => {
  it('tones a payment: paid, booked by staff, refunds, failures and the rest', () => {
    expect(paymentTone({ status: 'succeeded', amount: 180 })).toBe('paid');
    expect(paymentTone({ status: 'booked', amount: null })).toBe('admin');
    expect(paymentTone({ status: 'unpaid', amount: null })).toBe('waiting');
    expect(paymentTone({ status: 'refunded', amount: 180 })).toBe('refund');
    expect(paymentTone({ status: 'refund_pending', amount: 180 })).toBe('refund');
    expect(paymentTone({ status: 'failed', amount: 180 })).toBe('failed');
    expect(paymentTone({ status: 'requires_action', amount: 180 })).toBe('waiting');
    // A part paid at the desk waits for the rest; a part given back does not.
    expect(paymentTone({ status: 'succeeded', amount: 100, balanceDue: 80 })).toBe('waiting');
    expect(paymentTone({ status: 'succeeded', amount: 180, balanceDue: 0 })).toBe('paid');
  });
});
