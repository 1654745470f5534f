import { readSessionValue, removeSessionValue, writeSessionValue } from '../../lib/session-store';
import { paidBookingToken } from './booking-storage';

/**
 * What the form's page keeps in the browser. The link's token and the date of birth stay in this tab's session
 * storage, as the booking page keeps its token, so a reload neither loses them nor asks again, and another tab or a
 * copied address does not carry them. The answers typed are kept in this browser's local storage by reference until
 * the form is signed: a reload, a lost connection or a closed tab loses nothing (the server keeps its own draft too).
 */

const tokenKey = (reference: string) => `intake_token_${reference}`;
const manageKey = (reference: string) => `manage_booking_${reference}`;
const birthKey = (reference: string) => `intake_dob_${reference}`;
const draftKey = (reference: string) => `intake_draft_${reference}`;

export interface IntakeTokens {
  manageToken?: string;
  bookingToken?: string;
}

/**
 * The token of the page: the fragment's (kept for this tab), else one this tab kept for the form or for the booking's
 * page, else, just after paying, the booking's own token the confirmation kept.
 */
export function takeIntakeTokens(reference: string, hash: string): IntakeTokens | undefined {
  const fromLink = hash.replace(/^#/, '').trim();
  if (fromLink) {
    writeSessionValue(tokenKey(reference), fromLink);
    return { manageToken: fromLink };
  }
  for (const key of [tokenKey(reference), manageKey(reference)]) {
    const kept = readSessionValue(key);
    if (typeof kept === 'string' && kept) return { manageToken: kept };
  }
  const bookingToken = paidBookingToken(reference);
  return bookingToken ? { bookingToken } : undefined;
}

export const readKeptBirthDate = (reference: string) => {
  const kept = readSessionValue(birthKey(reference));
  return typeof kept === 'string' ? kept : undefined;
};
export const keepBirthDate = (reference: string, iso: string) => writeSessionValue(birthKey(reference), iso);
export const forgetBirthDate = (reference: string) => removeSessionValue(birthKey(reference));

function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLocalDraft(reference: string): Record<string, string> | undefined {
  try {
    const text = localStore()?.getItem(draftKey(reference));
    const value: unknown = text ? JSON.parse(text) : undefined;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return undefined;
  }
}

export function writeLocalDraft(reference: string, answers: Record<string, string>): void {
  try {
    localStore()?.setItem(draftKey(reference), JSON.stringify(answers));
  } catch {
    // A full or refused storage: the server's draft still holds what was saved.
  }
}

export function forgetLocalDraft(reference: string): void {
  try {
    localStore()?.removeItem(draftKey(reference));
  } catch {
    // Nothing kept.
  }
}

/**
 * A date of birth as people type it: 14031985, 14/03/1985, 14-03-1985, 14.03.1985 (day first), as YYYY-MM-DD;
 * 'unreal' for a date no calendar has (31.02.1990), undefined when it is not a date at all.
 */
export function readBirthDate(typed: string): string | 'unreal' | undefined {
  const value = typed.trim();
  const match =
    /^(\d{2})[./-]?(\d{2})[./-]?(\d{4})$/.exec(value) ?? /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return 'unreal';
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
