import { readSessionValue, removeSessionValue, writeSessionValue } from '../../lib/session-store';

/**
 * What the booking flow keeps between its steps, in this tab's session storage only (DESIGN.md section 3):
 * the created booking's access token (never in a URL) and the request form's draft, so a visitor sent
 * back to choose another time finds what they typed. Files are never kept.
 */

/** The booking made by the request form: read it back and pay with its token (X-Booking-Token). */
export interface StoredBooking {
  patientId: number;
  accessToken: string;
  /** The held slot it was made for: a booking of another hold is not this one's. */
  slotId: number;
}

/** The request form as typed (text fields and ticks; never files). */
export type BookingDraft = Record<string, string | boolean>;

const BOOKING_KEY = 'booking_patient';
const DRAFT_KEY = 'booking_form';

/** The stored booking of the held slot `slotId`, if any. */
export function readBooking(slotId: number): StoredBooking | undefined {
  const booking = readSessionValue(BOOKING_KEY) as Partial<StoredBooking> | undefined;
  return booking &&
    typeof booking.patientId === 'number' &&
    typeof booking.accessToken === 'string' &&
    booking.slotId === slotId
    ? (booking as StoredBooking)
    : undefined;
}

export const writeBooking = (booking: StoredBooking) => writeSessionValue(BOOKING_KEY, booking);
export const clearBooking = () => removeSessionValue(BOOKING_KEY);

/** The draft's text fields and ticks; anything else stored under its key is ignored. */
export function readDraft(): BookingDraft {
  const draft = readSessionValue(DRAFT_KEY);
  if (!draft || typeof draft !== 'object') return {};
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => typeof value === 'string' || typeof value === 'boolean'),
  );
}

export const writeDraft = (draft: BookingDraft) => writeSessionValue(DRAFT_KEY, draft);
export const clearDraft = () => removeSessionValue(DRAFT_KEY);
