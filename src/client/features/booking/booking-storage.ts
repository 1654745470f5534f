import type { AntihistamineChoice } from '../../../shared/antihistamines';
import { readSessionValue, removeSessionValue, writeSessionValue } from '../../lib/session-store';

/**
 * What the booking flow keeps between its steps, in this tab's session storage only (DESIGN.md section 3):
 * the created appointment's access token (never in a URL) and the request form's draft, so a visitor sent
 * back to choose another time finds what they typed. Files are never kept.
 */

/** The appointment made by the request form: read it back and pay with its token (X-Booking-Token). */
export interface StoredVisitorAppointment {
  patientId: number;
  accessToken: string;
  /** The held slot it was made for: an appointment of another hold is not this one's. */
  slotId: number;
}

/** The request form as typed (text fields and ticks; never files). */
export type BookingDraft = Record<string, string | boolean>;

const APPOINTMENT_KEY = 'booking_patient';
const DRAFT_KEY = 'booking_form';

/** The stored appointment of the held slot `slotId`, if any. */
export function readVisitorAppointment(slotId: number): StoredVisitorAppointment | undefined {
  const stored = readSessionValue(APPOINTMENT_KEY) as Partial<StoredVisitorAppointment> | undefined;
  return stored &&
    typeof stored.patientId === 'number' &&
    typeof stored.accessToken === 'string' &&
    stored.slotId === slotId
    ? (stored as StoredVisitorAppointment)
    : undefined;
}

export const writeVisitorAppointment = (appointment: StoredVisitorAppointment) =>
  writeSessionValue(APPOINTMENT_KEY, appointment);
export const clearVisitorAppointment = () => removeSessionValue(APPOINTMENT_KEY);

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

/**
 * What the confirmation page shows of a paid appointment, kept in this tab once the payment succeeded (the hold, the
 * appointment's token and the draft are gone by then: nothing here opens the appointment again).
 */
export interface StoredConfirmation {
  reference: string | null;
  calendar: { uid: string; sequence: number } | null;
  isVideoCall: boolean;
  isAdult: boolean;
  /** The clinic day YYYY-MM-DD and HH:mm times, and the same start and end as instants (ISO 8601). */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  endsAt: string;
  address: string | null;
  location: string | null;
  amount: number;
  patientName: string;
  email: string | null;
  /** The antihistamines the patient said they take (an allergy test); null when not asked. */
  antihistamines?: AntihistamineChoice[] | null;
}

const CONFIRMATION_KEY = 'booking_confirmation';

export function readConfirmation(): StoredConfirmation | undefined {
  const stored = readSessionValue(CONFIRMATION_KEY) as Partial<StoredConfirmation> | undefined;
  return stored && typeof stored.startsAt === 'string' && typeof stored.date === 'string'
    ? (stored as StoredConfirmation)
    : undefined;
}

export const writeConfirmation = (confirmation: StoredConfirmation) =>
  writeSessionValue(CONFIRMATION_KEY, confirmation);

/**
 * The booking just paid and its own token (X-Booking-Token), in this tab's session storage as the booking page keeps
 * its link's token (never in a URL, never in local storage; no answer of the form, no health detail): the
 * confirmation's link to the intake form opens the form with it, after a reload of the confirmation too, in this tab
 * only; another tab or device uses the e-mail's link. The next booking paid in this tab replaces it.
 */
const PAID_KEY = 'booking_paid';

export const rememberPaidBooking = (reference: string, token: string) =>
  writeSessionValue(PAID_KEY, { reference, token });

export function paidBookingToken(reference: string): string | undefined {
  const stored = readSessionValue(PAID_KEY) as { reference?: unknown; token?: unknown } | undefined;
  return stored?.reference === reference && typeof stored.token === 'string' ? stored.token : undefined;
}
