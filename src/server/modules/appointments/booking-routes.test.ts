import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKINGS_PER_ADDRESS_PER_DAY, bookingTexts } from '../../../shared/booking';
import { referralTexts } from '../../../shared/referrals';
import { appointments, files, patients, slots } from '../../db/schema';
import {
  adultForm,
  appointmentOf,
  appointmentsOfSlot,
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
} from '../../test/booking-fixtures';
import { countedBody, injectMultipart, MULTIPART, testFile } from '../../test/multipart';

let t: BookingTestApp;
/** A time held for the form checks: a form is read only for a visitor who holds a time. */
let held: { id: number; token: string };
beforeAll(async () => {
  t = await createBookingTestApp();
  const slot = await futureSlot(t.database.db);
  held = { id: slot.id, token: await holdSlot(t.app, slot.id) };
});
afterAll(() => t.close());

const REQUIRED = 'This field is required , please fill in.';
const SHORT = 'Text is too short.';
const LONG = 'Text is too long.';
const MAIL = 'Mail is invalid.';
const PHONE = 'Phone number is invalid.';

const post = (body: Record<string, unknown>, holdToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: holdToken ? { 'x-hold-token': holdToken } : {},
    payload: { patient: body },
    remoteAddress: nextAddress(),
  });

/** Posts the form of the time `held` holds. */
const postHeld = (body: Record<string, unknown>) => post(body, held.token);

/** The messages of a 422 for `field`. */
async function errorsOf(body: Record<string, unknown>, field: string, holdToken = held.token) {
  const response = await post(body, holdToken);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors?.[field] as string[] | undefined;
}

describe('POST /api/patients: the slot booking form (spec section 5)', () => {
  it('asks for the names, 2 to 35 characters, with the spaced required text', async () => {
    expect(await errorsOf(adultForm(held.id, { first_name: '' }), 'first_name')).toEqual([REQUIRED]);
    expect(await errorsOf(adultForm(held.id, { last_name: undefined }), 'last_name')).toEqual([REQUIRED]);
    expect(await errorsOf(adultForm(held.id, { first_name: 'A' }), 'first_name')).toEqual([SHORT]);
    expect(await errorsOf(adultForm(held.id, { last_name: 'B'.repeat(36) }), 'last_name')).toEqual([LONG]);
    expect(await errorsOf(adultForm(held.id, { first_name: 'Ó'.repeat(36) }), 'first_name')).toEqual([LONG]);
    const response = await postHeld(adultForm(held.id, { first_name: ' ' }));
    expect(response.json().error_messages).toBe(REQUIRED);
  });

  it("asks for a parent's names only for a child, 2 to 35", async () => {
    const childSlot = await futureSlot(t.database.db, { isAdult: false });
    const childToken = await holdSlot(t.app, childSlot.id);
    const child = adultForm(childSlot.id, {
      is_adult: false,
      guardian_first_name: 'Mary',
      guardian_last_name: 'Byrne',
    });
    const childErrorsOf = (body: Record<string, unknown>, field: string) => errorsOf(body, field, childToken);
    expect(await childErrorsOf({ ...child, guardian_first_name: '' }, 'guardian_first_name')).toEqual([
      REQUIRED,
    ]);
    expect(await childErrorsOf({ ...child, guardian_last_name: 'X' }, 'guardian_last_name')).toEqual([SHORT]);
    expect(
      await childErrorsOf({ ...child, guardian_last_name: 'X'.repeat(36) }, 'guardian_last_name'),
    ).toEqual([LONG]);
    const adult = await postHeld(adultForm(held.id, { guardian_first_name: '' }));
    expect(adult.json().errors?.guardian_first_name).toBeUndefined();
  });

  it("checks the form by the held slot's own kind, whatever the form's flags say or leave out", async () => {
    const childSlot = await futureSlot(t.database.db, { isAdult: false });
    const childToken = await holdSlot(t.app, childSlot.id);
    // A child's time asks for a parent even when the form says adult.
    const saysAdult = adultForm(childSlot.id, { is_adult: true, phone: '' });
    expect(await errorsOf(saysAdult, 'guardian_first_name', childToken)).toEqual([REQUIRED]);
    // An adult's time does not, even when the form leaves out is_adult (which would read as a child).
    const { is_adult: _left, ...withoutFlag } = adultForm(held.id, { phone: '' });
    const response = await postHeld(withoutFlag);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['phone']);
  });

  it('asks for a valid e-mail', async () => {
    expect(await errorsOf(adultForm(held.id, { email: '' }), 'email')).toEqual([REQUIRED]);
    expect(await errorsOf(adultForm(held.id, { email: 'not-mail' }), 'email')).toEqual([MAIL]);
  });

  it('asks for a phone of 6 to 12 digits, written with digits, spaces, brackets, dashes and a leading +', async () => {
    expect(await errorsOf(adultForm(held.id, { phone: '' }), 'phone')).toEqual([REQUIRED]);
    expect(await errorsOf(adultForm(held.id, { phone: '12345' }), 'phone')).toEqual([SHORT]);
    expect(await errorsOf(adultForm(held.id, { phone: '1234567890123' }), 'phone')).toEqual([LONG]);
    expect(await errorsOf(adultForm(held.id, { phone: '+353 87 123 4567 8' }), 'phone')).toEqual([LONG]);
    for (const phone of ['087 abc 45', '087.123.4567', '++353 1 234567', '353+871234567', '087/123 4567'])
      expect(await errorsOf(adultForm(held.id, { phone }), 'phone')).toEqual([PHONE]);
  });

  it('accepts a number written with a country code, spaces or brackets, and keeps it as typed', async () => {
    for (const phone of ['+353 87 123 4567', '(01) 293-4560']) {
      const slot = await futureSlot(t.database.db);
      const response = await post(
        adultForm(slot.id, { phone: ` ${phone} ` }),
        await holdSlot(t.app, slot.id),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().patient.phone).toBe(phone);
      const [stored] = await t.database.db
        .select({ phone: patients.phone })
        .from(patients)
        .where(eq(patients.id, response.json().patient.id));
      expect(stored?.phone).toBe(phone);
    }
  });

  it("asks for the GP's name (2–70) and address (10–300) for an adult's allergy test only", async () => {
    expect(await errorsOf(adultForm(held.id, { consultant_name: '' }), 'consultant_name')).toEqual([
      REQUIRED,
    ]);
    expect(await errorsOf(adultForm(held.id, { consultant_name: 'D' }), 'consultant_name')).toEqual([SHORT]);
    expect(
      await errorsOf(adultForm(held.id, { consultant_name: 'D'.repeat(71) }), 'consultant_name'),
    ).toEqual([LONG]);
    expect(await errorsOf(adultForm(held.id, { consultant_addres: '' }), 'consultant_addres')).toEqual([
      REQUIRED,
    ]);
    expect(await errorsOf(adultForm(held.id, { consultant_addres: 'Dublin' }), 'consultant_addres')).toEqual([
      SHORT,
    ]);
    expect(
      await errorsOf(adultForm(held.id, { consultant_addres: 'x'.repeat(301) }), 'consultant_addres'),
    ).toEqual([LONG]);
    const child = await post(
      adultForm(held.id, {
        is_adult: false,
        consultant_name: '',
        consultant_addres: '',
        guardian_first_name: 'Mo',
      }),
    );
    expect(child.json().errors?.consultant_name).toBeUndefined();
    const video = await post(
      adultForm(held.id, { is_video_call: true, consultant_name: '', consultant_addres: '' }),
    );
    expect(video.json().errors?.consultant_addres).toBeUndefined();
  });

  it("checks the GP's e-mail if given and the test reason (10–300) if given", async () => {
    expect(await errorsOf(adultForm(held.id, { consultant_email: 'gp@' }), 'consultant_email')).toEqual([
      MAIL,
    ]);
    expect(await errorsOf(adultForm(held.id, { allergens: 'Hay' }), 'allergens')).toEqual([SHORT]);
    expect(await errorsOf(adultForm(held.id, { allergens: 'h'.repeat(301) }), 'allergens')).toEqual([LONG]);
    const response = await postHeld(adultForm(held.id, { consultant_email: '', allergens: '' }));
    expect(response.json().errors?.consultant_email).toBeUndefined();
    expect(response.json().errors?.allergens).toBeUndefined();
  });

  it("asks for the date of birth ('Required'), never in the future", async () => {
    expect(await errorsOf(adultForm(held.id, { dob: '' }), 'dob')).toEqual(['Required']);
    expect(await errorsOf(adultForm(held.id, { dob: '2990-01-01' }), 'dob')).toEqual([
      'The date of birth cannot be in the future.',
    ]);
    expect(await errorsOf(adultForm(held.id, { dob: '2001-02-30' }), 'dob')).toEqual([
      bookingTexts.dobNotReal,
    ]);
    expect(await errorsOf(adultForm(held.id, { dob: '31.02.1990' }), 'dob')).toEqual([
      bookingTexts.dobNotReal,
    ]);
    expect(await errorsOf(adultForm(held.id, { dob: 'March 1985' }), 'dob')).toEqual([
      bookingTexts.dobInvalid,
    ]);
    expect(await errorsOf(adultForm(held.id, { dob: '1985' }), 'dob')).toEqual([bookingTexts.dobInvalid]);
  });

  it('takes a date of birth typed as people type it and keeps it as YYYY-MM-DD', async () => {
    for (const dob of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985', '1985-03-14']) {
      const slot = await futureSlot(t.database.db);
      const response = await post(adultForm(slot.id, { dob }), await holdSlot(t.app, slot.id));
      expect(response.statusCode, `${dob}: ${response.body}`).toBe(201);
      expect(response.json().patient.dob).toBe('1985-03-14');
    }
  });

  it('takes names real people have: 35 a name part, in every name field', async () => {
    const childSlot = await futureSlot(t.database.db, { isAdult: false });
    const name = 'Fitzgerald-Byrne Ní Mhaoldomhnaigh';
    const part = 'Wolfeschlegelsteinhausenbergerdorff';
    expect([...part].length).toBe(35);
    const response = await post(
      adultForm(childSlot.id, {
        is_adult: false,
        first_name: 'Mary Elizabeth',
        last_name: part,
        guardian_first_name: part,
        guardian_last_name: name,
      }),
      await holdSlot(t.app, childSlot.id),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().patient.full_name).toBe(`Mary Elizabeth ${part}`);
    expect(response.json().patient.guardian_last_name).toBe(name);
  });

  it('asks for the antihistamine and agreement ticks unless it is a video call', async () => {
    expect(await errorsOf(adultForm(held.id, { antihistamine: false }), 'antihistamine')).toEqual([REQUIRED]);
    expect(await errorsOf(adultForm(held.id, { agreement: 'false' }), 'agreement')).toEqual([REQUIRED]);
    const videoSlot = await futureSlot(t.database.db, { isVideoCall: true });
    const video = await post(
      adultForm(videoSlot.id, { is_video_call: true, antihistamine: false, agreement: false }),
      await holdSlot(t.app, videoSlot.id),
    );
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().errors?.antihistamine).toBeUndefined();
    expect(video.json().errors?.agreement).toBeUndefined();
  });

  it('refuses a name with a right-to-left override (it can make staff read another name)', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const response = await post(adultForm(slot.id, { first_name: 'Ao\u202Eefi' }), hold);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['This field contains characters that are not allowed.'],
    });
    expect(await appointmentsOfSlot(t.database.db, slot.id)).toEqual([]);
  });

  it('refuses fields outside the patient entity and a missing slot', async () => {
    expect(await errorsOf(adultForm(held.id, { role: 'admin' }), 'role')).toEqual(['Unknown field.']);
    expect(await errorsOf(adultForm(held.id, { amount: 1 }), 'amount')).toEqual(['Unknown field.']);
    expect(await errorsOf(adultForm(held.id, { session_id: undefined }), 'session_id')).toBeDefined();
  });

  it("accepts every field of the spec's patient entity, payment_type included; the server's own values win", async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/patients',
      Object.fromEntries(
        Object.entries({
          ...adultForm(slot.id),
          id: 99,
          full_name: 'Someone Else',
          price: 1,
          session: 'x',
          payment_type: 'cash',
          attachment_url: '/uploads/x',
          is_referral: false,
          has_referral_letter: false,
          address: '1 Main Street, Dublin',
          gp_details: 'Dr Walsh, Dundrum',
          is_hayfever: true,
          is_asthma: false,
          is_eczema: false,
          concerns: 'Sneezing in spring',
          suspected_allergy: 'Grass pollen',
          consultation_hopes: 'A clear plan',
          known_allergies_description: 'None known',
          do_you_have_any_known_allergies: false,
          signature: 'Aoife Byrne',
          // No file chosen, as a form or a script sends it.
          result: '',
          referral_letter: 'null',
          attachment: null,
        }).map(([key, value]) => [`patient[${key}]`, String(value)]),
      ),
      { 'x-hold-token': hold },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { patient } = response.json();
    expect(patient).toMatchObject({ full_name: 'Aoife Byrne', price: 180, session_id: slot.id });
    expect(patient.id).not.toBe(99);
    const appointment = await appointmentOf(t.database.db, patient.id);
    expect(appointment).toMatchObject({ paymentType: 'card', priceCents: 18_000 });
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, patient.id));
    // A slot booking does not ask for a self-referral's answers, so it keeps none of them.
    expect(row).toMatchObject({ address: null, concerns: null, signature: null, isReferral: false });
  });

  it("reads a form with is_referral true as a self-referral, whose fields are not the slot booking's", async () => {
    const response = await postHeld(adultForm(held.id, { is_referral: true }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors?.full_name).toEqual(['This field is required, please fill in.']);
    expect(
      await errorsOf(adultForm(held.id, { is_referral: 'false', first_name: '' }), 'first_name'),
    ).toEqual([REQUIRED]);
  });

  it("checks the form again with the slot's own kind, whatever the browser said", async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const response = await post(
      adultForm(slot.id, { is_video_call: true, consultant_name: '', antihistamine: false }),
      hold,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.consultant_name).toEqual([REQUIRED]);
    expect(response.json().errors.antihistamine).toEqual([REQUIRED]);
  });
});

describe('POST /api/patients: the hold', () => {
  it('refuses a booking without a hold token (403) or with one that does not hold the slot (409)', async () => {
    const slot = await futureSlot(t.database.db);
    const none = await post(adultForm(slot.id));
    expect(none.statusCode).toBe(403);
    expect(none.json().error_messages).toMatch(/choose a time/);
    const other = await futureSlot(t.database.db);
    const otherHold = await holdSlot(t.app, other.id);
    const wrong = await post(adultForm(slot.id), otherHold);
    expect(wrong.statusCode).toBe(409);
    const forged = await post(adultForm(slot.id), 'x'.repeat(43));
    expect(forged.statusCode).toBe(409);
    expect(await appointmentsOfSlot(t.database.db, slot.id)).toEqual([]);
  });

  it('creates the patient, keeps the hold, answers the price in euro and a token stored only as a hash', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const [before] = await t.database.db.select().from(slots).where(eq(slots.id, slot.id));
    const response = await post(adultForm(slot.id, { guardian_first_name: 'Ignored' }), hold);
    expect(response.statusCode, response.body).toBe(201);
    const { patient } = response.json();
    expect(patient).toMatchObject({
      first_name: 'Aoife',
      last_name: 'Byrne',
      full_name: 'Aoife Byrne',
      price: 180,
      session_id: slot.id,
      payment_status: 'unpaid',
      guardian_first_name: null,
      // No reference nor calendar event until it is paid.
      reference: null,
      calendar: null,
    });
    expect(patient.session).toMatchObject({ id: slot.id, status: 'pending', held_by_you: true });
    expect(patient.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await appointmentOf(t.database.db, patient.id);
    expect(row.accessTokenHash).toBe(createHash('sha256').update(patient.access_token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(patient.access_token);
    expect(row).toMatchObject({ status: 'held', slotId: slot.id, paymentType: 'card', priceCents: 18_000 });
    expect(row.antihistamineConfirmed).toBe(true);
    const [after] = await t.database.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(after?.status).toBe('pending');
    expect(after!.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(before!.holdExpiresAt!.getTime());
  });

  it('reads the booking back only with its own token (else 404)', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const other = await createBooking(t.app, t.database.db);
    const read = (id: number, token?: string) =>
      t.app.inject({ url: `/api/patients/${id}`, headers: token ? { 'x-booking-token': token } : {} });
    const own = await read(booking.patientId, booking.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().patient).toMatchObject({
      id: booking.patientId,
      price: 180,
      email: 'aoife@example.ie',
    });
    expect(own.json().patient.access_token).toBeUndefined();
    expect((await read(booking.patientId)).statusCode).toBe(404);
    expect((await read(booking.patientId, other.token)).statusCode).toBe(404);
    expect((await read(booking.patientId, booking.holdToken)).statusCode).toBe(404);
  });
});

describe('POST /api/patients: bookings per address', () => {
  it(`allows ${BOOKINGS_PER_ADDRESS_PER_DAY} held or paid bookings a day from one address, then answers 429`, async () => {
    const address = '10.66.6.6';
    const bookFrom = async (from: string, existing?: { slotId: number; hold: string }) => {
      const slot = existing?.slotId ?? (await futureSlot(t.database.db)).id;
      const hold = existing?.hold ?? (await holdSlot(t.app, slot));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: { 'x-hold-token': hold },
        payload: { patient: adultForm(slot) },
        remoteAddress: from,
      });
      return { response, slotId: slot, hold };
    };
    const made: { slotId: number; hold: string }[] = [];
    for (let booking = 0; booking < BOOKINGS_PER_ADDRESS_PER_DAY; booking += 1) {
      const { response, ...booked } = await bookFrom(address);
      expect(response.statusCode, response.body).toBe(201);
      made.push(booked);
    }
    const refused = await bookFrom(address);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json()).toEqual({
      code: 'bookings_limit',
      error_messages: bookingTexts.tooManyBookings,
    });
    expect(await appointmentsOfSlot(t.database.db, refused.slotId)).toEqual([]);
    // A booking given up ('Cancel booking' lets its time go) no longer counts.
    const [givenUp, ...kept] = made;
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${givenUp!.slotId}/hold`,
      headers: { 'x-hold-token': givenUp!.hold },
    });
    expect(released.statusCode).toBe(204);
    expect((await bookFrom(address, refused)).response.statusCode).toBe(201);
    const last = kept.at(-1);
    // Sending a booking's form again replaces it: it is still one booking. (Ten calls a minute from one
    // address is the rate limit: this is the ninth.)
    expect((await bookFrom(address, last)).response.statusCode).toBe(201);
    // Another address books as usual; a day later the address may book again.
    expect((await bookFrom('10.66.6.7')).response.statusCode).toBe(201);
    await t.database.db
      .update(appointments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(appointments.bookedFrom, address));
    expect((await bookFrom(address)).response.statusCode).toBe(201);
  });
});

describe('POST /api/patients: multipart with files', () => {
  const fields = (slotId: number, extra: Record<string, unknown> = {}) =>
    Object.fromEntries(
      Object.entries({ ...adultForm(slotId), ...extra }).map(([key, value]) => [`patient[${key}]`, value]),
    ) as Record<string, string>;

  it('stores a PDF result and a Word referral letter as private files', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/patients',
      {
        ...fields(slot.id),
        'patient[result]': { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
        'patient[referral_letter]': { fileName: 'letter.docx', bytes: testFile('letter.docx') },
      },
      { 'x-hold-token': hold },
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.id, response.json().patient.id));
    const stored = await t.database.db.select().from(files).where(eq(files.id, row!.resultFileId!));
    expect(stored[0]).toMatchObject({ isPublic: false, mimeType: 'application/pdf' });
    const letter = await t.database.db.select().from(files).where(eq(files.id, row!.referralLetterFileId!));
    expect(letter[0]?.isPublic).toBe(false);
    const served = await t.app.inject({ url: `/uploads/${row!.resultFileId}` });
    expect(served.statusCode).toBe(404);
  });

  it('refuses an executable named .pdf as the result (415) and stores nothing', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const before = (await t.database.db.select({ id: files.id }).from(files)).length;
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/patients',
      {
        ...fields(slot.id),
        'patient[result]': { fileName: 'result.pdf', bytes: testFile('program-named.pdf') },
      },
      { 'x-hold-token': hold },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'file_type_refused',
      error_messages: 'Choose a .pdf, .doc or .docx file.',
      errors: { result: ['Choose a .pdf, .doc or .docx file.'] },
    });
    expect((await t.database.db.select({ id: files.id }).from(files)).length).toBe(before);
    expect(await appointmentsOfSlot(t.database.db, slot.id)).toEqual([]);
  });

  it('refuses a big upload without a hold before reading a byte of it', async () => {
    const other = await futureSlot(t.database.db);
    const holdsNothing = await holdSlot(t.app, other.id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${other.id}/hold`,
      headers: { 'x-hold-token': holdsNothing },
    });
    for (const [token, status] of [
      // Without a token, a form too long for a self-referral (413).
      [undefined, 413],
      ['x'.repeat(43), 409],
      [holdsNothing, 409],
    ] as const) {
      const body = countedBody(20 * 64);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: {
          'content-type': MULTIPART,
          'content-length': String(20 * 1024 * 1024),
          ...(token ? { 'x-hold-token': token } : {}),
        },
        payload: body.stream,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().error_messages).toBe(
        token ? bookingTexts.holdMissing : referralTexts.formTooLarge,
      );
      expect(body.pulls()).toBe(0);
      body.stream.destroy();
    }
  });

  it('refuses a file over 10 MB with 413', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await holdSlot(t.app, slot.id);
    const big = Buffer.concat([testFile('letter.pdf'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/patients',
      { ...fields(slot.id), 'patient[result]': { fileName: 'big.pdf', bytes: big } },
      { 'x-hold-token': hold },
    );
    expect(response.statusCode).toBe(413);
    expect(typeof response.json().error_messages).toBe('string');
  });
});
