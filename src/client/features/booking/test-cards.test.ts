import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, testCardTexts, testPaymentMethod } from './test-cards';

const now = new Date('2026-11-23T12:00:00Z');

describe('test-mode cards', () => {
  it('formats the card as typed', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it("maps Stripe's test numbers to its test payment methods", () => {
    const card = { expiry: '12 / 30', cvc: '123' };
    expect(testPaymentMethod({ ...card, number: '4242 4242 4242 4242' }, now)).toEqual({
      kind: 'method',
      paymentMethodId: 'pm_card_visa',
    });
    expect(testPaymentMethod({ ...card, number: '4000 0000 0000 0002' }, now)).toEqual({
      kind: 'method',
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(testPaymentMethod({ ...card, number: '5555 5555 5555 4444' }, now)).toEqual({
      kind: 'error',
      message: testCardTexts.unknownCard,
    });
  });

  it('calls a card with a missing detail incomplete, and an old one expired', () => {
    expect(testPaymentMethod({ number: '4242 4242', expiry: '12 / 30', cvc: '123' }, now).kind).toBe(
      'incomplete',
    );
    expect(
      testPaymentMethod({ number: '4242 4242 4242 4242', expiry: '13 / 30', cvc: '123' }, now).kind,
    ).toBe('incomplete');
    expect(testPaymentMethod({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '1' }, now).kind).toBe(
      'incomplete',
    );
    expect(testPaymentMethod({ number: '4242 4242 4242 4242', expiry: '10 / 26', cvc: '123' }, now)).toEqual({
      kind: 'error',
      message: testCardTexts.expired,
    });
  });
});
