import { expect } from 'vitest';
import { clinicInstant } from '../src/client/features/availability/slot-times';
import { adminToken, baseUrl } from './browser';

/*
 * What browser tests set up through the API rather than the screens: slots, visitors' paid bookings, and the
 * names and days that keep one run's rows apart from the demonstration data and the other tests'.
 */

export interface SlotKind {
  isAdult: boolean;
  isVideoCall: boolean;
}

/** The `authorization` header of the e2e admin, signed in afresh through the API. */
export async function adminAuthorization(): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await adminToken()}` };
}

const json = (auth: { authorization: string }) => ({ ...auth, 'content-type': 'application/json' });

/**
 * Slots of `day` (clinic time) of a kind, 30 minutes from each start (minutes after midnight), at the spec's
 * prices; answers their ids in the order of `starts`.
 */
export async function createSlots(
  auth: { authorization: string },
  day: string,
  kind: SlotKind,
  starts: number[],
): Promise<number[]> {
  const response = await fetch(`${baseUrl()}/api/admin/sessions`, {
    method: 'POST',
    headers: json(auth),
    body: JSON.stringify({
      sessions_create: starts.map((start) => ({
        start_date: clinicInstant(day, start),
        end_date: clinicInstant(day, start + 30),
        is_adult: kind.isAdult,
        is_video_call: kind.isVideoCall,
        price: kind.isVideoCall ? 85 : 180,
        location: kind.isVideoCall ? null : kind.isAdult ? 'adult_1' : 'child',
      })),
    }),
  });
  expect(response.status).toBe(200);
  const { sessions } = (await response.json()) as { sessions: { id: number; starts_at: string }[] };
  return starts.map(
    (start) => sessions.find((session) => session.starts_at === clinicInstant(day, start))?.id ?? 0,
  );
}

/** Staff hold a slot (`pending`) or give it back (`available`). */
export function setSlotStatus(
  auth: { authorization: string },
  slotId: number,
  status: 'pending' | 'available',
): Promise<Response> {
  return fetch(`${baseUrl()}/api/admin/sessions/${slotId}`, {
    method: 'PUT',
    headers: json(auth),
    body: JSON.stringify({ session: { status } }),
  });
}

/** A visitor books a slot with the booking form's `fields` and pays by card (test mode), as their browser does. */
export async function bookAndPay(slotId: number, fields: Record<string, unknown>): Promise<void> {
  const hold = await fetch(`${baseUrl()}/api/patient_sessions/${slotId}`, { method: 'PUT' });
  expect(hold.status).toBe(200);
  const { hold_token } = (await hold.json()) as { hold_token: string };
  const created = await fetch(`${baseUrl()}/api/patients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hold-token': hold_token },
    body: JSON.stringify({ ...fields, session_id: slotId }),
  });
  expect(created.status).toBe(201);
  const { patient } = (await created.json()) as { patient: { id: number; access_token: string } };
  const paid = await fetch(`${baseUrl()}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-booking-token': patient.access_token },
    body: JSON.stringify({ patient_id: patient.id, token: 'pm_card_visa' }),
  });
  expect(paid.status).toBe(200);
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

/** A surname made for this run (`prefix` and five letters: letters only, as names are), to search its rows by. */
export function runSurname(prefix: string): string {
  const value = Date.now() % 26 ** 5;
  const letters = Array.from({ length: 5 }, (_, index) =>
    String.fromCharCode(97 + (Math.floor(value / 26 ** index) % 26)),
  );
  return `${prefix}${letters.join('')}`;
}

/** Days of `month` (YYYY-MM) of a test's own: the `first`th, then the next, and so on, one a call. */
export function freshDays(month: string, first: number): () => string {
  let next = first;
  return () => `${month}-${String(next++).padStart(2, '0')}`;
}

/**
 * A self-referral sent through the API as a visitor's browser sends the form without a letter (JSON): the
 * e2e tests send a few with one e-mail address to reach the hourly limit of that address.
 */
export async function sendReferral(email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/patients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      is_referral: true,
      has_referral_letter: false,
      full_name: 'Eoin Kelly',
      email,
      phone: '087 555 0101',
      dob: '1985-06-01',
      signature: 'Eoin Kelly',
      address: '9 Church Road, Bray, Co. Wicklow',
      gp_details: 'Dr Nolan, Main Street Surgery, Bray',
      concerns: 'Sneezing every spring for years.',
      suspected_allergy: 'Grass pollen: it is worst in June.',
      consultation_hopes: 'A test to be sure, and a plan.',
    }),
  });
  expect(response.status).toBe(201);
}
