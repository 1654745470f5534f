import { describe, expect, it } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { texts } from '../../../shared/validation-texts';
import { euroInput, parseMoneyAmount } from './money-amount';

describe('an amount of money staff type', () => {
  it('reads euro as people write them, in cents', () => {
    expect(parseMoneyAmount('180')).toEqual({ cents: 18_000 });
    expect(parseMoneyAmount(' 85.5 ')).toEqual({ cents: 8550 });
    expect(parseMoneyAmount('85,50')).toEqual({ cents: 8550 });
    expect(parseMoneyAmount('€ 0.01')).toEqual({ cents: 1 });
    expect(parseMoneyAmount('100000')).toEqual({ cents: 10_000_000 });
  });

  it('refuses what the server refuses, in its words', () => {
    expect(parseMoneyAmount('')).toEqual({ error: texts.required });
    expect(parseMoneyAmount('   ')).toEqual({ error: texts.required });
    expect(parseMoneyAmount('0')).toEqual({ error: paymentTexts.amountNotPositive });
    expect(parseMoneyAmount('0.00')).toEqual({ error: paymentTexts.amountNotPositive });
    expect(parseMoneyAmount('-5')).toEqual({ error: paymentTexts.amountNotPositive });
    expect(parseMoneyAmount('1.001')).toEqual({ error: paymentTexts.amountInvalid });
    expect(parseMoneyAmount('1e3')).toEqual({ error: paymentTexts.amountInvalid });
    expect(parseMoneyAmount('ten')).toEqual({ error: paymentTexts.amountInvalid });
    expect(parseMoneyAmount('100000.01')).toEqual({ error: paymentTexts.amountTooLarge });
  });

  it('keeps to a limit with its own words: what is left to give back, or to pay', () => {
    const refund = { cents: 15_950, text: paymentTexts.refundTooLarge };
    expect(parseMoneyAmount('159.50', refund)).toEqual({ cents: 15_950 });
    expect(parseMoneyAmount('159.51', refund)).toEqual({ error: paymentTexts.refundTooLarge(15_950) });
    const desk = { cents: 18_000, text: paymentTexts.deskPaymentTooLarge };
    expect(parseMoneyAmount('180.01', desk)).toEqual({
      error: "At most €180 is left to pay (the appointment's price less what was paid).",
    });
    // The amount's own rules come first.
    expect(parseMoneyAmount('-200', desk)).toEqual({ error: paymentTexts.amountNotPositive });
  });

  it('writes cents back as the field shows them', () => {
    expect(euroInput(15_950)).toBe('159.50');
    expect(euroInput(18_000)).toBe('180');
    expect(euroInput(5)).toBe('0.05');
    // What it writes reads back the same.
    for (const cents of [1, 99, 100, 8550, 18_000, 10_000_000]) {
      expect(parseMoneyAmount(euroInput(cents))).toEqual({ cents });
    }
  });
});
