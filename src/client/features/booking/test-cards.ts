/** The built-in test mode's cards (DESIGN.md section 2): Stripe's test numbers, mapped to its payment methods. */
const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
};

export const testCardTexts = {
  unknownCard:
    'In test mode only the test cards can be used: 4242 4242 4242 4242 (the payment succeeds) or 4000 0000 0000 0002 (the card is declined).',
  expired: 'The expiry date has passed.',
} as const;

export interface TestCard {
  number: string;
  /** MM / YY as typed. */
  expiry: string;
  cvc: string;
}

export const digits = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' as it is typed (16 digits at most). */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12 / 30' as it is typed. */
export function formatExpiry(value: string): string {
  const typed = digits(value).slice(0, 4);
  return typed.length > 2 ? `${typed.slice(0, 2)} / ${typed.slice(2)}` : typed;
}

export const formatCvc = (value: string) => digits(value).slice(0, 4);

/**
 * The test card's payment method: `incomplete` when a detail is missing (or not a month), `error` for an
 * expired date or a number that is not a test card.
 */
export function testPaymentMethod(
  card: TestCard,
  now = new Date(),
): { kind: 'method'; paymentMethodId: string } | { kind: 'incomplete' } | { kind: 'error'; message: string } {
  const number = digits(card.number);
  const expiry = digits(card.expiry);
  const month = Number(expiry.slice(0, 2));
  if (number.length !== 16 || expiry.length !== 4 || month < 1 || month > 12 || digits(card.cvc).length < 3) {
    return { kind: 'incomplete' };
  }
  const year = 2000 + Number(expiry.slice(2));
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { kind: 'error', message: testCardTexts.expired };
  }
  const method = TEST_CARDS[number];
  return method
    ? { kind: 'method', paymentMethodId: method }
    : { kind: 'error', message: testCardTexts.unknownCard };
}
