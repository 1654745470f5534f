/**
 * A date of birth as people type it, read the same way by every form and by the API: `14.03.1985`, `14/03/1985`,
 * `14-03-1985`, `14031985` (day first, as in Ireland; one-digit days and months with a separator, `1.3.1985`), or
 * the API's own `1985-03-14`. No zod here: the public pages load it with their first JavaScript.
 */

/** How a typed date of birth reads: a day (YYYY-MM-DD), or a day and month that do not exist, or not a date. */
export type TypedDate = { day: string } | { problem: 'notReal' | 'notDate' };

const DAY_FIRST = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{4})$/;
const EIGHT_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year, month and day make a day the calendar has (31.02 does not; 29.02 only in a leap year). */
function exists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: string) => value.padStart(2, '0');

export function readTypedDate(value: string): TypedDate {
  const text = value.trim();
  const dayFirst = DAY_FIRST.exec(text) ?? EIGHT_DIGITS.exec(text);
  const yearFirst = dayFirst ? undefined : YEAR_FIRST.exec(text);
  if (!dayFirst && !yearFirst) return { problem: 'notDate' };
  const [day, month, year] = dayFirst
    ? [dayFirst[1] ?? '', dayFirst[2] ?? '', dayFirst[3] ?? '']
    : [yearFirst?.[3] ?? '', yearFirst?.[2] ?? '', yearFirst?.[1] ?? ''];
  if (!exists(Number(year), Number(month), Number(day))) return { problem: 'notReal' };
  return { day: `${year}-${pad(month)}-${pad(day)}` };
}

/** A date of birth typed any of the ways above → YYYY-MM-DD; anything else unchanged, for its rule to refuse. */
export function typedDateToDay(value: string): string {
  const read = readTypedDate(value);
  return 'day' in read ? read.day : value;
}

/** YYYY-MM-DD → dd.mm.yyyy, as every form shows a date of birth back; anything else → ''. */
export function dayToShownDate(day: string | null | undefined): string {
  const match = YEAR_FIRST.exec(day ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}
