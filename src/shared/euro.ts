/** Euro amounts as people read them; free of Zod so public pages can use it cheaply. */

const wholeEuro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const euroAndCent = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '€180' for whole euro, '€85.50' otherwise (en-IE). */
export function formatEuro(amount: number): string {
  return Math.round(amount * 100) % 100 === 0 ? wholeEuro.format(amount) : euroAndCent.format(amount);
}
