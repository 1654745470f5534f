import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { appointments, auditLog, files, patients, payments, slots } from '../../db/schema';
import {
  adultForm,
  appointmentOf,
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { multipartPayload, testFile } from '../../test/multipart';
import { deleteAbandonedAppointments as deleteAbandoned } from './abandoned-appointments';

let t: BookingTestApp;
beforeAll(async () => {
  t = await createBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
/** The abandoned-booking job's run; answers the patients whose bookings it deleted. */
async function deleteAbandonedAppointments(): Promise<number[]> {
  const before = await db()
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments);
  const deleted = new Set(await deleteAbandoned(t.app.appointments));
  return before.filter((row) => deleted.has(row.id)).map((row) => row.patientId!);
}

/** Books the slot as multipart with a result and a referral letter (two private files). */
async function bookWithFiles(slotId: number, holdToken: string, firstName = 'Aoife') {
  const fields = Object.fromEntries(
    Object.entries(adultForm(slotId, { first_name: firstName })).map(([key, value]) => [
      `patient[${key}]`,
      value,
    ]),
  ) as Record<string, string>;
  const { payload, headers } = await multipartPayload({
    ...fields,
    'patient[result]': { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
    'patient[referral_letter]': { fileName: 'letter.docx', bytes: testFile('letter.docx') },
  });
  // An address of its own each time: bookings are rate-limited per address.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    payload,
    headers: { ...headers, 'x-hold-token': holdToken },
    remoteAddress: nextAddress(),
  });
  return response;
}

const postJson = (slotId: number, holdToken: string, form: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': holdToken },
    payload: { patient: adultForm(slotId, form) },
    remoteAddress: nextAddress(),
  });

/** The patients of the bookings made on a slot. */
const patientsOfSlot = async (slotId: number) =>
  (
    await db()
      .select({ patient: patients })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(eq(appointments.slotId, slotId))
  ).map((row) => row.patient);

const filesOf = async (patient: { resultFileId: string | null; referralLetterFileId: string | null }) => {
  const ids = [patient.resultFileId, patient.referralLetterFileId].filter((id): id is string => !!id);
  return ids.length ? db().select({ id: files.id }).from(files).where(inArray(files.id, ids)) : [];
};

const readVisitorAppointment = (id: number, token: string) =>
  t.app.inject({ url: `/api/patients/${id}`, headers: { 'x-booking-token': token } });

describe('POST /api/patients: one booking per hold', () => {
  it('a second submission with the same hold replaces the first, its private files and its token', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const first = await bookWithFiles(slot.id, hold);
    expect(first.statusCode, first.body).toBe(201);
    const [firstRow] = await patientsOfSlot(slot.id);
    expect(await filesOf(firstRow!)).toHaveLength(2);

    // Back from the payment step to fix a typo: the same hold, the form sent again.
    const second = await postJson(slot.id, hold, { first_name: 'Aoibhe' });
    expect(second.statusCode, second.body).toBe(201);
    const rows = await patientsOfSlot(slot.id);
    expect(rows.map((row) => [row.id, row.firstName])).toEqual([[second.json().patient.id, 'Aoibhe']]);
    expect(await filesOf(firstRow!)).toEqual([]);
    expect(
      (await readVisitorAppointment(first.json().patient.id, first.json().patient.access_token)).statusCode,
    ).toBe(404);
    const read = await readVisitorAppointment(second.json().patient.id, second.json().patient.access_token);
    expect(read.statusCode).toBe(200);
    expect(read.json().patient).toMatchObject({ first_name: 'Aoibhe', payment_status: 'unpaid' });
  });

  it('ten submissions with one hold leave one booking and only its files', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const before = await db().$count(files);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await bookWithFiles(slot.id, hold, `Aoife${'x'.repeat(attempt)}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await patientsOfSlot(slot.id)).toHaveLength(1);
    expect((await db().$count(files)) - before).toBe(2);
  });

  it('six submissions with one hold sent at once leave one booking, whose token alone works', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, attempt) =>
        postJson(slot.id, hold, { first_name: `Racer${'x'.repeat(attempt)}` }),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length, answers.map((answer) => answer.body).join('\n')).toBeGreaterThan(0);
    const left = await patientsOfSlot(slot.id);
    expect(left).toHaveLength(1);
    const readable = await Promise.all(
      created.map((answer) =>
        readVisitorAppointment(answer.json().patient.id, answer.json().patient.access_token),
      ),
    );
    expect(readable.filter((read) => read.statusCode === 200)).toHaveLength(1);
  });

  it('a re-hold of the same slot with its own token is the same hold: the booking is still replaced', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    expect((await postJson(slot.id, hold)).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slot.id}`,
      headers: { 'x-hold-token': hold },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode, again.body).toBe(200);
    const rebooked = await postJson(slot.id, again.json().hold_token, { first_name: 'Second' });
    expect(rebooked.statusCode, rebooked.body).toBe(201);
    expect((await patientsOfSlot(slot.id)).map((row) => row.firstName)).toEqual(['Second']);
  });

  it('leaves the bookings of other holds alone', async () => {
    const a = await createBooking(t.app, db());
    const b = await createBooking(t.app, db());
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    expect((await postJson(slot.id, hold)).statusCode).toBe(201);
    expect((await readVisitorAppointment(a.patientId, a.token)).statusCode).toBe(200);
    expect((await readVisitorAppointment(b.patientId, b.token)).statusCode).toBe(200);
  });

  it('replaces a booking whose payment failed; the failed payment stays, without the person', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const first = (await postJson(slot.id, hold)).json().patient;
    const declined = await pay(
      t.app,
      { patientId: first.id, token: first.access_token },
      { token: 'pm_card_chargeDeclined' },
    );
    expect(declined.statusCode).toBe(402);
    const [failed] = await paymentsOfPatient(db(), first.id);
    expect(failed?.status).toBe('failed');
    const second = await postJson(slot.id, hold);
    expect(second.statusCode, second.body).toBe(201);
    const [kept] = await db().select().from(payments).where(eq(payments.id, failed!.id));
    expect(kept).toMatchObject({
      status: 'failed',
      appointmentId: null,
      customerEmail: null,
      amountCents: 18_000,
    });
    const paid = await pay(t.app, {
      patientId: second.json().patient.id,
      token: second.json().patient.access_token,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it.each([
    'processing',
    'requires_action',
    'succeeded',
    'refunding',
  ] as const)('refuses a new submission (409) while the earlier booking has a %s payment, and keeps it', async (status) => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const first = (await postJson(slot.id, hold)).json().patient;
    await db()
      .insert(payments)
      .values({
        appointmentId: (await appointmentOf(db(), first.id)).id,
        provider: 'test',
        idempotencyKey: `pay_${status}_${first.id}`,
        amountCents: 18_000,
        status,
      });
    const second = await postJson(slot.id, hold, { first_name: 'Other' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error_messages).toBe(paymentTexts.inProgress);
    expect((await patientsOfSlot(slot.id)).map((row) => row.id)).toEqual([first.id]);
  });

  it('a paid booking stays: the slot is booked and the hold gone, so a new submission is refused', async () => {
    const booking = await createBooking(t.app, db());
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const again = await postJson(booking.slot.id, booking.holdToken);
    expect(again.statusCode).toBe(409);
    expect((await readVisitorAppointment(booking.patientId, booking.token)).statusCode).toBe(200);
  });
});

describe('the abandoned booking job', () => {
  /** Makes the booking look `hours` old. */
  const age = (patientId: number, hours: number) =>
    db()
      .update(appointments)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(appointments.patientId, patientId));

  const releaseHold = (slotId: number) =>
    db()
      .update(slots)
      .set({
        status: 'available',
        holdStartedAt: null,
        holdExpiresAt: null,
        holdTokenHash: null,
        holdClient: null,
      })
      .where(eq(slots.id, slotId));

  const exists = async (patientId: number) =>
    (await db().select({ id: patients.id }).from(patients).where(eq(patients.id, patientId))).length > 0;

  it('deletes an unpaid booking whose hold is gone a day after it was made, with its files', async () => {
    const slot = await futureSlot(db());
    const hold = await holdSlot(t.app, slot.id);
    const created = await bookWithFiles(slot.id, hold);
    expect(created.statusCode).toBe(201);
    const id = created.json().patient.id as number;
    const [row] = await patientsOfSlot(slot.id);
    const declined = await pay(
      t.app,
      { patientId: id, token: created.json().patient.access_token },
      { token: 'pm_card_chargeDeclined' },
    );
    expect(declined.statusCode).toBe(402);
    await releaseHold(slot.id);

    const [payment] = await paymentsOfPatient(db(), id);
    const appointmentId = (await appointmentOf(db(), id)).id;
    const visitorAddresses = () =>
      db()
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actor, 'visitor'),
            or(
              and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, String(appointmentId))),
              and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(payment!.id))),
            ),
          ),
        );
    expect((await visitorAddresses()).some((entry) => entry.ip !== null)).toBe(true);

    await age(id, 23);
    expect(await deleteAbandonedAppointments()).not.toContain(id);
    expect(await exists(id)).toBe(true);

    await age(id, 25);
    expect(await deleteAbandonedAppointments()).toContain(id);
    expect(await exists(id)).toBe(false);
    expect(await filesOf(row!)).toEqual([]);
    const kept = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toMatchObject([{ status: 'failed', appointmentId: null, customerEmail: null }]);
    // The visitor's entries stay, without the address they booked and paid from.
    expect((await visitorAddresses()).length).toBeGreaterThan(0);
    expect((await visitorAddresses()).every((entry) => entry.ip === null)).toBe(true);
  });

  it('keeps a booking whose hold is still live, one with a payment in progress or taken, and self-referrals', async () => {
    const live = await createBooking(t.app, db());
    const lapsed = await createBooking(t.app, db());
    await db()
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slots.id, lapsed.slot.id));
    const paid = await createBooking(t.app, db());
    expect((await pay(t.app, paid)).statusCode).toBe(200);
    const kept: number[] = [live.patientId, paid.patientId];
    for (const status of [
      'processing',
      'requires_action',
      'refunding',
      'refund_pending',
      'refunded',
    ] as const) {
      const booking = await createBooking(t.app, db());
      await releaseHold(booking.slot.id);
      await db()
        .insert(payments)
        .values({
          appointmentId: (await appointmentOf(db(), booking.patientId)).id,
          provider: 'test',
          idempotencyKey: `pay_kept_${status}_${booking.patientId}`,
          amountCents: 18_000,
          status,
        });
      kept.push(booking.patientId);
    }
    // A self-referral is a patient without an appointment: the job never looks at it.
    const [referral] = await db()
      .insert(patients)
      .values({
        firstName: 'Róisín',
        lastName: 'Daly',
        phone: '0871234567',
        isAdult: true,
        isReferral: true,
        createdAt: sql`now() - interval '48 hours'`,
      })
      .returning();
    for (const id of [...kept, lapsed.patientId]) await age(id, 48);

    const deleted = await deleteAbandonedAppointments();
    expect(await exists(referral!.id)).toBe(true);
    // A lapsed hold not yet released by its job is gone too: the slot is pending, but no longer for it.
    expect(deleted).toContain(lapsed.patientId);
    for (const id of kept) {
      expect(deleted).not.toContain(id);
      expect(await exists(id)).toBe(true);
    }
  });

  it('two instances running at once delete each booking once', async () => {
    const ids: number[] = [];
    const appointmentIds: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      const booking = await createBooking(t.app, db());
      await releaseHold(booking.slot.id);
      await age(booking.patientId, 30);
      ids.push(booking.patientId);
      appointmentIds.push((await appointmentOf(db(), booking.patientId)).id);
    }
    const [first, second] = await Promise.all([
      deleteAbandoned(t.app.appointments),
      deleteAbandoned(t.app.appointments),
    ]);
    const all = [...first!, ...second!];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(appointmentIds));
    for (const id of ids) expect(await exists(id)).toBe(false);
  });
});
