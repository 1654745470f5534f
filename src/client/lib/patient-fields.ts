/**
 * How a patient's date of birth and phone are typed, in the public booking form and the staff's patient
 * form alike (spec section 5): the date shown as dd.MM.yyyy and sent as YYYY-MM-DD; no letters in a phone.
 */

/**
 * A date of birth as typed (`31.01.1990`, also `1.2.1990` or with `/` or `-`) → `1990-01-31`; '' when
 * nothing was typed, null when it is not a date (the schema checks the day is real and not in the future).
 */
export function displayDateToIso(value: string): string | null {
  const text = value.trim();
  if (text === '') return '';
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** `1990-01-31` (as the API sends it) → `31.01.1990`, as the form shows it; anything else → ''. */
export function isoToDisplayDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** `1.2.1990` → `01.02.1990`, as the form shows it once typed; anything else unchanged. */
export function tidyDisplayDate(value: string): string {
  const iso = displayDateToIso(value);
  return iso ? isoToDisplayDate(iso) : value;
}

/** What a phone field lets through as it is typed: no letters (spec section 5). */
export const phoneCharacters = (value: string) => value.replace(/[^0-9+() -]/g, '');
