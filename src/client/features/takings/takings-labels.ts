import type { TakingsDay } from '../../../shared/takings';

/**
 * How the takings screen reads its range and its figures. Pure, so the screen and its tests agree. Days are clinic
 * days as the screen keeps them, YYYY-MM-DD.
 */

/** The longest range the API answers (`MAX_TAKINGS_DAYS` of shared/takings.ts, which the server holds it to). */
const MAX_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real day, or undefined. */
function dayNumber(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, date);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date || year < 2000 || year > 2999) {
    return undefined;
  }
  return time / 86_400_000;
}

const isoOf = (dayNumber: number) => new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);

/** The clinic month of `day`, `add` months later (or earlier): its first and last days. */
export function monthOf(day: string, add = 0): { from: string; to: string } {
  const [year = 2000, month = 1] = day.split('-').map(Number);
  const first = Date.UTC(year, month - 1 + add, 1) / 86_400_000;
  const last = Date.UTC(year, month + add, 0) / 86_400_000;
  return { from: isoOf(first), to: isoOf(last) };
}

/** Why a range cannot be shown, by field ('from' or 'to'); undefined when it can. */
export function rangeProblem(
  from: string,
  to: string,
): { field: 'from' | 'to'; message: string } | undefined {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === undefined) return { field: 'from', message: 'Choose the first day.' };
  if (last === undefined) return { field: 'to', message: 'Choose the last day.' };
  if (last < first) return { field: 'to', message: 'The last day must not be before the first.' };
  if (last - first + 1 > MAX_DAYS) {
    return { field: 'to', message: `Choose at most ${MAX_DAYS} days (a year) at once.` };
  }
  return undefined;
}

/** '1234.50' (the API's euro) → '€1,234.50'; '-20.00' → '-€20.00'. */
export function euroFigure(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', cents = '00'] = text.replace(/^-/, '').split('.');
  return `${negative && text !== '-0.00' ? '-' : ''}€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The API's euro less the API's euro, as the API writes euro ('180.00' less '30.00' is '150.00'): to the cent. */
export function netOf(paid: string, refunded: string): string {
  const cents = Math.round(Number(paid) * 100) - Math.round(Number(refunded) * 100);
  return `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** '3 payments', '1 refund': how many, with the word. */
export const countOf = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** 'DD/MM/YYYY' → 'DD/MM', the chart's axis. */
export const shortDay = (date: string) => date.slice(0, 5);

/** The chart's series: each day's index, payments and refunds in euro (none drawn for nothing). */
export function chartSeries(days: readonly TakingsDay[]): [number[], (number | null)[], (number | null)[]] {
  const bar = (euro: string) => (Number(euro) === 0 ? null : Number(euro));
  return [
    days.map((_day, index) => index),
    days.map((day) => bar(day.paid)),
    days.map((day) => bar(day.refunded)),
  ];
}
