import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTexts } from '../../../shared/appointments';
import { bookingTexts } from '../../../shared/booking';
import { appointments, emailOutbox, patients } from '../../db/schema';
import {
  appointmentOf,
  createAdminBookingTestApp,
  createBooking,
  futureSlot,
  paidBooking,
} from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { insertTestPatient } from '../../test/patient-fixtures';
import {
  appointmentRow,
  auditOf,
  postStaffBooking,
  recordDeskPayment,
  slotRow,
  staffBooking,
} from '../../test/staff-fixtures';
import { type AdminTestApp, signInAsNewStaff } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { discardUnpaidAppointments } from './abandoned-appointments';
import { clinicYearOf } from './receipt-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const REQUIRED = 'This field is required , please fill in.';

/** Staff's booking of `slotId` for the patient `patientId` in the records: the time and how it is paid, no details. */
const forRecord = (slotId: number, patientId: number | string, more: Record<string, unknown> = {}) => ({
  session_id: slotId,
  patient_id: patientId,
  antihistamine: true,
  agreement: true,
  payment_type: 'Cash',
  ...more,
});

const book = (form: Record<string, unknown>, auth = t.auth) => postStaffBooking(t.app, auth, form);
const patientRow = async (id: number) => (await db().select().from(patients).where(eq(patients.id, id)))[0];
const patientCount = async () => db().$count(patients);
const getPatient = (id: number, auth = t.auth) =>
  t.app.inject({ url: `/api/admin/patients/${id}`, headers: auth });
const erase = (id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/patients/${id}`, headers: t.auth });

describe('POST /api/admin/patients with patient_id: staff book for a patient in the records', () => {
  it('books the time for the record: no new patient, the record unchanged, audited, the patient e-mailed; their page lists both appointments', async () => {
    const first = await staffBooking(t.app, db(), t.auth, {
      form: { first_name: 'Aoife', last_name: 'Ní Bhriain', email: 'aoife.nb@example.ie' },
    });
    const before = await patientRow(first.patientId);
    const patientsBefore = await patientCount();
    const slot = await futureSlot(db());

    const response = await book(forRecord(slot.id, first.patientId));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(appointmentTexts.created);
    expect(body.transaction).toMatchObject({
      patient_id: first.patientId,
      status: 'booked',
      booked_by_admin: true,
      payment_type: 'Cash',
      full_name: 'Aoife Ní Bhriain',
      session: { id: slot.id, status: 'booked' },
      patient: { id: first.patientId, email: 'aoife.nb@example.ie', consultant_name: 'Dr Walsh' },
    });
    expect(await patientCount()).toBe(patientsBefore);
    expect(await patientRow(first.patientId)).toEqual(before);
    expect(await appointmentRow(db(), body.transaction.id)).toMatchObject({
      patientId: first.patientId,
      antihistamineConfirmed: true,
      agreementAccepted: true,
    });

    const [created] = await auditOf(db(), 'appointment', body.transaction.id);
    expect(created?.details).toMatchObject({
      patient_id: first.patientId,
      booked_by_admin: true,
      recorded_patient: true,
      files: [],
    });
    // Nothing of the record changed, so no update of the patient is recorded.
    expect(
      (await auditOf(db(), 'patient', first.patientId)).filter((entry) => entry.action === 'update'),
    ).toEqual([]);

    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.appointmentId, body.transaction.id));
    expect(mails.map((mail) => mail.toAddress)).toEqual(['aoife.nb@example.ie']);

    const page = await getPatient(first.patientId);
    expect(page.statusCode).toBe(200);
    expect(
      page
        .json()
        .patient.appointments.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([first.id, body.transaction.id].sort());
  });

  it('takes the patient id as a JSON number too, and the form’s details when they are the record’s own', async () => {
    const record = await insertTestPatient(db(), { firstName: 'Same', lastName: 'Person' });
    const slot = await futureSlot(db());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/patients',
      headers: t.auth,
      payload: {
        patient: forRecord(slot.id, record.id, {
          first_name: 'Same',
          last_name: 'Person',
          dob: '1990-04-12',
          consultant_name: 'Dr Walsh',
          consultant_addres: '12 Main Street, Dundrum, Dublin 14',
        }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transaction.patient_id).toBe(record.id);
    expect((await patientRow(record.id))?.consultantName).toBe('Dr Walsh');
  });

  it('updates the e-mail and phone staff give in the same step, audited by field name only', async () => {
    const record = await insertTestPatient(db(), {
      email: 'old@example.ie',
      phone: '087 000 1111',
      consultantName: 'Dr Walsh',
      consultantAddress: '12 Main Street, Dundrum, Dublin 14',
    });
    const slot = await futureSlot(db());
    const response = await book(
      forRecord(slot.id, record.id, { email: 'new@example.ie', phone: '086 222 3333' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await patientRow(record.id)).toMatchObject({
      email: 'new@example.ie',
      phone: '086 222 3333',
      firstName: 'Aoife',
    });
    const [update, ...more] = (await auditOf(db(), 'patient', record.id)).filter(
      (entry) => entry.action === 'update',
    );
    expect(more).toEqual([]);
    expect(update?.details).toEqual({ fields: ['email', 'phone'], via: 'staff_booking' });
    expect(JSON.stringify(update?.details)).not.toMatch(/example|222/);
    // The confirmation goes to the address just given.
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.appointmentId, response.json().transaction.id));
    expect(mail?.toAddress).toBe('new@example.ie');
  });

  it('refuses a name or date of birth other than the record’s (422 patient_record_kept on each), booking nothing', async () => {
    const record = await insertTestPatient(db(), {
      consultantName: 'Dr Walsh',
      consultantAddress: '12 Main Street, Dundrum, Dublin 14',
    });
    const slot = await futureSlot(db());
    const response = await book(
      forRecord(slot.id, record.id, { first_name: 'Eva', dob: '1991-01-01', last_name: 'Byrne' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'patient_record_kept',
      error_messages: appointmentTexts.recordDiffers,
      errors: { first_name: [appointmentTexts.recordDiffers], dob: [appointmentTexts.recordDiffers] },
    });
    expect((await slotRow(db(), slot.id))?.status).toBe('available');
    expect(await patientRow(record.id)).toMatchObject({ firstName: 'Aoife', dob: '1990-04-12' });
  });

  it('fills what the record lacks and refuses a booking it cannot make without it (the date of birth of a test)', async () => {
    const record = await insertTestPatient(db(), {
      dob: null,
      consultantName: 'Dr Walsh',
      consultantAddress: '12 Main Street, Dundrum, Dublin 14',
    });
    const slot = await futureSlot(db());
    const missing = await book(forRecord(slot.id, record.id));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'invalid_input', errors: { dob: ['Required'] } });

    const filled = await book(forRecord(slot.id, record.id, { dob: '1988-02-03' }));
    expect(filled.statusCode, filled.body).toBe(201);
    expect((await patientRow(record.id))?.dob).toBe('1988-02-03');
    const updates = (await auditOf(db(), 'patient', record.id)).filter((entry) => entry.action === 'update');
    expect(updates.map((entry) => entry.details)).toEqual([{ fields: ['dob'], via: 'staff_booking' }]);
  });

  it("books a child's record with the guardian the record names", async () => {
    const child = await insertTestPatient(db(), {
      firstName: 'Cian',
      lastName: 'Ó Dálaigh',
      dob: '2018-06-01',
      isAdult: false,
      guardianFirstName: 'Máire',
      guardianLastName: 'Ó Dálaigh',
    });
    const slot = await futureSlot(db(), { isAdult: false });
    const response = await book(forRecord(slot.id, child.id));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transaction).toMatchObject({
      appointment_type: 'Child',
      patient: { id: child.id, guardian_first_name: 'Máire', guardian_last_name: 'Ó Dálaigh' },
    });
    const other = await futureSlot(db(), { isAdult: false });
    const guardian = await book(forRecord(other.id, child.id, { guardian_first_name: 'Seán' }));
    expect(guardian.statusCode).toBe(422);
    expect(guardian.json().errors).toEqual({ guardian_first_name: [appointmentTexts.recordDiffers] });
  });

  it("refuses an adult's record on a child's time and a child's on an adult's (422 patient_other_kind on patient_id)", async () => {
    const adult = await insertTestPatient(db());
    const childSlot = await futureSlot(db(), { isAdult: false });
    const adultOnChild = await book(forRecord(childSlot.id, adult.id));
    expect(adultOnChild.statusCode).toBe(422);
    expect(adultOnChild.json()).toEqual({
      code: 'patient_other_kind',
      error_messages: appointmentTexts.recordIsAdult,
      errors: { patient_id: [appointmentTexts.recordIsAdult] },
    });

    const child = await insertTestPatient(db(), {
      isAdult: false,
      guardianFirstName: 'Máire',
      guardianLastName: 'Byrne',
    });
    const adultSlot = await futureSlot(db());
    const childOnAdult = await book(forRecord(adultSlot.id, child.id));
    expect(childOnAdult.statusCode).toBe(422);
    expect(childOnAdult.json().code).toBe('patient_other_kind');
    expect(childOnAdult.json().errors).toEqual({ patient_id: [appointmentTexts.recordIsChild] });
    expect((await slotRow(db(), adultSlot.id))?.status).toBe('available');
  });

  it('refuses an unknown patient, an id that is none, and an erased patient (422 on patient_id); null is a new patient', async () => {
    const slot = await futureSlot(db());
    const notFound = {
      code: 'patient_not_found',
      error_messages: appointmentTexts.recordNotFound,
      errors: { patient_id: [appointmentTexts.recordNotFound] },
    };
    const unknown = await book(forRecord(slot.id, 2_000_000_000));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(notFound);

    for (const id of ['0', '-3', '99999999999']) {
      const bad = await book(forRecord(slot.id, id));
      expect(bad.statusCode, id).toBe(422);
      expect(bad.json().errors, id).toEqual({ patient_id: [appointmentTexts.recordNotFound] });
    }
    // What cannot be an id at all asks for a patient of the records, not says one was erased.
    for (const id of ['abc', '1.5', ' ']) {
      const bad = await book(forRecord(slot.id, id));
      expect(bad.statusCode, id).toBe(422);
      expect(bad.json().errors, id).toEqual({ patient_id: [appointmentTexts.choosePatient] });
    }
    const asJson = (patientId: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/patients',
        headers: t.auth,
        payload: { ...forRecord(slot.id, 1), patient_id: patientId },
      });
    for (const id of ['abc', true, 1.5, {}]) {
      const bad = await asJson(id);
      expect(bad.statusCode, String(id)).toBe(422);
      expect(bad.json().errors, String(id)).toEqual({ patient_id: [appointmentTexts.choosePatient] });
    }
    // null is no patient chosen: a new patient, whose form is then asked for.
    const none = await asJson(null);
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().errors.patient_id).toBeUndefined();
    expect(none.json().errors.first_name).toBeDefined();

    const erased = await insertTestPatient(db(), { firstName: 'Gone' });
    expect((await erase(erased.id)).statusCode).toBe(204);
    const afterErasure = await book(forRecord(slot.id, erased.id));
    expect(afterErasure.statusCode).toBe(422);
    expect(afterErasure.json()).toEqual(notFound);
    expect((await slotRow(db(), slot.id))?.status).toBe('available');
  });

  it('refuses a visitor whose only booking is still being made: not a patient yet (the list does not show them)', async () => {
    const visitor = await createBooking(t.app, db());
    const slot = await futureSlot(db());
    const response = await book(forRecord(slot.id, visitor.patientId));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('patient_not_found');
  });

  it('books for a patient who booked and paid online, and their statement covers both paid visits', async () => {
    const online = await paidBooking(t.app, db(), {
      form: { first_name: 'Statement', last_name: 'Twice', email: 'twice@example.ie' },
    });
    const slot = await futureSlot(db());
    const response = await book(forRecord(slot.id, online.patientId));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().transaction.id as number;
    expect((await recordDeskPayment(t.app, t.auth, id, { amount: '180', method: 'cash' })).statusCode).toBe(
      201,
    );

    const year = clinicYearOf(new Date());
    const statement = await t.app.inject({
      url: `/api/admin/patients/${online.patientId}/statement?year=${year}`,
      headers: t.auth,
    });
    expect(statement.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(statement.rawPayload)), {
      mergePages: true,
    });
    expect(text.match(new RegExp(`${year}-\\d{6}`, 'g'))).toHaveLength(2);
    expect(text).toMatch(/Total\s+€360\s+€0/);

    // The GDPR export holds both appointments; erasure is refused while one is to come.
    const zip = await t.app.inject({
      url: `/api/admin/patients/${online.patientId}/export`,
      headers: t.auth,
    });
    const json = JSON.parse(
      readZip(zip.rawPayload)
        .find((entry) => entry.name === 'patient.json')!
        .bytes.toString('utf8'),
    );
    expect(json.appointments.map((row: { id: number }) => row.id).sort()).toEqual(
      [online.appointmentId, id].sort(),
    );
    const refused = await erase(online.patientId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('erase_upcoming');
  });

  it('saves a new test reason and documents to the record for a role that sees health details, audited', async () => {
    const record = await insertTestPatient(db(), {
      consultantName: 'Dr Walsh',
      consultantAddress: '12 Main Street, Dundrum, Dublin 14',
      allergens: 'Hay fever every summer',
    });
    const slot = await futureSlot(db());
    const response = await book(
      forRecord(slot.id, record.id, {
        allergens: 'Hives after eating peanuts',
        result: { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transaction.patient).toMatchObject({
      allergens: 'Hives after eating peanuts',
      result: { name: 'result.pdf' },
    });
    const updates = (await auditOf(db(), 'patient', record.id)).filter((entry) => entry.action === 'update');
    expect(updates.map((entry) => entry.details)).toEqual([
      { fields: ['allergens', 'result'], via: 'staff_booking' },
    ]);
  });

  it('lets reception fill health details the record lacks, never change those it holds', async () => {
    const { auth } = await signInAsNewStaff(t, { role: 'reception' });
    const record = await insertTestPatient(db(), { consultantName: 'Dr Walsh', consultantAddress: null });
    const slot = await futureSlot(db());
    const changed = await book(
      forRecord(slot.id, record.id, {
        consultant_name: 'Dr Other',
        consultant_addres: '3 Harbour Road, Howth, Dublin 13',
      }),
      auth,
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'patient_record_kept',
      errors: { consultant_name: [appointmentTexts.recordKept] },
    });
    // The record's own value is refused the same way: a pass would tell a right guess from a wrong one.
    const guessed = await book(
      forRecord(slot.id, record.id, {
        consultant_name: 'Dr Walsh',
        consultant_addres: '3 Harbour Road, Howth, Dublin 13',
      }),
      auth,
    );
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json()).toEqual(changed.json());

    const filled = await book(
      forRecord(slot.id, record.id, { consultant_addres: '3 Harbour Road, Howth, Dublin 13' }),
      auth,
    );
    expect(filled.statusCode, filled.body).toBe(201);
    expect(filled.json().transaction.patient.consultant_name).toBeUndefined();
    expect(await patientRow(record.id)).toMatchObject({
      consultantName: 'Dr Walsh',
      consultantAddress: '3 Harbour Road, Howth, Dublin 13',
    });
  });

  it('still checks the rest of the form: an e-mail that is none, the test’s ticks', async () => {
    const record = await insertTestPatient(db(), {
      consultantName: 'Dr Walsh',
      consultantAddress: '12 Main Street, Dundrum, Dublin 14',
    });
    const slot = await futureSlot(db());
    const response = await book(
      forRecord(slot.id, record.id, { email: 'not-an-address', antihistamine: false }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [bookingTexts.mailInvalid],
      antihistamine: [REQUIRED],
    });
  });
});

describe('a patient with several appointments', () => {
  it('is not deleted with an abandoned booking of theirs while another appointment names them', async () => {
    const record = await insertTestPatient(db());
    const slot = await futureSlot(db());
    const booked = await book(
      forRecord(slot.id, record.id, {
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Main Street, Dundrum, Dublin 14',
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    // An unpaid booking of the same record (the public booking never makes one: each has its own patient).
    const [held] = await db()
      .insert(appointments)
      .values({ patientId: record.id, status: 'held', priceCents: 18_000 })
      .returning();
    await discardUnpaidAppointments(db(), [held!.id]);
    expect(await patientRow(record.id)).toBeDefined();
    expect((await appointmentRow(db(), booked.json().transaction.id))?.patientId).toBe(record.id);
  });

  it('is either booked or erased when both are asked at once, never booked and then erased', async () => {
    for (let round = 0; round < 4; round += 1) {
      const record = await insertTestPatient(db(), {
        consultantName: 'Dr Walsh',
        consultantAddress: '12 Main Street, Dundrum, Dublin 14',
      });
      const slot = await futureSlot(db());
      const [booking, erasure] = await Promise.all([book(forRecord(slot.id, record.id)), erase(record.id)]);
      const outcome = `${booking.statusCode} ${erasure.statusCode}`;
      expect(['201 409', '422 204'], `${outcome} ${booking.body} ${erasure.body}`).toContain(outcome);
      if (booking.statusCode === 201) {
        expect((await appointmentRow(db(), booking.json().transaction.id))?.patientId).toBe(record.id);
      } else {
        expect(await db().$count(appointments, eq(appointments.slotId, slot.id))).toBe(0);
      }
    }
  });

  it('keeps the request without patient_id as it was: a new patient each time', async () => {
    const before = await patientCount();
    const first = await staffBooking(t.app, db(), t.auth);
    const second = await staffBooking(t.app, db(), t.auth);
    expect(first.patientId).not.toBe(second.patientId);
    expect(await patientCount()).toBe(before + 2);
    expect((await appointmentOf(db(), first.patientId)).id).toBe(first.id);
  });
});
