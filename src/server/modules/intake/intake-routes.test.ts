import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antihistamineTexts } from '../../../shared/antihistamines';
import { clinic } from '../../../shared/clinic';
import { INTAKE_ANSWER_MAX, intakeTexts } from '../../../shared/intake';
import { manageBookingTexts } from '../../../shared/manage-booking';
import { appointments, auditLog, intakeForms, loginAttempts, manageLinkTokens } from '../../db/schema';
import { newSecretToken, secretTokenHashOf } from '../../security/secret-tokens';
import { createAdminBookingTestApp, nextAddress, paidBooking } from '../../test/booking-fixtures';
import { emailsAbout } from '../../test/staff-fixtures';
import { type AdminTestApp, STAFF_PASSWORD, signInAsNewStaff } from '../../test/test-app';
import { sendIntakeReminders } from './intake-reminders';
import { readIntake } from './intake-service';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

interface Link {
  reference: string;
  token: string;
}

/** The form's link of the confirmation e-mail: the booking link's token on the form's path. */
async function intakeLinkOf(appointmentId: number): Promise<Link> {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)\/intake#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no form link was e-mailed about appointment ${appointmentId}`);
}

const ADULT_DOB = '1990-04-12';
const CHILD_DOB = '2018-05-01';

function call(
  method: 'GET' | 'PUT',
  link: Link,
  {
    dob,
    payload,
    address,
    headers,
  }: { dob?: string; payload?: object; address?: string; headers?: object } = {},
) {
  return t.app.inject({
    method,
    url: `/api/bookings/${link.reference}/intake`,
    headers: {
      'x-manage-token': link.token,
      ...(dob === undefined ? {} : { 'x-date-of-birth': dob }),
      ...headers,
    },
    ...(payload ? { payload } : {}),
    remoteAddress: address ?? nextAddress(),
  });
}

/** Every required answer of the adult form. */
const adultAnswers: Record<string, string> = {
  home_address: '3 Mill Lane, Dundrum, Dublin 14',
  reason: 'Sneezing every spring',
  hay_fever: 'yes',
  asthma: 'no',
  eczema: 'no',
  hives: 'no',
  pregnant: 'no',
  symptoms: 'Runny nose and itchy eyes in May',
  anaphylaxis: 'no',
  auto_injector: 'no',
  hospital_treatment: 'no',
  family_history: 'yes',
  current_medicines: 'Cetirizine 10 mg daily',
  antihistamine_kind: 'tablets',
};

async function adultBooking(email: string) {
  const booking = await paidBooking(t.app, db(), { form: { email } });
  return { ...booking, link: await intakeLinkOf(booking.appointmentId) };
}

async function childBooking(email: string) {
  const booking = await paidBooking(t.app, db(), {
    slot: { isAdult: false },
    form: {
      email,
      is_adult: false,
      first_name: 'Saoirse',
      last_name: 'Byrne',
      dob: CHILD_DOB,
      guardian_first_name: 'Mary Elizabeth',
      guardian_last_name: 'Byrne',
    },
  });
  return { ...booking, link: await intakeLinkOf(booking.appointmentId) };
}

describe('the intake form', () => {
  it('is linked from the confirmation e-mail and opens with the date of birth: the adult form, not started', async () => {
    const { link } = await adultBooking('intake-open@example.ie');
    const response = await call('GET', link, { dob: ADULT_DOB });
    expect(response.statusCode, response.body).toBe(200);
    const { intake } = response.json();
    expect(intake).toMatchObject({
      form: 'adult',
      version: 2,
      status: 'not_started',
      answers: {},
      signed_at: null,
      signer: 'patient',
      signer_name: 'Aoife Byrne',
    });
    const keys = intake.questions.map((question: { key: string }) => question.key);
    expect(keys).toContain('anaphylaxis');
    expect(keys).toContain('pregnant');
    expect(intake.questions.find((q: { key: string }) => q.key === 'anaphylaxis')).toMatchObject({
      label: 'Have you ever had anaphylaxis?',
      type: 'yes_no',
      required: true,
    });
    expect(
      intake.questions.find((q: { key: string }) => q.key === 'antihistamine_kind').options,
    ).toHaveLength(6);
  });

  it('answers 404 for a wrong token or reference, 403 for a wrong or missing date of birth, then 429', async () => {
    const { link } = await adultBooking('intake-wrong@example.ie');
    expect((await call('GET', { ...link, token: 'x'.repeat(43) }, { dob: ADULT_DOB })).statusCode).toBe(404);
    const forged = await call('GET', { ...link, reference: 'ZZZZZZ' }, { dob: ADULT_DOB });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error_messages).toBe(manageBookingTexts.notFound);
    const address = nextAddress();
    // No date at all guesses nothing: it is refused and costs no try.
    const missing = await call('GET', link, { address });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      code: 'intake_identity_wrong',
      errors: { date_of_birth: [intakeTexts.dateOfBirthMissing] },
    });
    // A date no calendar has is refused as such, and costs no try either (five wrong ones still follow).
    const unreal = await call('GET', link, { dob: '2015-02-31', address });
    expect(unreal.statusCode).toBe(422);
    expect(unreal.json()).toMatchObject({
      code: 'intake_date_of_birth_invalid',
      errors: { date_of_birth: [intakeTexts.dateOfBirthNotReal] },
    });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await call('GET', link, { dob: '1990-04-13', address });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        code: 'intake_identity_wrong',
        error_messages: intakeTexts.dateOfBirthWrong,
        errors: { date_of_birth: [intakeTexts.dateOfBirthWrong] },
      });
    }
    // The sixth try is refused, even the right date: limited like sign-in.
    const throttled = await call('GET', link, { dob: ADULT_DOB, address });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: 'intake_identity_throttled',
      error_messages: intakeTexts.throttled('15 minutes'),
    });
    // When to try again, as sign-in's refusal says it: the oldest of the five leaves the 15 minutes' window.
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not held back by these.
    expect((await call('GET', link, { dob: ADULT_DOB })).statusCode).toBe(200);
  });

  it('saves a draft (lengths only), keeps it, and refuses an answer too long beside its field', async () => {
    const { link, appointmentId } = await adultBooking('intake-draft@example.ie');
    const half = { home_address: '3 Mill Lane', hay_fever: 'maybe', unknown_key: 'dropped' };
    const saved = await call('PUT', link, { dob: ADULT_DOB, payload: { answers: half, sign: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().intake).toMatchObject({
      status: 'draft',
      answers: { home_address: '3 Mill Lane', hay_fever: 'maybe' },
    });
    const read = await call('GET', link, { dob: ADULT_DOB });
    expect(read.json().intake.answers).toEqual({ home_address: '3 Mill Lane', hay_fever: 'maybe' });

    const tooLong = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { reason: 'a'.repeat(INTAKE_ANSWER_MAX + 1) }, sign: false },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json().errors)).toContain('Text is too long.');
    // Nothing of the draft was lost.
    expect((await call('GET', link, { dob: ADULT_DOB })).json().intake.answers.home_address).toBe(
      '3 Mill Lane',
    );

    const forms = await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
    expect(forms).toHaveLength(1);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entity, 'intake_form'));
    expect(audits.some((entry) => entry.entityId === String(forms[0]?.id) && entry.action === 'create')).toBe(
      true,
    );
  });

  it('signs only when complete, with the consent and the signer’s name; a signed form is locked', async () => {
    const { link, appointmentId, patientId, slot } = await adultBooking('intake-sign@example.ie');
    const incomplete = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, reason: '' }, sign: true, signature: 'Someone Else' },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      code: 'intake_incomplete',
      errors: {
        reason: [intakeTexts.required],
        consent: [intakeTexts.consentMissing],
        signature: [intakeTexts.signatureMismatch('Aoife Byrne')],
      },
    });
    const badChoice = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, antihistamine_kind: 'gin', last_reaction_on: '1990-02-31' },
        sign: true,
        consent: true,
        signature: 'Aoife Byrne',
      },
    });
    expect(badChoice.json().errors).toEqual({
      antihistamine_kind: [antihistamineTexts.unknown],
      last_reaction_on: [intakeTexts.notADate],
    });

    const address = nextAddress();
    const signed = await call('PUT', link, {
      dob: ADULT_DOB,
      address,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: '  aoife   BYRNE ' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().intake).toMatchObject({ status: 'signed', version: 2, signature: 'aoife   BYRNE' });
    const [row] = await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
    expect(row).toMatchObject({
      status: 'signed',
      signer: 'patient',
      signedFrom: address,
      version: 2,
      revision: 1,
    });

    const again = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: 'Aoife Byrne' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'intake_already_signed' });

    // A change after signing is a new version; the signed one is kept as it was.
    const changed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, asthma: 'yes' }, sign: false },
    });
    expect(changed.json().intake).toMatchObject({ status: 'draft', answers: { asthma: 'yes' } });
    const resigned = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, asthma: 'yes' },
        sign: true,
        consent: true,
        signature: 'Aoife Byrne',
      },
    });
    expect(resigned.statusCode).toBe(200);
    const rows = await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
    expect(rows.map((each) => [each.revision, each.status, each.answers.asthma]).sort()).toEqual([
      [1, 'signed', 'no'],
      [2, 'signed', 'yes'],
    ]);

    // Staff see it on the appointment, in the list and on the calendar.
    const detail = await t.app.inject({
      url: `/api/admin/transactions/${appointmentId}`,
      headers: t.auth,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().transaction).toMatchObject({
      intake_signed: true,
      intake: { status: 'signed', revision: 2, version: 2, changing: false, answers: { asthma: 'yes' } },
    });
    const list = await t.app.inject({ url: '/api/admin/transactions?per_page=100', headers: t.auth });
    const listed = list.json().transactions.find((each: { id: number }) => each.id === appointmentId);
    expect(listed.intake_signed).toBe(true);
    const patient = await t.app.inject({ url: `/api/admin/patients/${patientId}`, headers: t.auth });
    expect(patient.json().patient.appointments).toMatchObject([{ id: appointmentId, intake_signed: true }]);
    const day = slot.startsAt.slice(0, 10);
    const calendar = await t.app.inject({
      url: `/api/admin/calendar?from=${day}&to=${day}`,
      headers: t.auth,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const shown = calendar.json().appointments.find((each: { id: number }) => each.id === appointmentId);
    expect(shown.intake_signed).toBe(true);
  });

  it('for a child under 16, is the child form, signed by the guardian booked with them', async () => {
    const { link } = await childBooking('intake-child@example.ie');
    const { intake } = (await call('GET', link, { dob: CHILD_DOB })).json();
    expect(intake).toMatchObject({ form: 'child', signer: 'guardian', signer_name: 'Mary Elizabeth Byrne' });
    expect(intake.questions.map((q: { key: string }) => q.key)).not.toContain('pregnant');
    const answers: Record<string, string> = {
      ...Object.fromEntries(Object.entries(adultAnswers).filter(([key]) => key !== 'pregnant')),
      guardian_relationship: 'Mother',
    };
    const byChild = await call('PUT', link, {
      dob: CHILD_DOB,
      payload: { answers, sign: true, consent: true, signature: 'Saoirse Byrne' },
    });
    expect(byChild.json().errors).toEqual({
      signature: [intakeTexts.signatureMismatch('Mary Elizabeth Byrne')],
    });
    const signed = await call('PUT', link, {
      dob: CHILD_DOB,
      payload: { answers, sign: true, consent: true, signature: 'Mary Elizabeth Byrne' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().intake.status).toBe('signed');
  });

  it('opens with the booking’s own token too (the confirmation page), and refuses bad bodies with 4xx', async () => {
    const booking = await paidBooking(t.app, db(), { form: { email: 'intake-token@example.ie' } });
    const { reference } = await intakeLinkOf(booking.appointmentId);
    const response = await t.app.inject({
      url: `/api/bookings/${reference}/intake`,
      headers: { 'x-booking-token': booking.token, 'x-date-of-birth': ADULT_DOB },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const link = { reference, token: 'nope' };
    for (const payload of [
      {},
      { answers: [], sign: false },
      { answers: {}, sign: 'yes' },
      { answers: {}, sign: false, x: 1 },
    ]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${reference}/intake`,
        headers: { 'x-booking-token': booking.token, 'x-date-of-birth': ADULT_DOB },
        payload,
        remoteAddress: nextAddress(),
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await call('PUT', link, { dob: ADULT_DOB, payload: { answers: {}, sign: false } })).statusCode,
    ).toBe(404);
  });

  it('opens with the booking-page key a reminder carried (the way out’s), as with the booking link', async () => {
    const { link, appointmentId } = await adultBooking('intake-way-out-key@example.ie');
    const { token, hash } = newSecretToken();
    await db().insert(manageLinkTokens).values({ appointmentId, tokenHash: hash });
    const response = await call('GET', { reference: link.reference, token }, { dob: ADULT_DOB });
    expect(response.statusCode, response.body).toBe(200);
    // Another booking's key does not open it.
    const other = await adultBooking('intake-other-key@example.ie');
    expect(
      (await call('GET', { reference: other.link.reference, token }, { dob: ADULT_DOB })).statusCode,
    ).toBe(404);
  });

  it('counts wrong dates of birth apart from staff sign-in: neither locks the other out behind one address', async () => {
    const { link, appointmentId } = await adultBooking('intake-apart@example.ie');
    const staff = await signInAsNewStaff(t);
    const signIn = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/autorization/login',
        payload: { email: staff.email, password: STAFF_PASSWORD },
        remoteAddress: address,
      });
    // An office behind one address: twenty failed staff sign-ins (sign-in's own limit for the address)…
    const office = nextAddress();
    await db()
      .insert(loginAttempts)
      .values(Array.from({ length: 20 }, (_, i) => ({ email: `guess${i}@clinic.test`, ip: office })));
    expect((await signIn(office)).statusCode).toBe(429);
    // …leave a patient there their form.
    expect((await call('GET', link, { dob: ADULT_DOB, address: office })).statusCode).toBe(200);

    // And the reverse: twenty wrong dates of birth at a family's address, five at each of four bookings…
    const home = nextAddress();
    await db()
      .insert(loginAttempts)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          email: `intake ${appointmentId + 1000 + (i % 4)}`,
          ip: home,
          kind: 'intake' as const,
        })),
      );
    // …refuse a fifth booking's form at that address (the intake's own limit per address)…
    const refused = await call('GET', link, { dob: ADULT_DOB, address: home });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    // …but never the receptionist's sign-in behind it.
    const staffSignIn = await signIn(home);
    expect(staffSignIn.statusCode, staffSignIn.body).toBe(200);
    const recorded = await db().select().from(loginAttempts).where(eq(loginAttempts.ip, home));
    expect(recorded.every((row) => row.kind === 'intake')).toBe(true);
  });

  it('says at once that a cancelled or refunded booking’s form is closed, before any date of birth and for GET too', async () => {
    const { link, appointmentId } = await adultBooking('intake-closed-get@example.ie');
    const address = nextAddress();
    await call('PUT', link, { dob: ADULT_DOB, payload: { answers: { reason: 'Hay fever' }, sign: false } });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${link.reference}/cancel`,
      headers: { 'x-manage-token': link.token },
      remoteAddress: nextAddress(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row?.status).toBe('refunded');
    for (const dob of [undefined, ADULT_DOB, '2001-01-01']) {
      const read = await call('GET', link, { dob, address });
      expect(read.statusCode, read.body).toBe(409);
      expect(read.json()).toEqual({ code: 'intake_closed', error_messages: intakeTexts.closedCancelled });
    }
    // Nothing was counted as a guess.
    expect(await db().select().from(loginAttempts).where(eq(loginAttempts.ip, address))).toHaveLength(0);
    // Deleted by staff (cancelled) too; a wrong token is still the link's 404.
    await db().update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appointmentId));
    expect((await call('GET', link, { dob: ADULT_DOB })).json().code).toBe('intake_closed');
    expect((await call('GET', { ...link, token: 'y'.repeat(43) }, { dob: ADULT_DOB })).statusCode).toBe(404);
  });

  it('has no form for a video consultation: 409 at once, and nothing can be signed', async () => {
    const booking = await paidBooking(t.app, db(), {
      slot: { isVideoCall: true },
      form: { email: 'intake-video@example.ie', is_video_call: true, antihistamine: false, agreement: false },
    });
    // No form link is e-mailed for it; the booking link's token is tried on the form's address.
    const mails = await emailsAbout(db(), booking.appointmentId);
    const found = mails.map((mail) => /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody)).find(Boolean);
    if (!found?.[1] || !found[2]) throw new Error('no booking link e-mailed');
    const link = { reference: found[1], token: found[2] };
    const read = await call('GET', link, { dob: ADULT_DOB });
    expect(read.statusCode, read.body).toBe(409);
    expect(read.json()).toEqual({ code: 'intake_closed', error_messages: intakeTexts.closedVideo });
    const sign = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { reason: 'x' }, sign: false },
    });
    expect(sign.statusCode).toBe(409);
    expect(
      await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, booking.appointmentId)),
    ).toEqual([]);
  });

  it('is closed once the appointment has started, and after it ended (not a broken link)', async () => {
    const { link, slot } = await adultBooking('intake-closed-past@example.ie');
    const access = {
      reference: link.reference,
      manageTokenHash: secretTokenHashOf(link.token),
      bookingTokenHash: undefined,
      dateOfBirth: ADULT_DOB,
      client: nextAddress(),
    };
    const started = new Date(new Date(slot.startsAt).getTime() + 60_000);
    const later = new Date(new Date(slot.startsAt).getTime() + 7 * 86_400_000);
    for (const now of [started, later]) {
      await expect(readIntake(db(), access, now)).rejects.toMatchObject({
        kind: 'conflict',
        code: 'intake_closed',
        message: intakeTexts.closedOver,
      });
    }
  });

  it('refuses a date after today beside its question, and signs a signer of 35 + 35 characters', async () => {
    const first = 'Ó'.repeat(35);
    const last = `${'Fitzgerald-Byrne'.repeat(2)}abc`;
    expect(last).toHaveLength(35);
    const booking = await paidBooking(t.app, db(), {
      form: { email: 'intake-long-name@example.ie', first_name: first, last_name: last },
    });
    const link = await intakeLinkOf(booking.appointmentId);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    const signature = `${first} ${last}`;
    expect(signature).toHaveLength(71);
    const future = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, last_reaction_on: tomorrow },
        sign: true,
        consent: true,
        signature,
      },
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ last_reaction_on: [intakeTexts.futureDate] });
    const signed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, last_reaction_on: '2025-06-01' },
        sign: true,
        consent: true,
        signature,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().intake).toMatchObject({ status: 'signed', signature, signer_name: signature });
  });

  it('signs for a child with a guardian of 35 + 35 characters', async () => {
    const guardianFirst = 'M'.repeat(35);
    const guardianLast = 'B'.repeat(35);
    const booking = await paidBooking(t.app, db(), {
      slot: { isAdult: false },
      form: {
        email: 'intake-long-guardian@example.ie',
        is_adult: false,
        first_name: 'Saoirse',
        last_name: 'Byrne',
        dob: CHILD_DOB,
        guardian_first_name: guardianFirst,
        guardian_last_name: guardianLast,
      },
    });
    const link = await intakeLinkOf(booking.appointmentId);
    const answers: Record<string, string> = {
      ...Object.fromEntries(Object.entries(adultAnswers).filter(([key]) => key !== 'pregnant')),
      guardian_relationship: 'Father',
    };
    const signed = await call('PUT', link, {
      dob: CHILD_DOB,
      payload: { answers, sign: true, consent: true, signature: `${guardianFirst} ${guardianLast}` },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().intake).toMatchObject({ status: 'signed', signer: 'guardian' });
  });

  it('makes no second identical version when a copy of the signed form is signed unchanged', async () => {
    const { link, appointmentId } = await adultBooking('intake-unchanged@example.ie');
    const signed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: 'Aoife Byrne' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const signedAt: string = signed.json().intake.signed_at;
    // "Change an answer", an answer typed and typed back: a new draft version, the signed one standing.
    await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, asthma: 'yes' }, sign: false },
    });
    const copy = await call('PUT', link, { dob: ADULT_DOB, payload: { answers: adultAnswers, sign: false } });
    expect(copy.json().intake).toMatchObject({ status: 'draft', previous_signed_at: signedAt });
    const detail = await t.app.inject({ url: `/api/admin/transactions/${appointmentId}`, headers: t.auth });
    expect(detail.json().transaction.intake).toMatchObject({
      status: 'signed',
      revision: 1,
      changing: false,
    });

    const again = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: 'Aoife Byrne' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('intake_already_signed');
    expect(again.json().error_messages).toMatch(
      /^Nothing has changed since you signed this form on \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d,/,
    );
    // One version only, the signed one, which the form shows again.
    const rows = await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
    expect(rows.map((row) => [row.revision, row.status])).toEqual([[1, 'signed']]);
    const read = (await call('GET', link, { dob: ADULT_DOB })).json().intake;
    expect(read).toMatchObject({ status: 'signed', signed_at: signedAt, previous_signed_at: null });
    const dropped = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'intake_form'), eq(auditLog.action, 'delete')));
    expect(
      dropped.some(
        (entry) => (entry.details as { appointment_id?: number })?.appointment_id === appointmentId,
      ),
    ).toBe(true);
  });

  it('shows on the booking’s page whether the form is signed, and when, never its answers', async () => {
    const { link } = await adultBooking('intake-manage-status@example.ie');
    const page = async () => {
      const response = await t.app.inject({
        url: `/api/bookings/${link.reference}`,
        headers: { 'x-manage-token': link.token },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().booking.intake;
    };
    expect(await page()).toEqual({ status: 'not_started', signed_at: null });
    await call('PUT', link, { dob: ADULT_DOB, payload: { answers: { reason: 'Hay fever' }, sign: false } });
    expect(await page()).toEqual({ status: 'draft', signed_at: null });
    const signed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: 'Aoife Byrne' },
    });
    const signedAt = signed.json().intake.signed_at;
    expect(await page()).toEqual({ status: 'signed', signed_at: signedAt });
    await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, asthma: 'yes' }, sign: false },
    });
    expect(await page()).toEqual({ status: 'draft', signed_at: signedAt });
  });

  it('is closed once the appointment is cancelled', async () => {
    const { link } = await adultBooking('intake-cancelled@example.ie');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${link.reference}/cancel`,
      headers: { 'x-manage-token': link.token },
      remoteAddress: nextAddress(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const saved = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { reason: 'x' }, sign: false },
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({
      code: 'intake_closed',
      error_messages: intakeTexts.closedCancelled,
    });
  });
});

describe('the intake form’s antihistamines: the booking form’s question', () => {
  async function bookedWith(email: string, antihistamines?: string) {
    const booking = await paidBooking(t.app, db(), {
      form: { email, ...(antihistamines ? { antihistamines } : {}) },
    });
    return { ...booking, link: await intakeLinkOf(booking.appointmentId) };
  }

  const stopDaysOf = async (link: Link) =>
    (
      await t.app.inject({
        url: `/api/bookings/${link.reference}`,
        headers: { 'x-manage-token': link.token },
        remoteAddress: nextAddress(),
      })
    )
      .json()
      .booking.antihistamines.stop_days.map((stop: { medicine: string }) => stop.medicine);

  it('is a multiple choice of the booking’s list, begun with what the patient ticked when booking', async () => {
    const { link } = await bookedWith('intake-meds-prefill@example.ie', 'tablets,nasal');
    const { intake } = (await call('GET', link, { dob: ADULT_DOB })).json();
    expect(intake.questions.find((q: { key: string }) => q.key === 'antihistamine_kind')).toMatchObject({
      type: 'multi_choice',
      exclusive: 'none',
      options: [
        { value: 'none', label: antihistamineTexts.labels.none },
        { value: 'tablets', label: antihistamineTexts.labels.tablets },
        { value: 'nasal', label: antihistamineTexts.labels.nasal },
        { value: 'eye_drops', label: antihistamineTexts.labels.eye_drops },
        { value: 'cough_cold_sleep', label: antihistamineTexts.labels.cough_cold_sleep },
        { value: 'not_sure', label: antihistamineTexts.labels.not_sure },
      ],
    });
    expect(intake).toMatchObject({ status: 'not_started', answers: { antihistamine_kind: 'tablets,nasal' } });
    // A draft without that answer begins with it too; one with it keeps its own.
    const draft = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { reason: 'Hay fever' }, sign: false },
    });
    expect(draft.json().intake.answers).toEqual({ reason: 'Hay fever', antihistamine_kind: 'tablets,nasal' });
    const own = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { antihistamine_kind: 'eye_drops' }, sign: false },
    });
    expect(own.json().intake.answers).toEqual({ antihistamine_kind: 'eye_drops' });
    // Not asked when booking: nothing to begin with.
    const none = await bookedWith('intake-meds-none@example.ie');
    expect((await call('GET', none.link, { dob: ADULT_DOB })).json().intake.answers).toEqual({});
  });

  it('refuses None with another, or a value off the list, beside the field', async () => {
    const { link } = await bookedWith('intake-meds-bad@example.ie', 'tablets');
    const refused = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, antihistamine_kind: 'none,tablets' },
        sign: true,
        consent: true,
        signature: 'Aoife Byrne',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ antihistamine_kind: [antihistamineTexts.noneWithOthers] });
  });

  it('once signed, the appointment’s medicines follow: its stop days (and reminders) with them, audited by name', async () => {
    const { link, appointmentId } = await bookedWith('intake-meds-follow@example.ie', 'tablets');
    expect(await stopDaysOf(link)).toEqual(['tablets']);
    // A draft changes nothing of the appointment.
    await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, antihistamine_kind: 'nasal,eye_drops' }, sign: false },
    });
    expect(await stopDaysOf(link)).toEqual(['tablets']);
    const signed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: {
        answers: { ...adultAnswers, antihistamine_kind: 'nasal,eye_drops' },
        sign: true,
        consent: true,
        signature: 'Aoife Byrne',
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row?.antihistamines).toEqual(['nasal', 'eye_drops']);
    expect((await stopDaysOf(link)).sort()).toEqual(['eye_drops', 'nasal']);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entity, 'appointment'));
    const entry = entries.find(
      (each) =>
        each.entityId === String(appointmentId) && JSON.stringify(each.details).includes('from_intake_form'),
    );
    expect(entry?.details).toMatchObject({ fields: ['antihistamines'], by: 'patient' });
    expect(JSON.stringify(entry?.details)).not.toContain('nasal');
  });

  it('a form signed on version 1 keeps it: its single choice shown as signed; a change is made on version 2', async () => {
    const { link, appointmentId, patientId } = await bookedWith('intake-meds-v1@example.ie', 'tablets');
    await db()
      .insert(intakeForms)
      .values({
        appointmentId,
        patientId,
        revision: 1,
        form: 'adult',
        version: 1,
        answers: { ...adultAnswers, antihistamine_kind: 'tablets' },
        status: 'signed',
        signature: 'Aoife Byrne',
        signer: 'patient',
        signedAt: new Date(),
      });
    const { intake } = (await call('GET', link, { dob: ADULT_DOB })).json();
    expect(intake).toMatchObject({
      version: 1,
      status: 'signed',
      answers: { antihistamine_kind: 'tablets' },
    });
    expect(intake.questions.find((q: { key: string }) => q.key === 'antihistamine_kind').type).toBe('choice');
    const changed = await call('PUT', link, {
      dob: ADULT_DOB,
      payload: { answers: { ...adultAnswers, antihistamine_kind: 'tablets,nasal' }, sign: false },
    });
    expect(changed.json().intake).toMatchObject({
      version: 2,
      status: 'draft',
      answers: { antihistamine_kind: 'tablets,nasal' },
    });
    const rows = await db().select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
    expect(rows.map((each) => [each.revision, each.version, each.status]).sort()).toEqual([
      [1, 1, 'signed'],
      [2, 2, 'draft'],
    ]);
  });
});

describe('the intake reminder', () => {
  it('is e-mailed once, three days before at 09:00 clinic time, only while the form is not signed; its link opens the form', async () => {
    const unsigned = await adultBooking('intake-remind@example.ie');
    const signed = await adultBooking('intake-remind-signed@example.ie');
    await call('PUT', signed.link, {
      dob: ADULT_DOB,
      payload: { answers: adultAnswers, sign: true, consent: true, signature: 'Aoife Byrne' },
    });
    const startsAt = new Date(unsigned.slot.startsAt);
    // The clinic day three days before, at 09:00 Dublin time, is never later than 72 hours before a 10:00 start.
    const early = new Date(startsAt.getTime() - 4 * 86_400_000);
    expect(await sendIntakeReminders(db(), 'http://clinic.test', early)).not.toContain(
      unsigned.appointmentId,
    );
    const due = new Date(startsAt.getTime() - 72 * 3_600_000 + 3_600_000);
    const sent = await sendIntakeReminders(db(), 'http://clinic.test', due);
    expect(sent).toContain(unsigned.appointmentId);
    expect(sent).not.toContain(signed.appointmentId);
    expect(await sendIntakeReminders(db(), 'http://clinic.test', due)).not.toContain(unsigned.appointmentId);

    const mails = await emailsAbout(db(), unsigned.appointmentId);
    const reminder = mails.find((mail) => mail.subject.includes('your form'));
    // No health detail in the subject (the clinic's own name aside).
    expect(reminder?.subject.replace(clinic.name, '')).not.toMatch(/allerg|asthma|antihistamine|test/i);
    const found = /\/booking\/([0-9A-Z]+)\/intake#([\w-]{43})/.exec(reminder?.textBody ?? '');
    expect(found?.[2]).not.toBe(unsigned.link.token);
    const opened = await call(
      'GET',
      { reference: found?.[1] ?? '', token: found?.[2] ?? '' },
      { dob: ADULT_DOB },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    // The reminder's token opens the form only, never the booking's page.
    const page = await t.app.inject({
      url: `/api/bookings/${found?.[1]}`,
      headers: { 'x-manage-token': found?.[2] ?? '' },
      remoteAddress: nextAddress(),
    });
    expect(page.statusCode).toBe(404);
  });
});

describe('the patient’s data', () => {
  it('is left without wrong-date attempts once the right one is given', async () => {
    const { link } = await adultBooking('intake-clear@example.ie');
    const address = nextAddress();
    await call('GET', link, { dob: '2000-01-01', address });
    await call('GET', link, { dob: ADULT_DOB, address });
    const left = await db().select().from(loginAttempts).where(eq(loginAttempts.ip, address));
    expect(left).toHaveLength(0);
  });
});
