import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroText, formatEuro, parseEuroCents } from './euro';

const intlEuro = (amount: number) => {
  const whole = Math.round(amount * 100) % 100 === 0;
  return new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
};

describe('formatEuro', () => {
  it.each([
    [180, '€180'],
    [85.5, '€85.50'],
    [0.05, '€0.05'],
    [0, '€0'],
    [1250, '€1,250'],
    [1234567.89, '€1,234,567.89'],
    [-40, '-€40'],
  ])('%s → %s', (amount, shown) => {
    expect(formatEuro(amount)).toBe(shown);
  });

  it("agrees with Intl's en-IE euro for any amount in cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        expect(formatEuro(cents / 100)).toBe(intlEuro(cents / 100));
      }),
    );
  });
});

describe('parseEuroCents', () => {
  it.each([
    ['180', 18_000],
    [180, 18_000],
    ['85.5', 8550],
    [85.5, 8550],
    ['85,50', 8550],
    ['€ 0.05', 5],
    ['0', 0],
  ])('%s → %s cents', (value, cents) => {
    expect(parseEuroCents(value)).toBe(cents);
  });

  it.each(['-5', -5, '1.234', 0.1 + 0.2, '1e3', 1e21, '', 'ten', '1.', '.5'])('refuses %s', (value) => {
    expect(parseEuroCents(value)).toBeUndefined();
  });
});

describe('euroText', () => {
  it.each([
    [18_000, '180.00'],
    [8550, '85.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-2050, '-20.50'],
    [123_456_789, '1234567.89'],
  ])('%s cents → %s', (cents, text) => {
    expect(euroText(cents)).toBe(text);
  });
});
