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
