import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientTexts, staffFileUrl } from '../../../shared/patients';
import type { PaymentStatus } from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import { appointments, auditLog, files, patients, payments, slots } from '../../db/schema';
import {
  appointmentOf,
  createAdminBookingTestApp,
  createBooking,
  futureSlot,
  nextAddress,
  paidBooking,
  pay,
} from '../../test/booking-fixtures';
import { inLockQueue } from '../../test/lock-queue';
import { testFile } from '../../test/multipart';
import {
  bookWithFiles,
  columnsHoldingAny,
  insertTestPatient,
  storePrivateFile,
} from '../../test/patient-fixtures';
import {
  appointmentRow,
  emailsAbout,
  refundAppointment,
  slotRow,
  storedAppointment,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { insertAppointment } from '../appointments/appointment-repository';
import { insertPayment } from '../payments/payment-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const erase = (id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/patients/${id}`, headers: t.auth });
const get = (url: string) => t.app.inject({ url, headers: t.auth });

let pastTimes = 0;
/** Moves an appointment's time into the past (it has happened), to a time of its own in January 2025. */
async function moveIntoThePast(appointmentId: number) {
  pastTimes += 1;
  const startsAt = new Date(Date.UTC(2025, 0, 6, 10) + pastTimes * 3_600_000);
  const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
  const appointment = await appointmentRow(t.database.db, appointmentId);
  await t.database.db.update(slots).set({ startsAt, endsAt }).where(eq(slots.id, appointment!.slotId!));
}

/**
 * A patient with an appointment in `status` whose time is over or to come, staff booked or, with a
 * `paymentStatus`, paid for; answers the patient's and the appointment's ids.
 */
async function patientWithAppointment(
  status: 'booked' | 'paid' | 'held' | 'cancelled' | 'attended',
  when: 'over' | 'to come',
  paymentStatus?: PaymentStatus,
) {
  const { appointment, patientId } = await storedAppointment(t.database.db, {
    status,
    started: when === 'over',
    bookedByAdmin: !paymentStatus,
  });
  if (paymentStatus) {
    await insertPayment(t.database.db, {
      appointmentId: appointment.id,
      provider: 'test',
      idempotencyKey: `erasure-${appointment.id}`,
      amountCents: 18000,
      status: paymentStatus,
      customerEmail: 'cian@example.ie',
    });
  }
  return { patientId, appointmentId: appointment.id };
}

/** The booking link e-mailed about the appointment (its reference and token). */
async function manageLinkOf(appointmentId: number): Promise<{ reference: string; token: string }> {
  for (const mail of await emailsAbout(t.database.db, appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

const columnsHolding = (...needles: string[]) => columnsHoldingAny(t.database.db, ...needles);

describe('DELETE /api/admin/patients/:id (GDPR erasure)', () => {
  it('is refused while the patient has a booked or paid appointment still to come', async () => {
    for (const status of ['booked', 'paid'] as const) {
      const { patientId } = await patientWithAppointment(status, 'to come');
      const response = await erase(patientId);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error_messages).toBe(patientTexts.eraseUpcoming);
      expect((await get(`/api/admin/patients/${patientId}`)).statusCode).toBe(200);
    }
    const visitor = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Upcoming', email: 'upcoming@example.ie' },
    });
    expect((await erase(visitor.patientId)).json().error_messages).toBe(patientTexts.eraseUpcoming);
    // Once its time has passed (it took place), the patient may be erased.
    await moveIntoThePast(visitor.appointmentId);
    expect((await erase(visitor.patientId)).statusCode).toBe(204);
  });

  it('is refused for a booking being made beside a booked one still to come, and deletes nothing', async () => {
    const { patientId, appointmentId } = await patientWithAppointment('booked', 'to come');
    const held = await insertAppointment(t.database.db, {
      patientId,
      slotId: (await storedAppointment(t.database.db, { status: 'cancelled', started: false })).slotId,
      status: 'held',
      priceCents: 18000,
    });
    const response = await erase(patientId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'erase_upcoming',
      error_messages: patientTexts.eraseUpcoming,
    });
    expect(await appointmentRow(t.database.db, held.id)).toMatchObject({ status: 'held', patientId });
    expect(await appointmentRow(t.database.db, appointmentId)).toMatchObject({ status: 'booked', patientId });
  });

  it('is refused while a booking being made is being paid for, and deletes nothing', async () => {
    for (const status of ['processing', 'requires_action'] as const) {
      const { patientId, appointmentId } = await patientWithAppointment('held', 'to come', status);
      const response = await erase(patientId);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().code).toBe('erase_payment_in_progress');
      expect(await appointmentRow(t.database.db, appointmentId)).toMatchObject({ status: 'held', patientId });
    }
  });

  it("deletes a booking still being made with the person: the appointment, their files and e-mails, and the visitor's hold, audited in the same transaction", async () => {
    const booking = await bookWithFiles(
      t.app,
      t.database.db,
      { first_name: 'Ailbhe', last_name: 'Heldonly', email: 'ailbhe.heldonly@example.ie' },
      {
        referral_letter: { fileName: 'letter.pdf', bytes: testFile('letter.pdf') },
        attachment: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
      },
    );
    const { patientId, slot } = booking;
    const appointment = await appointmentOf(t.database.db, patientId);
    expect(appointment.status).toBe('held');
    const [stored] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
    const fileIds = [stored!.referralLetterFileId!, stored!.attachmentFileId!];
    expect((await slotRow(t.database.db, slot.id))?.status).toBe('pending');

    const response = await erase(patientId);
    expect(response.statusCode, response.body).toBe(204);
    expect(await appointmentRow(t.database.db, appointment.id)).toBeUndefined();
    expect((await get(`/api/admin/patients/${patientId}`)).statusCode).toBe(404);
    expect(
      await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, fileIds)),
    ).toEqual([]);
    // The time is offered again at once, not when the visitor's hold would have lapsed.
    expect(await slotRow(t.database.db, slot.id)).toMatchObject({ status: 'available', holdTokenHash: null });
    expect(await columnsHolding('Ailbhe', 'Heldonly', 'ailbhe.heldonly@example.ie')).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'erase'), eq(auditLog.entityId, String(patientId))));
    expect(audit?.details).toEqual({
      appointments: 1,
      appointment_ids: [appointment.id],
      deleted_appointment_ids: [appointment.id],
      payments: 0,
      files: 2,
      emails: 0,
      intake_forms: 0,
      texts: 0,
      waitlist_entries: 0,
    });
  });

  it('deletes a booking being made whose card was declined, keeping the failed payment without the customer', async () => {
    const booking = await createBooking(t.app, t.database.db, {
      form: { first_name: 'Declan', last_name: 'Declined', email: 'declan.declined@example.ie' },
    });
    const declined = await pay(t.app, booking, {
      customer_email: 'declan.declined@example.ie',
      price: booking.price * 100,
      token: 'pm_card_chargeDeclined',
    });
    expect(declined.statusCode, declined.body).toBe(402);
    const appointment = await appointmentOf(t.database.db, booking.patientId);
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointment.id));
    expect(failed?.status).toBe('failed');

    expect((await erase(booking.patientId)).statusCode).toBe(204);
    expect(await appointmentRow(t.database.db, appointment.id)).toBeUndefined();
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, failed!.id));
    expect(kept).toMatchObject({ status: 'failed', appointmentId: null, customerEmail: null });
    expect(await columnsHolding('Declan', 'declan.declined@example.ie')).toEqual([]);
  });

  it('keeps the other appointments of a person whose booking being made it deletes', async () => {
    const { patientId, appointmentId } = await patientWithAppointment('attended', 'over');
    const held = await insertAppointment(t.database.db, {
      patientId,
      slotId: (await storedAppointment(t.database.db, { status: 'cancelled', started: false })).slotId,
      status: 'held',
      priceCents: 18000,
    });
    expect((await erase(patientId)).statusCode).toBe(204);
    expect(await appointmentRow(t.database.db, held.id)).toBeUndefined();
    expect(await appointmentRow(t.database.db, appointmentId)).toMatchObject({
      status: 'attended',
      patientId: null,
    });
  });

  it('leaves a booking being paid for while it is erased either paid with its person, or gone with them, never between', async () => {
    for (let round = 0; round < 4; round += 1) {
      const booking = await createBooking(t.app, t.database.db, {
        form: { first_name: 'Racing', last_name: `Payer${round}`, email: `racing${round}@example.ie` },
      });
      const appointment = await appointmentOf(t.database.db, booking.patientId);
      const [erased, paid] = await Promise.all([
        erase(booking.patientId),
        pay(t.app, booking, { customer_email: `racing${round}@example.ie`, price: booking.price * 100 }),
      ]);
      const row = await appointmentRow(t.database.db, appointment.id);
      const [person] = await t.database.db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.id, booking.patientId));
      const charged = await t.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.customerEmail, `racing${round}@example.ie`));
      if (erased.statusCode === 204) {
        expect(paid.statusCode, paid.body).toBe(404);
        expect(row).toBeUndefined();
        expect(person).toBeUndefined();
        expect(charged).toEqual([]);
      } else {
        expect(erased.statusCode).toBe(409);
        expect(['erase_upcoming', 'erase_payment_in_progress']).toContain(erased.json().code);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(row).toMatchObject({ status: 'paid', patientId: booking.patientId });
        expect(person).toBeDefined();
      }
    }
  });

  it('is refused while the patient moves their paid booking, and leaves the moved booking and its e-mails whole', async () => {
    for (let round = 0; round < 4; round += 1) {
      const email = `moving${round}@example.ie`;
      const booking = await paidBooking(t.app, t.database.db, {
        form: { first_name: 'Moving', last_name: `Patient${round}`, email },
      });
      const link = await manageLinkOf(booking.appointmentId);
      const next = await futureSlot(t.database.db);
      const held = await t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${link.reference}/sessions/${next.id}`,
        headers: { 'x-manage-token': link.token },
        remoteAddress: nextAddress(),
      });
      expect(held.statusCode, held.body).toBe(200);
      const move = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/bookings/${link.reference}/move`,
          headers: { 'x-manage-token': link.token, 'x-hold-token': held.json().hold_token },
          payload: { session_id: next.id },
          remoteAddress: nextAddress(),
        });
      // On PostgreSQL the move takes the appointment's row first in even rounds (the erasure waits for it, then
      // reads the moved row), the erasure first in odd ones.
      const lockRow = (tx: Db) =>
        tx.select().from(appointments).where(eq(appointments.id, booking.appointmentId)).for('update');
      const answers = await inLockQueue(
        t.database,
        lockRow,
        round % 2 === 0 ? [move, () => erase(booking.patientId)] : [() => erase(booking.patientId), move],
      );
      const [moved, erased] = round % 2 === 0 ? answers : [answers[1], answers[0]];
      expect(moved?.statusCode, `round ${round}: ${moved?.body}`).toBe(200);
      expect(erased?.statusCode, `round ${round}: ${erased?.body}`).toBe(409);
      expect(erased?.json().code).toBe('erase_upcoming');
      expect(await appointmentRow(t.database.db, booking.appointmentId)).toMatchObject({
        status: 'paid',
        patientId: booking.patientId,
        slotId: next.id,
      });
      const mails = await emailsAbout(t.database.db, booking.appointmentId);
      expect(mails.filter((mail) => mail.toAddress === email && /has moved/.test(mail.subject))).toHaveLength(
        1,
      );
    }
  });

  it('is refused while a payment is being taken or given back', async () => {
    for (const status of ['processing', 'requires_action', 'refunding', 'refund_pending'] as const) {
      const { patientId } = await patientWithAppointment('cancelled', 'over', status);
      const response = await erase(patientId);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error_messages).toBe(patientTexts.erasePaymentInProgress);
    }
  });

  it('erases a patient whose appointments are over, cancelled or without a time', async () => {
    const over = await patientWithAppointment('attended', 'over', 'succeeded');
    const cancelled = await patientWithAppointment('cancelled', 'to come');
    const alone = await insertTestPatient(t.database.db);
    for (const id of [over.patientId, cancelled.patientId, alone.id]) {
      expect((await erase(id)).statusCode).toBe(204);
      expect((await get(`/api/admin/patients/${id}`)).statusCode).toBe(404);
    }
    const [kept] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, over.appointmentId));
    expect(kept).toMatchObject({ amountCents: 18000, status: 'succeeded', customerEmail: null });
  });

  it('forgets what the patient told the clinic with a flag (their own words) and a video link made for them', async () => {
    const { patientId, appointmentId } = await patientWithAppointment('attended', 'over', 'succeeded');
    await t.database.db
      .update(appointments)
      .set({
        flagReason: 'unwell',
        flagMessage: 'My asthma is bad this week',
        flaggedAt: new Date(),
        videoLink: 'https://meet.example.ie/room-1',
      })
      .where(eq(appointments.id, appointmentId));
    const exported = await get(`/api/admin/patients/${patientId}/export`);
    const data = readZip(exported.rawPayload).find((entry) => entry.name === 'patient.json');
    expect(JSON.parse(data?.bytes.toString('utf8') ?? '{}').appointments[0].flag).toMatchObject({
      reason: 'unwell',
      message: 'My asthma is bad this week',
    });
    expect((await erase(patientId)).statusCode).toBe(204);
    expect(await appointmentRow(t.database.db, appointmentId)).toMatchObject({
      flagReason: null,
      flagMessage: null,
      flaggedAt: null,
      videoLink: null,
    });
  });

  it('after a refund, deletes the person, their files and e-mails, keeps the appointment and payment without them, and leaves nothing of them in any table', async () => {
    const person = {
      first_name: 'Fionnuala',
      last_name: 'Quinlivan',
      email: 'fionnuala.quinlivan@example.ie',
      phone: '086 999 1234',
      dob: '1984-02-29',
    };
    const booking = await paidBooking(t.app, t.database.db, { form: person });
    const letter = await storePrivateFile(t.database.db, 'Quinlivan letter.pdf', testFile('letter.pdf'));
    const result = await storePrivateFile(t.database.db, 'result.pdf', testFile('letter.pdf'));
    await t.database.db
      .update(patients)
      .set({ referralLetterFileId: letter, resultFileId: result })
      .where(eq(patients.id, booking.patientId));
    // Staff read the patient (searching them by name) and export their list and data: all audited.
    expect((await get(`/api/admin/patients?search_transaction=quinlivan`)).json().count).toBe(1);
    expect((await get(`/api/admin/export_patients?search_transaction=quinlivan`)).statusCode).toBe(200);
    expect((await get(`/api/admin/patients/${booking.patientId}/export`)).statusCode).toBe(200);
    expect((await get(staffFileUrl(letter))).statusCode).toBe(200);

    expect((await erase(booking.patientId)).json().error_messages).toBe(patientTexts.eraseUpcoming);
    // Staff's reason for a refund may name the patient: it goes with them.
    const part = await refundAppointment(t.app, t.auth, booking.appointmentId, {
      amount: 20,
      reason: 'Ms Quinlivan asked for the skin test only',
    });
    expect(part.statusCode, part.body).toBe(200);
    const refund = await refundAppointment(t.app, t.auth, booking.appointmentId);
    expect(refund.statusCode, refund.body).toBe(200);
    const emails = await emailsAbout(t.database.db, booking.appointmentId);
    expect(emails.length).toBeGreaterThanOrEqual(2);
    // Before: the person is in the patient, payment, refund, e-mail and audit rows the booking wrote.
    expect(await columnsHolding(person.last_name, person.email)).toEqual(
      expect.arrayContaining([
        'patients.last_name: Quinlivan',
        `payments.customer_email: ${person.email}`,
        'refunds.reason: Quinlivan',
        `email_outbox.to_address: ${person.email}`,
      ]),
    );

    const response = await erase(booking.patientId);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    // Nowhere to be read any more.
    expect((await get(`/api/admin/patients/${booking.patientId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/patients/${booking.patientId}/export`)).statusCode).toBe(404);
    expect((await get(staffFileUrl(letter))).statusCode).toBe(404);
    expect((await get(staffFileUrl(result))).statusCode).toBe(404);
    expect((await erase(booking.patientId)).statusCode).toBe(404);
    expect((await get('/api/admin/patients?search_transaction=quinlivan')).json()).toMatchObject({
      count: 0,
    });
    const listed = await get('/api/admin/patients?per_page=100');
    expect(listed.json().patients.map((row: { id: number }) => row.id)).not.toContain(booking.patientId);
    const exported = await get('/api/admin/export_patients');
    expect(exported.body).not.toContain('Quinlivan');
    expect(
      await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.id, [letter, result])),
    ).toEqual([]);
    expect(await emailsAbout(t.database.db, booking.appointmentId)).toEqual([]);

    // The appointment and its payment stay, with amounts, states and dates, without the person.
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booking.appointmentId));
    expect(appointment).toMatchObject({
      patientId: null,
      status: 'refunded',
      priceCents: 18000,
      bookedFrom: null,
      holdTokenHash: null,
      accessTokenHash: null,
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booking.appointmentId));
    expect(payment).toMatchObject({ amountCents: 18000, status: 'refunded', customerEmail: null });
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect(payment?.refundedAt).toBeInstanceOf(Date);
    // The booking's token no longer reads anything.
    const readBack = await t.app.inject({
      url: `/api/patients/${booking.patientId}`,
      headers: { 'x-booking-token': booking.token },
    });
    expect(readBack.statusCode).toBe(404);

    // Nothing of the person is left in any text or JSON column of any table.
    expect(
      await columnsHolding(
        person.first_name,
        person.last_name,
        person.email,
        person.phone,
        person.phone.replace(/ /g, ''),
        person.dob,
        '29/02/1984',
        '29.02.1984',
      ),
    ).toEqual([]);

    // Visitors' addresses on the appointment's and payment's audit entries are gone; the erasure is audited.
    const visitorEntries = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, 'visitor'),
          eq(auditLog.entity, 'appointment'),
          eq(auditLog.entityId, String(booking.appointmentId)),
        ),
      );
    expect(visitorEntries.length).toBeGreaterThan(0);
    expect(visitorEntries.every((entry) => entry.ip === null)).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'erase'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actor: 'admin', entity: 'patient', entityId: String(booking.patientId) });
    expect(audit?.details).toEqual({
      appointments: 1,
      appointment_ids: [booking.appointmentId],
      payments: 1,
      files: 2,
      emails: emails.length,
      intake_forms: 0,
      texts: 0,
      waitlist_entries: 0,
    });
  });

  it('erases a patient once when two staff erase them at the same time', async () => {
    const { patientId } = await patientWithAppointment('attended', 'over', 'succeeded');
    const answers = await Promise.all([erase(patientId), erase(patientId), erase(patientId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404, 404]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'erase'), eq(auditLog.entityId, String(patientId))));
    expect(entries).toHaveLength(1);
  });

  it('answers 404 for an id that is no patient, and 400 to a body', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '99999999999999999999', '__proto__']) {
      const response = await erase(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error_messages).toBe(patientTexts.notFound);
    }
    const patient = await insertTestPatient(t.database.db);
    const withBody = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.id}`,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ __proto__: { admin: true } }),
    });
    expect(withBody.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/patients/${patient.id}` })).statusCode,
    ).toBe(401);
    expect((await get(`/api/admin/patients/${patient.id}`)).statusCode).toBe(200);
  });
});
