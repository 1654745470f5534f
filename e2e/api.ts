import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { clinicInstant } from '../src/client/features/availability/slot-times';
import type { StaffRole } from '../src/shared/staff-roles';
import { adminToken, baseUrl, visitorAddress } from './browser';
import { waitForMail } from './mailbox';

/*
 * What browser tests set up through the API rather than the screens: slots, visitors' paid bookings,
 * self-referrals, and the names and days that keep one run's rows apart from the demonstration data and the
 * other tests'.
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
 * A staff member of `role` of this run, invited by the e2e admin and signed in from the e-mailed link through the
 * API, as the invitee's browser would: answers their token, for a screen seen with that role's own answers.
 */
export async function staffToken(role: StaffRole, name: string): Promise<string> {
  const email = `${runSurname(role).toLowerCase()}@example.ie`;
  const invited = await fetch(`${baseUrl()}/api/admin/staff`, {
    method: 'POST',
    headers: json(await adminAuthorization()),
    body: JSON.stringify({ name, email, role }),
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const mail = await waitForMail(email, 'Your account at');
  const token = /\/login\/invite#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  const accepted = await fetch(`${baseUrl()}/api/admin/autorization/invitation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'Ledger-kept-2026' }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return ((await accepted.json()) as { data: { token: { auth_token: string } } }).data.token.auth_token;
}

/**
 * Slots of `day` (clinic time) of a kind, `minutes` (30) from each start (minutes after midnight), at the spec's
 * prices or at `price` (euro); answers their ids in the order of `starts`.
 */
export async function createSlots(
  auth: { authorization: string },
  day: string,
  kind: SlotKind,
  starts: number[],
  price: number = kind.isVideoCall ? 85 : 180,
  minutes = 30,
): Promise<number[]> {
  const response = await fetch(`${baseUrl()}/api/admin/sessions`, {
    method: 'POST',
    headers: json(auth),
    body: JSON.stringify({
      sessions_create: starts.map((start) => ({
        start_date: clinicInstant(day, start),
        end_date: clinicInstant(day, start + minutes),
        is_adult: kind.isAdult,
        is_video_call: kind.isVideoCall,
        price,
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

/** A slot's status as staff read it: available, pending (held), booked or withdrawn. */
export async function slotStatus(auth: { authorization: string }, slotId: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/sessions/${slotId}`, { headers: auth });
  return ((await response.json()) as { session: { status: string } }).session.status;
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

interface UnpaidBooking {
  visitor: { 'x-forwarded-for': string };
  patient: { id: number; access_token: string };
}

/** A new visitor (an address of its own) holds `slotId`; answers the visitor's headers and the hold token. */
export async function holdAsVisitor(
  slotId: number,
): Promise<{ visitor: { 'x-forwarded-for': string }; hold_token: string }> {
  const visitor = { 'x-forwarded-for': visitorAddress() };
  const hold = await fetch(`${baseUrl()}/api/patient_sessions/${slotId}`, {
    method: 'PUT',
    headers: visitor,
  });
  expect(hold.status).toBe(200);
  const { hold_token } = (await hold.json()) as { hold_token: string };
  return { visitor, hold_token };
}

/**
 * A visitor holds a slot and sends the booking form's `fields`, and goes no further: the booking is still being
 * made (`held`, not paid), as when a visitor leaves at the payment step.
 */
export async function bookUnpaid(slotId: number, fields: Record<string, unknown>): Promise<UnpaidBooking> {
  const { visitor, hold_token } = await holdAsVisitor(slotId);
  const created = await fetch(`${baseUrl()}/api/patients`, {
    method: 'POST',
    headers: { ...visitor, 'content-type': 'application/json', 'x-hold-token': hold_token },
    body: JSON.stringify({ ...fields, session_id: slotId }),
  });
  expect(created.status).toBe(201);
  const { patient } = (await created.json()) as { patient: { id: number; access_token: string } };
  return { visitor, patient };
}

/** A visitor books a slot with the booking form's `fields` and pays by card (test mode), as their browser does. */
export async function bookAndPay(slotId: number, fields: Record<string, unknown>): Promise<void> {
  const { visitor, patient } = await bookUnpaid(slotId, fields);
  const paid = await fetch(`${baseUrl()}/api/payments`, {
    method: 'POST',
    headers: { ...visitor, 'content-type': 'application/json', 'x-booking-token': patient.access_token },
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

/** A self-referral as its sender fills it in: with a referral letter, or with the form's answers. */
export interface ReferralSender {
  /** 2 to 20 characters, as the form takes it; signed with the same. */
  fullName: string;
  email: string;
  /** YYYY-MM-DD. */
  dob: string;
  /** The letter's file name (testdata/letter.pdf's bytes); without one, the form's answers are sent. */
  letterName?: string;
  /** The form's answers over the defaults (each 10 to 300 characters). */
  answers?: Partial<Record<ReferralAnswer, string | boolean>>;
}

type ReferralAnswer =
  | 'address'
  | 'gp_details'
  | 'concerns'
  | 'suspected_allergy'
  | 'consultation_hopes'
  | 'is_hayfever'
  | 'is_asthma'
  | 'is_eczema'
  | 'do_you_have_any_known_allergies'
  | 'known_allergies_description';

/** The form's answers when a test does not say: long enough for the form's rules. */
export const defaultReferralAnswers: Record<ReferralAnswer, string | boolean> = {
  address: '4 Strand Road, Sandymount, Dublin 4',
  gp_details: 'Dr Nolan, Sandymount Medical Centre',
  concerns: 'Wheezing and hives after meals with nuts',
  suspected_allergy: 'Peanuts, since a reaction at a birthday party',
  consultation_hopes: 'To know which foods are safe to eat',
  is_hayfever: true,
  is_asthma: false,
  is_eczema: true,
  do_you_have_any_known_allergies: true,
  known_allergies_description: 'Penicillin gives a rash',
};

/**
 * A visitor sends a self-referral (`POST /api/patients` with `is_referral`, multipart as the website's form
 * sends it), then staff find it: answers the referral's id and its patient's.
 */
export async function sendReferral(
  auth: { authorization: string },
  sender: ReferralSender,
): Promise<{ referralId: number; patientId: number }> {
  const withLetter = sender.letterName !== undefined;
  const fields: Record<string, string | boolean> = {
    is_referral: true,
    has_referral_letter: withLetter,
    full_name: sender.fullName,
    email: sender.email,
    phone: '087 765 4321',
    dob: sender.dob,
    signature: sender.fullName,
    ...(withLetter ? {} : { ...defaultReferralAnswers, ...sender.answers }),
  };
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(`patient[${name}]`, String(value));
  if (sender.letterName) {
    const bytes = await readFile(resolve('testdata/letter.pdf'));
    body.append(
      'patient[referral_letter]',
      new Blob([bytes], { type: 'application/pdf' }),
      sender.letterName,
    );
  }
  const sent = await fetch(`${baseUrl()}/api/patients`, {
    method: 'POST',
    headers: { 'x-forwarded-for': visitorAddress() },
    body,
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const { patient } = (await sent.json()) as { patient: { id: number } };
  const found = await fetch(
    `${baseUrl()}/api/admin/referrals?${new URLSearchParams({ search: sender.email })}`,
    { headers: auth },
  );
  expect(found.status).toBe(200);
  const { referrals } = (await found.json()) as { referrals: { id: number; patient_id: number }[] };
  const referral = referrals.find((each) => each.patient_id === patient.id);
  if (!referral) throw new Error(`the referral of ${sender.email} is not listed`);
  return { referralId: referral.id, patientId: patient.id };
}

/** How many referrals await triage (the menu's count). */
export async function referralsAwaiting(auth: { authorization: string }): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/referrals/awaiting`, { headers: auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/** Staff decide a referral through the API (as another admin would, elsewhere). */
export function decideReferral(
  auth: { authorization: string },
  referralId: number,
  decision: { status: 'accepted' | 'declined' | 'more_info'; message?: string },
): Promise<Response> {
  return fetch(`${baseUrl()}/api/admin/referrals/${referralId}`, {
    method: 'PUT',
    headers: json(auth),
    body: JSON.stringify(decision),
  });
}

/**
 * A self-referral sent through the API (no staff needed) as a visitor's browser sends the form without a letter (JSON): the
 * e2e tests send a few with one e-mail address to reach the hourly limit of that address.
 */
export async function sendFormReferral(email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/patients`, {
    method: 'POST',
    headers: { 'x-forwarded-for': visitorAddress(), 'content-type': 'application/json' },
    body: JSON.stringify({
      is_referral: true,
      has_referral_letter: false,
      full_name: 'Eoin Kelly',
      email,
      phone: '087 555 0101',
      dob: '1985-06-01',
      signature: 'Eoin Kelly',
      ...defaultReferralAnswers,
    }),
  });
  expect(response.status).toBe(201);
}

/**
 * Adult allergy tests of `seconds` each, `gap` seconds apart, the first `fromSeconds` from now, at Suite 12;
 * answers their ids. Booked and paid before they start, a few seconds long, they have ended unmarked moments
 * later, as an appointment left unresolved does.
 */
export async function slotsFromNow(
  auth: { authorization: string },
  fromSeconds: number,
  count: number,
  seconds: number,
  gap: number,
): Promise<number[]> {
  // Whole seconds, as the answer writes the times back.
  const start = Math.ceil(Date.now() / 1000) * 1000 + fromSeconds * 1000;
  const starts = Array.from({ length: count }, (_, index) => new Date(start + index * gap * 1000));
  const response = await fetch(`${baseUrl()}/api/admin/sessions`, {
    method: 'POST',
    headers: json(auth),
    body: JSON.stringify({
      sessions_create: starts.map((from) => ({
        start_date: from.toISOString(),
        end_date: new Date(from.getTime() + seconds * 1000).toISOString(),
        is_adult: true,
        is_video_call: false,
        price: 180,
        location: 'adult_1',
      })),
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { sessions } = (await response.json()) as { sessions: { id: number; starts_at: string }[] };
  // The answer holds the days' other times too.
  return starts.map(
    (from) => sessions.find((session) => Date.parse(session.starts_at) === from.getTime())?.id ?? 0,
  );
}
