import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTexts } from '../../../shared/appointments';
import { paymentTexts } from '../../../shared/payments';
import { slotTexts } from '../../../shared/slots';
import { files, payments } from '../../db/schema';
import {
  appointmentOf,
  createAdminBookingTestApp,
  createBooking,
  futureSlot,
  holdSlot,
  paidBooking,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { testFile } from '../../test/multipart';
import { insertSlot } from '../../test/slot-fixtures';
import {
  appointmentRow,
  auditOf,
  deleteAppointment,
  emailsAbout,
  postStaffBooking,
  putAppointment,
  refundAppointment,
  slotRow,
  staffBooking,
  staffForm,
  storedAppointment,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const book = (options: Parameters<typeof staffBooking>[3] = {}) => staffBooking(t.app, db(), t.auth, options);
const put = (id: number, form: Record<string, unknown>) => putAppointment(t.app, t.auth, id, form);
const remove = (id: number | string) => deleteAppointment(t.app, t.auth, id);
const attendance = (id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/transactions/${id}/attendance`,
    headers: t.auth,
    payload: payload as object,
  });
const detail = (id: number) => t.app.inject({ url: `/api/admin/transactions/${id}`, headers: t.auth });
const mailsOf = (appointmentId: number) => emailsAbout(db(), appointmentId);
const ics = (content: string) => Buffer.from(content, 'base64').toString('utf8');

describe('PUT /api/admin/transactions/:id: edit the patient', () => {
  it('changes the fields, audits their names only, and e-mails nobody', async () => {
    const booking = await book({ form: { email: 'before@example.ie', first_name: 'Caoimhe' } });
    const response = await put(
      booking.id,
      staffForm(booking.slot.id, {
        id: booking.patientId,
        first_name: 'Caoimhe',
        email: 'after@example.ie',
        phone: '01 555 0100',
        allergens: undefined,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'You have successfully updated the appointment.',
      transaction: {
        id: booking.id,
        patient: { email: 'after@example.ie', phone: '01 555 0100', allergens: null },
      },
    });
    const audits = await auditOf(db(), 'appointment', booking.id);
    const update = audits.at(-1);
    expect(update).toMatchObject({ action: 'update', actor: 'admin' });
    expect(update?.details).toEqual({
      patient_id: booking.patientId,
      fields: ['email', 'phone', 'allergens'],
    });
    expect(JSON.stringify(audits.map((audit) => audit.details))).not.toMatch(/Caoimhe|example\.ie|555/);
    // The booking's confirmation only: an edit that does not move the time tells nobody.
    expect((await mailsOf(booking.id)).map((mail) => mail.toAddress)).toEqual(['before@example.ie']);
  });

  it('replaces a file with a new one and removes another, deleting the old files', async () => {
    const slot = await futureSlot(db());
    const created = await postStaffBooking(t.app, t.auth, {
      ...staffForm(slot.id),
      result: { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
      referral_letter: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = created.json().transaction;
    const response = await put(before.id, {
      ...staffForm(slot.id),
      result: { fileName: 'result-2.doc', bytes: testFile('letter.doc') },
      remove_referral_letter: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { patient } = response.json().transaction;
    expect(patient.result).toMatchObject({ name: 'result-2.doc' });
    expect(patient.result.id).not.toBe(before.patient.result.id);
    expect(patient.referral_letter).toBeNull();
    const old = await db().select({ id: files.id }).from(files).where(eq(files.id, before.patient.result.id));
    expect(old).toEqual([]);
    const oldLetter = await db()
      .select({ id: files.id })
      .from(files)
      .where(eq(files.id, before.patient.referral_letter.id));
    expect(oldLetter).toEqual([]);
    const [audit] = (await auditOf(db(), 'appointment', before.id)).slice(-1);
    expect(audit?.details).toMatchObject({ fields: ['result', 'referral_letter'] });

    // A file refused from its bytes changes nothing.
    const refused = await put(before.id, {
      ...staffForm(slot.id),
      attachment: { fileName: 'a.pdf', bytes: testFile('html-named.pdf') },
      remove_result: true,
    });
    expect(refused.statusCode).toBe(415);
    expect((await detail(before.id)).json().transaction.patient.result).toMatchObject({
      name: 'result-2.doc',
    });
  });

  it("answers 422 when patient[id] is not the appointment's patient, and for bad fields", async () => {
    const booking = await book();
    const other = await book();
    const wrong = await put(booking.id, staffForm(booking.slot.id, { id: other.patientId }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 'appointment_patient_mismatch',
      error_messages: appointmentTexts.wrongPatient,
      errors: { id: [appointmentTexts.wrongPatient] },
    });
    const notAnId = await put(booking.id, staffForm(booking.slot.id, { id: 'abc' }));
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json().errors).toEqual({ id: [appointmentTexts.wrongPatient] });
    const bad = await put(booking.id, staffForm(booking.slot.id, { first_name: '', email: 'x' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      first_name: ['This field is required , please fill in.'],
      email: ['Mail is invalid.'],
    });
    // The phone rule of every form: 6 to 12 digits, other characters refused, not dropped.
    const dotted = await put(booking.id, staffForm(booking.slot.id, { phone: '087.123.4567' }));
    expect(dotted.statusCode).toBe(422);
    expect(dotted.json().errors).toEqual({ phone: ['Phone number is invalid.'] });
    const international = await put(booking.id, staffForm(booking.slot.id, { phone: '+353 87 123 4567' }));
    expect(international.statusCode, international.body).toBe(200);
    expect(international.json().transaction.patient.phone).toBe('+353 87 123 4567');
  });

  it('refuses to change a cancelled or refunded appointment (409), and an unknown one (404)', async () => {
    for (const status of ['cancelled', 'refunded'] as const) {
      const stored = await storedAppointment(db(), { status, started: false });
      const response = await put(stored.appointment.id, staffForm(stored.slotId));
      expect(response.statusCode).toBe(409);
      expect(response.json().error_messages).toBe(appointmentTexts.notChangeable);
    }
    expect((await put(2_000_000_000, staffForm(1))).statusCode).toBe(404);
    expect((await put(0, staffForm(1))).statusCode).toBe(404);
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/transactions/99999999999999999999',
      headers: t.auth,
      payload: { patient: staffForm(1) },
    });
    expect(huge.statusCode).toBe(404);
  });

  it('keeps what an attended appointment’s patient is changed to (a result added after the test)', async () => {
    const stored = await storedAppointment(db(), { status: 'attended' });
    const response = await put(stored.appointment.id, {
      ...staffForm(stored.slotId),
      result: { fileName: 'result.pdf', bytes: testFile('letter.pdf') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction).toMatchObject({
      appointment_status: 'attended',
      patient: { result: { name: 'result.pdf' } },
    });
  });
});

describe('PUT /api/admin/transactions/:id: move to another time', () => {
  it('books the new time, frees the old one, counts the invite and e-mails the new time with the same UID', async () => {
    const booking = await book({ form: { email: 'mover@example.ie' } });
    const next = await futureSlot(db());
    const form = (slotId: number) => staffForm(slotId, { email: 'mover@example.ie' });
    const response = await put(booking.id, { ...form(booking.slot.id), 'session[id]': next.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction).toMatchObject({ session: { id: next.id, status: 'booked' } });
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');
    expect((await slotRow(db(), next.id))?.status).toBe('booked');
    expect(await appointmentRow(db(), booking.id)).toMatchObject({ slotId: next.id, calendarSequence: 1 });

    const mails = await mailsOf(booking.id);
    expect(mails).toHaveLength(2);
    const moved = mails[1]!;
    expect(moved.toAddress).toBe('mover@example.ie');
    expect(moved.subject).toMatch(/has moved to \d\d\/\d\d\/\d{4}$/);
    expect(moved.textBody).toContain('Your appointment has been moved to a new time.');
    expect(moved.textBody).toMatch(/Was: \d\d\/\d\d\/\d{4}, 10:00–10:30/);
    const first = ics(mails[0]!.attachments[0]!.content);
    const invite = ics(moved.attachments[0]!.content);
    const uid = /UID:(.+)/.exec(first)?.[1];
    expect(uid).toBe(`appointment-${booking.id}@dublinallergyclinic.ie`);
    expect(invite).toContain(`UID:${uid}`);
    expect(invite).toContain('SEQUENCE:1');
    expect(invite).toContain(`DTSTART:${next.startsAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);

    const [audit] = (await auditOf(db(), 'appointment', booking.id)).slice(-1);
    expect(audit?.details).toMatchObject({
      slot_id: { from: booking.slot.id, to: next.id },
      slot_freed: true,
      calendar_sequence: 1,
    });

    // patient[session_id] moves it as well; the detail lists both e-mails, oldest first.
    const third = await futureSlot(db());
    const again = await put(booking.id, form(third.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(await appointmentRow(db(), booking.id)).toMatchObject({ slotId: third.id, calendarSequence: 2 });
    expect(ics((await mailsOf(booking.id))[2]!.attachments[0]!.content)).toContain('SEQUENCE:2');
    expect(again.json().transaction.emails.map((mail: { subject: string }) => mail.subject)).toEqual([
      expect.stringMatching(/is booked$/),
      expect.stringMatching(/has moved to/),
      expect.stringMatching(/has moved to/),
    ]);
  });

  it('moves a paid appointment and keeps its payment; moves onto a time staff hold', async () => {
    const paid = await paidBooking(t.app, db(), { form: { email: 'paid-mover@example.ie' } });
    const next = await futureSlot(db());
    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${next.id}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(hold.statusCode).toBe(200);
    const response = await put(paid.appointmentId, {
      ...staffForm(paid.slot.id, { email: 'paid-mover@example.ie' }),
      'session[id]': next.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction).toMatchObject({
      appointment_status: 'paid',
      status_label: 'Paid',
      amount: 180,
      session: { id: next.id },
    });
    expect((await paymentsOfPatient(db(), paid.patientId)).map((row) => row.status)).toEqual(['succeeded']);
    expect((await slotRow(db(), paid.slot.id))?.status).toBe('available');
  });

  it('refuses a time a visitor holds or that is booked (409), of another kind or started (422)', async () => {
    const booking = await book();
    const moveTo = (slotId: number) =>
      put(booking.id, { ...staffForm(booking.slot.id), 'session[id]': slotId });

    const visitorHeld = await futureSlot(db());
    await holdSlot(t.app, visitorHeld.id);
    const held = await moveTo(visitorHeld.id);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      code: 'slot_not_free',
      error_messages: appointmentTexts.slotNotFree,
      errors: { session_id: [appointmentTexts.slotNotFree] },
    });

    const taken = await book();
    const booked = await moveTo(taken.slot.id);
    expect(booked.statusCode).toBe(409);

    for (const kind of [{ isVideoCall: true }, { isAdult: false }]) {
      const other = await futureSlot(db(), kind);
      const response = await moveTo(other.id);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ session_id: [appointmentTexts.otherKind] });
    }

    const startedId = await insertSlot(db(), { startsAt: new Date(Date.now() - 10 * 60_000).toISOString() });
    const startedMove = await moveTo(startedId);
    expect(startedMove.statusCode).toBe(422);
    expect(startedMove.json().errors).toEqual({ session_id: [appointmentTexts.slotStarted] });

    const missing = await moveTo(2_000_000_000);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ session_id: [slotTexts.notFound] });

    // Nothing moved.
    expect(await appointmentRow(db(), booking.id)).toMatchObject({
      slotId: booking.slot.id,
      calendarSequence: 0,
    });
  });

  it('moves only a booked or paid appointment (422)', async () => {
    const visitor = await createBooking(t.app, db());
    const held = await appointmentOf(db(), visitor.patientId);
    const next = await futureSlot(db());
    const response = await put(held.id, { ...staffForm(visitor.slot.id), 'session[id]': next.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ session_id: [appointmentTexts.notMovable] });
    expect((await slotRow(db(), next.id))?.status).toBe('available');
  });

  it('answers 422, never 500, to a hostile session', async () => {
    const booking = await book();
    for (const hostileSlot of ['x', { id: 'x' }, { id: [1] }, { id: 1, extra: true }, [1], { id: 1e20 }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/transactions/${booking.id}`,
        headers: t.auth,
        payload: { patient: staffForm(booking.slot.id), session: hostileSlot },
      });
      expect(response.statusCode, JSON.stringify(hostileSlot)).toBe(422);
    }
  });
});

describe('DELETE /api/admin/transactions/:id', () => {
  it('cancels a booked appointment: the time is freed, the patient told with the invite marked cancelled', async () => {
    const booking = await book({ form: { email: 'cancel-me@example.ie' } });
    const response = await remove(booking.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await appointmentRow(db(), booking.id)).toMatchObject({
      status: 'cancelled',
      calendarSequence: 1,
    });
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');
    const mail = (await mailsOf(booking.id)).at(-1);
    expect(mail?.toAddress).toBe('cancel-me@example.ie');
    expect(mail?.subject).toMatch(/has been cancelled$/);
    expect(mail?.textBody).toContain('If you would like a new appointment');
    const invite = ics(mail!.attachments[0]!.content);
    expect(invite).toContain('STATUS:CANCELLED');
    expect(invite).toContain('SEQUENCE:1');
    const [audit] = (await auditOf(db(), 'appointment', booking.id)).slice(-1);
    expect(audit?.details).toMatchObject({
      status: { from: 'booked', to: 'cancelled' },
      slot_freed: true,
    });

    // Gone from the list, there with include_cancelled.
    const ids = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/transactions?per_page=100${query}`, headers: t.auth }))
        .json()
        .transactions.map((row: { id: number }) => row.id);
    expect(await ids('')).not.toContain(booking.id);
    expect(await ids('&include_cancelled=true')).toContain(booking.id);

    // A second delete is refused clearly.
    const again = await remove(booking.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().error_messages).toBe(appointmentTexts.notCancellable);
  });

  it('cancels a paid appointment and keeps its payment (no money is returned)', async () => {
    const paid = await paidBooking(t.app, db(), { form: { email: 'paid-cancel@example.ie' } });
    // Staff who saw it being booked (and paid meanwhile) are asked to look again; nothing changes.
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/transactions/${paid.appointmentId}?status=held`,
      headers: t.auth,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_messages).toBe(appointmentTexts.changedMeanwhile);
    expect((await appointmentRow(db(), paid.appointmentId))?.status).toBe('paid');
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/transactions/${paid.appointmentId}?status=gone`,
      headers: t.auth,
    });
    expect(bad.statusCode).toBe(422);
    const seen = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/transactions/${paid.appointmentId}?status=paid`,
      headers: t.auth,
    });
    expect(seen.statusCode).toBe(204);
    expect((await appointmentRow(db(), paid.appointmentId))?.status).toBe('cancelled');
    expect((await paymentsOfPatient(db(), paid.patientId)).map((row) => row.status)).toEqual(['succeeded']);
    expect((await slotRow(db(), paid.slot.id))?.status).toBe('available');
    const mail = (await mailsOf(paid.appointmentId)).at(-1);
    expect(mail?.textBody).toMatch(
      /Your payment of €180 \(payment reference pi_test_\w+\) has not been refunded/,
    );
    const [audit] = (await auditOf(db(), 'appointment', paid.appointmentId)).slice(-1);
    expect(audit?.details).toMatchObject({ payment_kept: expect.any(Number) });
    // Its kept payment may still be given back later, the appointment staying cancelled.
    const refund = await refundAppointment(t.app, t.auth, paid.appointmentId);
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await appointmentRow(db(), paid.appointmentId))?.status).toBe('cancelled');
    expect((await paymentsOfPatient(db(), paid.patientId)).map((row) => row.status)).toEqual(['refunded']);
  });

  it("cancels a visitor's booking being made, releasing their hold, unless a payment is in progress", async () => {
    const visitor = await createBooking(t.app, db());
    const held = await appointmentOf(db(), visitor.patientId);
    expect((await slotRow(db(), visitor.slot.id))?.status).toBe('pending');
    expect((await remove(held.id)).statusCode).toBe(204);
    expect((await appointmentRow(db(), held.id))?.status).toBe('cancelled');
    expect(await slotRow(db(), visitor.slot.id)).toMatchObject({ status: 'available', holdTokenHash: null });
    expect(await mailsOf(held.id)).toEqual([]);
    // The visitor can no longer pay for it, and is told it was cancelled (nothing was refunded: nothing was paid).
    const payment = await pay(t.app, visitor);
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error_messages).toBe(paymentTexts.cancelledUnpaid);

    const paying = await createBooking(t.app, db());
    const payingAppointment = await appointmentOf(db(), paying.patientId);
    await db()
      .insert(payments)
      .values({
        appointmentId: payingAppointment.id,
        provider: 'test',
        idempotencyKey: `pay_test_${payingAppointment.id}`,
        amountCents: 180_00,
        status: 'processing',
      });
    const refused = await remove(payingAppointment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_messages).toBe(appointmentTexts.paymentInProgress);
    expect((await appointmentRow(db(), payingAppointment.id))?.status).toBe('held');
    expect((await slotRow(db(), paying.slot.id))?.status).toBe('pending');
  });

  it('cancels a started booked appointment without freeing its time or e-mailing; refuses an attended one', async () => {
    const started = await storedAppointment(db(), { status: 'booked' });
    expect((await remove(started.appointment.id)).statusCode).toBe(204);
    expect((await slotRow(db(), started.slotId))?.status).toBe('booked');
    expect(await mailsOf(started.appointment.id)).toEqual([]);

    const attended = await storedAppointment(db(), { status: 'attended' });
    const refused = await remove(attended.appointment.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_messages).toBe(appointmentTexts.notCancellable);
    expect((await remove(2_000_000_000)).statusCode).toBe(404);
    expect((await remove('abc')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/transactions/:id/attendance', () => {
  it('is refused before the time has started', async () => {
    const booking = await book();
    const response = await attendance(booking.id, { status: 'attended' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe(appointmentTexts.attendanceTooEarly);
    expect((await appointmentRow(db(), booking.id))?.status).toBe('booked');
  });

  it('marks a started appointment attended, then no-show, audited', async () => {
    const started = await storedAppointment(db(), { status: 'paid', bookedByAdmin: false });
    const attended = await attendance(started.appointment.id, { status: 'attended' });
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({
      message: appointmentTexts.markedAttended,
      transaction: { id: started.appointment.id, appointment_status: 'attended', started: true },
    });
    // The same again changes nothing.
    expect((await attendance(started.appointment.id, { status: 'attended' })).statusCode).toBe(200);
    const missed = await attendance(started.appointment.id, { status: 'no_show' });
    expect(missed.json()).toMatchObject({
      message: appointmentTexts.markedNoShow,
      transaction: { appointment_status: 'no_show' },
    });
    const audits = await auditOf(db(), 'appointment', started.appointment.id);
    expect(audits.map((audit) => audit.details)).toEqual([
      { status: { from: 'paid', to: 'attended' } },
      { status: { from: 'attended', to: 'no_show' } },
    ]);
  });

  it('is refused for a cancelled or held appointment, and for bad bodies', async () => {
    for (const status of ['cancelled', 'held', 'refunded'] as const) {
      const stored = await storedAppointment(db(), { status });
      const response = await attendance(stored.appointment.id, { status: 'no_show' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error_messages).toBe(appointmentTexts.attendanceNotHere);
    }
    const stored = await storedAppointment(db(), { status: 'booked' });
    for (const payload of [{ status: 'maybe' }, { status: ['attended'] }, {}, { status: 'attended', x: 1 }]) {
      const response = await attendance(stored.appointment.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await attendance(stored.appointment.id, { status: 'maybe' })).json().errors).toEqual({
      status: ['status must be arrived, not_arrived, attended or no_show'],
    });
    expect((await attendance(2_000_000_000, { status: 'attended' })).statusCode).toBe(404);
  });
});
