/** Euro amounts as people read them; free of Zod so public pages can use it cheaply. */

/**
 * '€180' for whole euro, '€85.50' otherwise, '€1,250' with thousands: en-IE's currency format, written out
 * because building an `Intl.NumberFormat` for a currency costs a phone about 20 ms of the page's start-up
 * (euro.test.ts holds it to Intl's answer).
 */
export function formatEuro(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const euro = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cent = cents % 100;
  return `${amount < 0 && cents > 0 ? '-' : ''}€${euro}${cent === 0 ? '' : `.${String(cent).padStart(2, '0')}`}`;
}

/**
 * Euro typed by a person ('180', '85.5', '85,50', '€ 85.50') or sent as a JSON number, in cents; undefined when it
 * is not an amount of at least 0 with at most two decimals (a minus sign, '1e3', '0.123' are not).
 */
export function parseEuroCents(value: string | number): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(?:€\s*)?(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Cents as the takings and their CSV write an amount: euro with two decimals and no thousands separator ('180.00',
 * '-20.50'), exact to the cent, as a bookkeeper's spreadsheet reads it.
 */
export function euroText(cents: number): string {
  const whole = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
