import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTexts } from '../../../shared/appointments';
import { bookingTexts } from '../../../shared/booking';
import { slotTexts } from '../../../shared/slots';
import { appointments, emailOutbox, files, patients } from '../../db/schema';
import { futureSlot, holdSlot } from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { insertSlot } from '../../test/slot-fixtures';
import {
  appointmentRow,
  auditOf,
  postStaffBooking,
  slotRow,
  staffForm,
  videoStaffForm,
} from '../../test/staff-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const REQUIRED = 'This field is required , please fill in.';
const book = (form: Record<string, unknown>) => postStaffBooking(t.app, t.auth, form);
const ics = (content: string) => Buffer.from(content, 'base64').toString('utf8');
const mailsTo = (address: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('POST /api/admin/patients: staff book a time for a patient (spec section 4)', () => {
  it('books an available time: the appointment booked by admin at the slot’s price, the slot booked, audited, the patient e-mailed', async () => {
    const slot = await futureSlot(t.database.db);
    const response = await book(
      staffForm(slot.id, {
        first_name: '<b>Siobhán</b>',
        last_name: 'Ó Briain',
        email: 'siobhan@example.ie',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('You have successfully created a new appointment.');
    expect(body.transaction).toMatchObject({
      status: 'booked',
      status_label: 'Booked by admin',
      appointment_status: 'booked',
      amount: null,
      transaction_id: null,
      booked_by_admin: true,
      payment_type: 'insurance',
      full_name: '<b>Siobhán</b> Ó Briain',
      appointment_type: 'Adult',
      is_video_call: false,
      session: { id: slot.id, status: 'booked', price: 180 },
      patient: {
        first_name: '<b>Siobhán</b>',
        email: 'siobhan@example.ie',
        consultant_name: 'Dr Walsh',
        result: null,
      },
    });
    const id = body.transaction.id as number;
    expect(await appointmentRow(t.database.db, id)).toMatchObject({
      status: 'booked',
      bookedByAdmin: true,
      priceCents: 180_00,
      paymentType: 'insurance',
      antihistamineConfirmed: true,
      agreementAccepted: true,
      calendarSequence: 0,
      holdTokenHash: null,
      accessTokenHash: null,
    });
    expect((await slotRow(t.database.db, slot.id))?.status).toBe('booked');

    const [audit] = await auditOf(t.database.db, 'appointment', id);
    expect(audit).toMatchObject({ action: 'create', actor: 'admin' });
    expect(audit?.details).toMatchObject({ status: 'booked', slot_id: slot.id, booked_by_admin: true });
    expect(JSON.stringify(audit?.details)).not.toMatch(/Siobh|siobhan|Briain/);

    const [mail, ...more] = await mailsTo('siobhan@example.ie');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ appointmentId: id, status: 'pending' });
    expect(mail?.subject).toMatch(/^Your appointment at .+ on \d\d\/\d\d\/\d{4} is booked$/);
    expect(mail?.textBody).toContain('The clinic has booked this appointment for you.');
    expect(mail?.textBody).toContain('Stop taking antihistamine tablets or syrups 5 days before the test.');
    expect(mail?.textBody).not.toMatch(/receipt|Paid/);
    expect(mail?.htmlBody).toContain('&lt;b&gt;Siobhán&lt;/b&gt;');
    expect(mail?.htmlBody).not.toContain('<b>Siobhán');
    // The invite only: nothing was paid, so no receipt.
    expect(mail?.attachments.map((file) => file.filename)).toEqual(['appointment.ics']);
    const invite = ics(mail!.attachments[0]!.content);
    expect(invite).toContain(`UID:appointment-${id}@`);
    expect(invite).toContain('SEQUENCE:0');
    expect(invite).toContain('STATUS:CONFIRMED');

    // The detail lists the e-mail, waiting to be sent.
    expect(body.transaction.emails).toEqual([
      expect.objectContaining({ to: 'siobhan@example.ie', status: 'queued', attempts: 0, last_error: null }),
    ]);
  });

  it('books a time staff hold for it (PUT /api/admin/sessions/:id pending)', async () => {
    const slot = await futureSlot(t.database.db);
    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${slot.id}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const response = await book(staffForm(slot.id));
    expect(response.statusCode, response.body).toBe(201);
    expect(await slotRow(t.database.db, slot.id)).toMatchObject({
      status: 'booked',
      holdExpiresAt: null,
      holdTokenHash: null,
    });
  });

  it('refuses a time a visitor holds or that is booked (409), or has started (422), or does not exist (422), on session_id', async () => {
    const visitorHeld = await futureSlot(t.database.db);
    await holdSlot(t.app, visitorHeld.id);
    const held = await book(staffForm(visitorHeld.id));
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      code: 'slot_not_free',
      error_messages: appointmentTexts.slotNotFree,
      errors: { session_id: [appointmentTexts.slotNotFree] },
    });
    expect((await slotRow(t.database.db, visitorHeld.id))?.status).toBe('pending');

    const taken = await futureSlot(t.database.db);
    expect((await book(staffForm(taken.id))).statusCode).toBe(201);
    const again = await book(staffForm(taken.id, { first_name: 'Second' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ session_id: [appointmentTexts.slotNotFree] });

    const startedId = await insertSlot(t.database.db, {
      startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    const started = await book(staffForm(startedId));
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({
      code: 'slot_started',
      error_messages: appointmentTexts.slotStarted,
      errors: { session_id: [appointmentTexts.slotStarted] },
    });

    const missing = await book(staffForm(2_000_000_000));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ session_id: [slotTexts.notFound] });
    const patientsNamed = await t.database.db.select().from(patients).where(eq(patients.firstName, 'Second'));
    expect(patientsNamed).toEqual([]);
  });

  it('books one of two staff racing for the same time, the other gets 409', async () => {
    const slot = await futureSlot(t.database.db);
    const answers = await Promise.all([
      book(staffForm(slot.id, { first_name: 'Racer', last_name: 'One' })),
      book(staffForm(slot.id, { first_name: 'Racer', last_name: 'Two' })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const booked = await t.database.db.select().from(appointments).where(eq(appointments.slotId, slot.id));
    expect(booked).toHaveLength(1);
  });

  it('stores the result and referral letter privately, checked from their bytes, and lists them with staff-only addresses', async () => {
    const slot = await futureSlot(t.database.db);
    const response = await book({
      ...staffForm(slot.id),
      result: { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
      referral_letter: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { patient } = response.json().transaction;
    expect(patient.result).toEqual({
      id: expect.any(String),
      name: 'result.pdf',
      url: `/api/admin/upload_results/${patient.result.id}`,
    });
    expect(patient.referral_letter).toMatchObject({ name: 'letter.docx' });
    expect(patient.attachment).toBeNull();
    const [stored] = await t.database.db.select().from(files).where(eq(files.id, patient.result.id));
    expect(stored).toMatchObject({ isPublic: false, mimeType: 'application/pdf' });

    const other = await futureSlot(t.database.db);
    const before = (await t.database.db.select({ id: files.id }).from(files)).length;
    const refused = await book({
      ...staffForm(other.id),
      result: { fileName: 'result.pdf', bytes: testFile('program-named.pdf') },
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().errors).toEqual({ result: ['Choose a .pdf, .doc or .docx file.'] });
    expect((await t.database.db.select({ id: files.id }).from(files)).length).toBe(before);
    expect((await slotRow(t.database.db, other.id))?.status).toBe('available');
  });

  it('needs no e-mail: none is queued without one', async () => {
    const slot = await futureSlot(t.database.db);
    const response = await book(staffForm(slot.id, { email: '', first_name: 'Nomail' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transaction.patient.email).toBeNull();
    expect(response.json().transaction.emails).toEqual([]);
    const queued = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.appointmentId, response.json().transaction.id));
    expect(queued).toEqual([]);
  });

  it("checks the form with the slot's own kind, whatever the form says", async () => {
    // The form says video (no GP, no ticks); the time is an adult's allergy test.
    const test = await futureSlot(t.database.db);
    const asVideo = await book(videoStaffForm(test.id));
    expect(asVideo.statusCode).toBe(422);
    expect(asVideo.json().errors).toMatchObject({
      consultant_name: [REQUIRED],
      consultant_addres: [REQUIRED],
      antihistamine: [REQUIRED],
      agreement: [REQUIRED],
    });
    // The form says adult; the time is a child's: the parent's names are asked for.
    const child = await futureSlot(t.database.db, { isAdult: false });
    const asAdult = await book(staffForm(child.id));
    expect(asAdult.statusCode).toBe(422);
    expect(asAdult.json().errors).toMatchObject({
      guardian_first_name: [REQUIRED],
      guardian_last_name: [REQUIRED],
    });
    const forChild = await book(
      staffForm(child.id, { is_adult: false, guardian_first_name: 'Úna', guardian_last_name: 'Ní Bhriain' }),
    );
    expect(forChild.statusCode, forChild.body).toBe(201);
    expect(forChild.json().transaction).toMatchObject({
      appointment_type: 'Child',
      patient: { is_adult: false, guardian_first_name: 'Úna', consultant_name: null },
    });
    // A video call keeps no GP nor ticks, whatever is sent.
    const video = await futureSlot(t.database.db, { isVideoCall: true });
    const videoBooking = await book(videoStaffForm(video.id, { consultant_name: 'Dr Kept' }));
    expect(videoBooking.statusCode, videoBooking.body).toBe(201);
    expect(videoBooking.json().transaction.patient.consultant_name).toBeNull();
    expect(await appointmentRow(t.database.db, videoBooking.json().transaction.id)).toMatchObject({
      antihistamineConfirmed: null,
      agreementAccepted: null,
    });
  });

  it('answers each bad field with the spec’s texts', async () => {
    const slot = await futureSlot(t.database.db);
    const errorsOf = async (overrides: Record<string, unknown>) => {
      const response = await book(staffForm(slot.id, overrides));
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({ first_name: '' })).toEqual({ first_name: [REQUIRED] });
    expect(await errorsOf({ last_name: 'B' })).toEqual({ last_name: ['Text is too short.'] });
    expect(await errorsOf({ email: 'not-mail' })).toEqual({ email: ['Mail is invalid.'] });
    expect(await errorsOf({ phone: 'call me' })).toEqual({ phone: ['Phone number is invalid.'] });
    expect(await errorsOf({ phone: '087.123.4567' })).toEqual({ phone: ['Phone number is invalid.'] });
    expect(await errorsOf({ phone: '12345' })).toEqual({ phone: ['Text is too short.'] });
    expect(await errorsOf({ phone: '1234567890123' })).toEqual({ phone: ['Text is too long.'] });
    expect(await errorsOf({ dob: '2999-01-01' })).toEqual({ dob: [bookingTexts.dobInFuture] });
    expect(await errorsOf({ dob: '31.02.1990' })).toEqual({ dob: [bookingTexts.dobNotReal] });
    expect(await errorsOf({ dob: '1990' })).toEqual({ dob: [bookingTexts.dobInvalid] });
    expect(await errorsOf({ first_name: 'M'.repeat(36) })).toEqual({ first_name: ['Text is too long.'] });
    expect(await errorsOf({ consultant_name: 'D'.repeat(71) })).toEqual({
      consultant_name: ['Text is too long.'],
    });
    expect(await errorsOf({ consultant_addres: 'short' })).toEqual({
      consultant_addres: ['Text is too short.'],
    });
    expect(await errorsOf({ session_id: 'abc' })).toEqual({ session_id: ['Choose a time.'] });
    expect(await errorsOf({ session_id: '99999999999' })).toEqual({ session_id: ['Choose a time.'] });
    expect(await errorsOf({ antihistamine: 'maybe' })).toEqual({
      antihistamine: ['antihistamine must be true or false'],
    });
    expect((await slotRow(t.database.db, slot.id))?.status).toBe('available');
  });

  it('takes names of 35 characters, a GP of 70, and a date of birth typed as staff type it', async () => {
    const part = 'Wolfeschlegelsteinhausenbergerdorff';
    for (const dob of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985']) {
      const slot = await futureSlot(t.database.db);
      const response = await book(
        staffForm(slot.id, {
          first_name: 'Mary Elizabeth',
          last_name: part,
          consultant_name: `Dr ${'G'.repeat(67)}`,
          dob,
        }),
      );
      expect(response.statusCode, `${dob}: ${response.body}`).toBe(201);
      expect(response.json().transaction.patient).toMatchObject({ last_name: part, dob: '1985-03-14' });
    }
  });

  it('never answers 500 to hostile shapes', async () => {
    const slot = await futureSlot(t.database.db);
    const bodies: unknown[] = [
      { patient: { ...staffForm(slot.id), first_name: ['Aoife', 'Again'] } },
      { patient: { ...staffForm(slot.id), session_id: { id: 1 } } },
      { patient: { ...staffForm(slot.id), session_id: [slot.id] } },
      { patient: { ...staffForm(slot.id), session_id: 1e300 } },
      { patient: { ...staffForm(slot.id), session_id: -1 } },
      { patient: { ...staffForm(slot.id), dob: { $gt: '' } } },
      { patient: { ...staffForm(slot.id), is_adult: 'yes' } },
      { patient: { ...staffForm(slot.id), result: { fileName: 'x.pdf', bytes: 'not bytes' } } },
      { patient: { ...staffForm(slot.id), unknown_field: 1 } },
      { patient: [] },
      { patient: 'text' },
      [],
      'text',
      { patient: { ...staffForm(slot.id), first_name: 'Evil\u202Ename' } },
      `{"patient":{"__proto__":{"first_name":"Aoife"},"session_id":${slot.id}}}`,
    ];
    for (const payload of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/patients',
        headers: t.auth,
        payload: payload as object,
        ...(typeof payload === 'string'
          ? { headers: { ...t.auth, 'content-type': 'application/json' } }
          : {}),
      });
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await slotRow(t.database.db, slot.id))?.status).toBe('available');
  });

  it('needs a token', async () => {
    const slot = await futureSlot(t.database.db);
    const response = await postStaffBooking(t.app, { authorization: 'Bearer nope' }, staffForm(slot.id));
    expect(response.statusCode).toBe(401);
  });
});
