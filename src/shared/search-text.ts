/**
 * How staff searches find people as they are said on the phone: accents and curly apostrophes do not count
 * ("Aoife Ni Bhriain" finds "Aoife Ní Bhriain", "O'Brien" finds "O’Brien"), nor letter case, and a phone number
 * is compared by its digits, an Irish one in its national form ("+353 87 555 0101" finds "087 555 0101"). The
 * database folds the stored text with the same table (SQL `translate`, see `patientSearchText`), so the trigram
 * index holds what a search is compared with. No Zod here: the browser's calendar filter uses it too.
 */

/** Each letter with a mark and the plain letter it is searched as, one for one (SQL `translate` needs that). */
const FOLDS: readonly (readonly [string, string])[] = [
  ['ÀÁÂÃÄÅĀĂĄ', 'A'],
  ['àáâãäåāăą', 'a'],
  ['ÇĆĈĊČ', 'C'],
  ['çćĉċč', 'c'],
  ['ĎĐ', 'D'],
  ['ďđ', 'd'],
  ['ÈÉÊËĒĔĖĘĚ', 'E'],
  ['èéêëēĕėęě', 'e'],
  ['ĜĞĠĢ', 'G'],
  ['ĝğġģ', 'g'],
  ['ÌÍÎÏĨĪĬĮİ', 'I'],
  ['ìíîïĩīĭįı', 'i'],
  ['ĹĻĽĿŁ', 'L'],
  ['ĺļľŀł', 'l'],
  ['ÑŃŅŇ', 'N'],
  ['ñńņň', 'n'],
  ['ÒÓÔÕÖØŌŎŐ', 'O'],
  ['òóôõöøōŏő', 'o'],
  ['ŔŖŘ', 'R'],
  ['ŕŗř', 'r'],
  ['ŚŜŞŠ', 'S'],
  ['śŝşš', 's'],
  ['ŢŤ', 'T'],
  ['ţť', 't'],
  ['ÙÚÛÜŨŪŬŮŰŲ', 'U'],
  ['ùúûüũūŭůűų', 'u'],
  ['ÝŸ', 'Y'],
  ['ýÿ', 'y'],
  ['ŹŻŽ', 'Z'],
  ['źżž', 'z'],
  ['’‘ʼ`´', "'"],
];

/** The `translate(text, from, to)` arguments of the fold. */
export const FOLD_FROM = FOLDS.map(([marked]) => marked).join('');
export const FOLD_TO = FOLDS.map(([marked, plain]) => plain.repeat([...marked].length)).join('');

const foldOf = new Map([...FOLD_FROM].map((marked, index) => [marked, FOLD_TO[index] as string]));

/** `text` with every letter of the table replaced by its plain one (letter case kept: `ilike` ignores it). */
export const foldMarks = (text: string): string => [...text].map((char) => foldOf.get(char) ?? char).join('');

/**
 * The pattern that finds an Irish number's international prefix (+353 or 00353, then at least seven digits) in a
 * phone number's digits: `phoneDigits` and the database write it as the national 0.
 */
export const IRISH_PREFIX = '^(00)?353(?=[0-9]{7})';

/** A phone number's digits, an Irish one (+353, 00353) in its national form with a leading 0. */
export const phoneDigits = (text: string): string =>
  text.replace(/\D/g, '').replace(new RegExp(IRISH_PREFIX), '0');

/** Typed as a phone number is: digits with spaces, +, dashes, dots or brackets, and at least three digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/** What a staff search is compared with: a phone number's digits, or the folded text. */
export function searchNeedle(search: string): string {
  const trimmed = search.trim();
  if (PHONE_LIKE.test(trimmed) && trimmed.replace(/\D/g, '').length >= 3) return phoneDigits(trimmed);
  return foldMarks(trimmed);
}

/** Whether a person's `texts` (names, e-mail) or `phone` hold what `search` asks for, as the server reads it. */
export function matchesSearch(search: string, texts: readonly string[], phone?: string | null): boolean {
  const needle = searchNeedle(search).toLowerCase();
  if (!needle) return true;
  const haystack = [...texts.map(foldMarks), ...(phone ? [foldMarks(phone), phoneDigits(phone)] : [])];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}
