import type { ResponseOf } from '../../shared/api/endpoint';
import { getSlotHold, type holdSlot, releaseSlotHold } from '../../shared/api/slot-endpoints';
import { callEndpoint, isNotFoundError } from './api-client';
import { holdMsLeft } from './hold-expiry';
import { readSessionValue, removeSessionValue, writeSessionValue } from './session-store';

/**
 * The visitor's hold on a slot, kept in session storage only (DESIGN.md section 3): the hold token is a
 * secret of this tab's booking, never put in a URL, gone when the tab closes.
 */
export interface StoredHold {
  token: string;
  slotId: number;
  /** ISO 8601, on this browser's clock (see `onLocalClock`). */
  expiresAt: string;
  isVideoCall: boolean;
  isAdult: boolean;
  /** The clinic day, YYYY-MM-DD, and the times HH:mm. */
  date: string;
  startTime: string;
  endTime: string;
  address: string | null;
  price: number;
}

const KEY = 'booking_hold';

/** The stored hold, unless it has lapsed (then it is forgotten). */
export function readHold(now: Date = new Date()): StoredHold | undefined {
  const hold = readSessionValue(KEY) as Partial<StoredHold> | null | undefined;
  if (hold === undefined) return undefined;
  if (
    typeof hold?.token === 'string' &&
    typeof hold.slotId === 'number' &&
    holdMsLeft(hold.expiresAt ?? '', now.getTime()) > 0
  )
    return hold as StoredHold;
  clearHold(); // lapsed, or not ours
  return undefined;
}

export function writeHold(hold: StoredHold): void {
  writeSessionValue(KEY, hold);
}

export function clearHold(): void {
  removeSessionValue(KEY);
}

/** The booking calendar of a kind: where a visitor chooses (again) a time. */
export const bookingCalendarPath = (isVideoCall: boolean) =>
  `/sessions_availability/${isVideoCall ? 'booking_video' : 'booking_test'}`;

/**
 * What the booking steps hand the calendar when they send the visitor back (router state, never the URL):
 * why, and the kind and day to show again.
 */
export interface BackToCalendarState {
  notice?: string;
  isAdult: boolean;
  date: string;
}

/** Told on the calendar when a hold ran out during the request form or the payment. */
export const HOLD_ENDED_NOTICE =
  'Your hold on that time has ended. Please choose a time again: what you typed is kept.';

/**
 * An instant the server gave (`hold_expires_at`) on this browser's clock, from the answer's `Date` header:
 * a computer whose clock is a few minutes off still counts the hold down right, and does not take a fresh
 * hold for an ended one. Without the header the server's instant is kept.
 */
export function onLocalClock(serverIso: string, dateHeader: string | null, now = Date.now()): string {
  const serverNow = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const instant = Date.parse(serverIso);
  if (!Number.isFinite(serverNow) || !Number.isFinite(instant)) return serverIso;
  return new Date(instant - serverNow + now).toISOString();
}

/** A visitor's hold on slot `id`, by its token (none when taking a first hold). */
export interface HoldCall {
  id: number;
  token: string | undefined;
  signal?: AbortSignal;
}

/**
 * Calls a hold endpoint (hold a slot, read a hold) and puts the answer's `hold_expires_at` on this
 * browser's clock, from the answer's `Date` header.
 */
export async function requestHold(
  endpoint: typeof holdSlot | typeof getSlotHold,
  { id, token, signal }: HoldCall,
): Promise<ResponseOf<typeof getSlotHold>> {
  let date: string | null = null;
  const answer = await callEndpoint(endpoint, {
    params: { id },
    headers: { holdToken: token },
    signal,
    onResponse: (response) => {
      date = response.headers.get('date');
    },
  });
  return { ...answer, hold_expires_at: onLocalClock(answer.hold_expires_at, date) };
}

/** Releases a hold at once; a hold already gone (404) is no error for the visitor. */
export async function releaseHold({ id, token }: { id: number; token: string }): Promise<void> {
  try {
    await callEndpoint(releaseSlotHold, { params: { id }, headers: { holdToken: token } });
  } catch (error) {
    if (!isNotFoundError(error)) throw error;
  }
}

/**
 * When the hold ends, as the server has it now (creating the booking and paying extend it), on this
 * browser's clock; undefined when the token no longer holds the slot (404).
 */
export async function fetchHoldExpiry(
  { id, token }: { id: number; token: string },
  signal?: AbortSignal,
): Promise<string | undefined> {
  try {
    const answer = await requestHold(getSlotHold, { id, token, signal });
    return answer.hold_expires_at;
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}
