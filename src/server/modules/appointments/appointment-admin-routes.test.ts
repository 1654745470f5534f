import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTexts } from '../../../shared/appointments';
import { paymentTexts } from '../../../shared/payments';
import { appointments, auditLog, emailOutbox, patients, payments } from '../../db/schema';
import {
  appointmentOf,
  createAdminBookingTestApp,
  createBooking,
  paidBooking,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import {
  appointmentRow,
  auditOf,
  deleteAppointment,
  emailsAbout,
  refundAppointment,
  slotRow,
  staffBooking,
} from '../../test/staff-fixtures';
import { type AdminTestApp, signInAsNewStaff } from '../../test/test-app';
import { queueEmail } from '../email/outbox-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const list = (query = '') => t.app.inject({ url: `/api/admin/transactions${query}`, headers: t.auth });
const refund = (id: unknown) => refundAppointment(t.app, t.auth, id);

describe('GET /api/admin/transactions', () => {
  it('lists appointments newest first with the name, type, status and amount in euro, and audits the read', async () => {
    const first = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Niamh', last_name: 'Kelly', email: 'niamh@example.ie' },
    });
    const second = await paidBooking(t.app, t.database.db, {
      form: {
        first_name: 'Conor',
        last_name: 'Walsh',
        email: 'conor@example.ie',
        is_adult: false,
        guardian_first_name: 'Una',
        guardian_last_name: 'Walsh',
      },
      slot: { isAdult: false },
    });
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBeGreaterThanOrEqual(2);
    expect(body.pages).toBeGreaterThanOrEqual(1);
    expect(body.transactions[0]).toMatchObject({
      id: second.appointmentId,
      full_name: 'Conor Walsh',
      appointment_type: 'Child',
      status: 'succeeded',
      status_label: 'Paid',
      amount: 180,
      is_video_call: false,
    });
    expect(body.transactions[0].data_payment).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(body.transactions[1]).toMatchObject({ id: first.appointmentId, appointment_type: 'Adult' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), eq(auditLog.entity, 'patient')));
    expect(audits.some((entry) => (entry.details?.patient_ids as number[])?.includes(second.patientId))).toBe(
      true,
    );
  });

  it('searches patient names and e-mails, filters video calls and pages', async () => {
    const video = await paidBooking(t.app, t.database.db, {
      form: {
        first_name: 'Orla',
        last_name: 'Videoson',
        email: 'orla.video@example.ie',
        is_video_call: true,
        consultant_name: '',
        antihistamine: false,
        agreement: false,
      },
      slot: { isVideoCall: true },
    });
    const byName = await list('?search_transaction=videoson');
    expect(byName.json().transactions.map((row: { id: number }) => row.id)).toEqual([video.appointmentId]);
    const byFullName = await list('?search_transaction=Orla%20Videoson');
    expect(byFullName.json().count).toBe(1);
    const byMail = await list('?search_transaction=orla.video@');
    expect(byMail.json().count).toBe(1);
    const videos = await list('?is_video_call=true');
    expect(videos.json().transactions.every((row: { is_video_call: boolean }) => row.is_video_call)).toBe(
      true,
    );
    expect(videos.json().transactions[0]).toMatchObject({ amount: 85 });
    const others = await list('?is_video_call=false');
    expect(others.json().transactions.some((row: { id: number }) => row.id === video.appointmentId)).toBe(
      false,
    );
    const paged = await list('?per_page=1&page=2');
    expect(paged.json().transactions).toHaveLength(1);
    expect(paged.json().pages).toBe(paged.json().count);
    expect((await list('?search_transaction=%25')).json().count).toBe(0);
    expect((await list('?is_video_call=maybe')).statusCode).toBe(422);
  });

  it('searches by name only for a role without contact details: e-mail and phone answer nothing, list and CSV', async () => {
    const booked = await paidBooking(t.app, t.database.db, {
      form: {
        first_name: 'Saoirse',
        last_name: 'Ní Bhriain',
        email: 'nibhriain.search@example.ie',
        phone: '087 555 9999',
      },
    });
    const found = async (auth: { authorization: string }, search: string) => {
      const query = `?search_transaction=${encodeURIComponent(search)}`;
      const listed = await t.app.inject({ url: `/api/admin/transactions${query}`, headers: auth });
      expect(listed.statusCode, listed.body).toBe(200);
      const exported = await t.app.inject({ url: `/api/admin/export_transactions${query}`, headers: auth });
      expect(exported.statusCode, exported.body).toBe(200);
      const inList = listed
        .json()
        .transactions.some((row: { id: number }) => row.id === booked.appointmentId);
      const inCsv = exported.body.includes('Bhriain');
      expect(inCsv).toBe(inList);
      return inList;
    };
    for (const role of ['administrator', 'reception', 'bookkeeper'] as const) {
      const { auth } = await signInAsNewStaff(t, { role });
      const seesContacts = role !== 'bookkeeper';
      expect(await found(auth, 'ni bhriain'), role).toBe(true);
      expect(await found(auth, 'Saoirse Ní')).toBe(true);
      expect(await found(auth, 'nibhriain.search@'), role).toBe(seesContacts);
      expect(await found(auth, 'example.ie'), role).toBe(seesContacts);
      expect(await found(auth, '0875559999'), role).toBe(seesContacts);
      expect(await found(auth, '+353 87 555 9999'), role).toBe(seesContacts);
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/admin/transactions' })).statusCode).toBe(401);
  });

  it('filters by kind and searches names, e-mails and phones, leaving out bookings being made', async () => {
    const video = await staffBooking(t.app, t.database.db, t.auth, {
      slot: { isVideoCall: true },
      form: {
        first_name: 'Fionnuala',
        last_name: 'Ní Chonaill',
        email: 'fionnuala@example.ie',
        phone: '01 234 9876',
      },
    });
    const test = await staffBooking(t.app, t.database.db, t.auth, {
      form: {
        first_name: 'Pádraig',
        last_name: 'Ó Sé',
        email: 'padraig.ose@example.ie',
        phone: '086 111 2233',
      },
    });
    const ids = async (query: string) =>
      (await list(`?per_page=100&${query}`)).json().transactions.map((row: { id: number }) => row.id);
    expect(await ids('search_transaction=ní chonaill')).toEqual([video.id]);
    expect(await ids('search_transaction=Fionnuala%20Ní')).toEqual([video.id]);
    expect(await ids('search_transaction=PADRAIG.OSE@')).toEqual([test.id]);
    expect(await ids('search_transaction=111%202233')).toEqual([test.id]);
    expect(await ids('search_transaction=Pádraig&is_video_call=true')).toEqual([]);
    expect(await ids('search_transaction=Pádraig&is_video_call=false')).toEqual([test.id]);
    // LIKE's wildcards match themselves only.
    expect(await ids('search_transaction=_')).toEqual([]);
    expect(await ids('search_transaction=%5C')).toEqual([]);
    // A visitor's booking still being made (no payment attempt) is not listed; a declined one is.
    const making = await createBooking(t.app, t.database.db, { form: { first_name: 'Midflow' } });
    expect(await ids('search_transaction=Midflow')).toEqual([]);
    expect((await pay(t.app, making, { token: 'pm_card_chargeDeclined' })).statusCode).toBe(402);
    const declined = await appointmentOf(t.database.db, making.patientId);
    expect(await ids('search_transaction=Midflow')).toEqual([declined.id]);
    for (const query of ['include_cancelled=maybe', 'page=0', 'per_page=1000', 'sort=id', 'page=abc']) {
      expect((await list(`?${query}`)).statusCode, query).toBe(422);
    }
    expect((await list(`?search_transaction=${'x'.repeat(201)}`)).statusCode).toBe(422);
  });

  it('lists bookings being made only with include_held, searched like the others, cancelled ones still apart', async () => {
    const making = await createBooking(t.app, t.database.db, {
      form: {
        first_name: 'Heldina',
        last_name: 'Makeson',
        email: 'heldina@example.ie',
        phone: '087 555 0199',
      },
    });
    const held = await appointmentOf(t.database.db, making.patientId);
    expect(held.status).toBe('held');
    const booked = await staffBooking(t.app, t.database.db, t.auth, { form: { last_name: 'Makeson' } });
    const ids = async (query: string) =>
      (await list(`?per_page=100&${query}`)).json().transactions.map((row: { id: number }) => row.id);

    expect(await ids('search_transaction=makeson')).toEqual([booked.id]);
    expect(await ids('search_transaction=makeson&include_held=false')).toEqual([booked.id]);
    expect(await ids('')).not.toContain(held.id);
    expect((await list('?per_page=100')).json().count).toBe((await ids('')).length);

    const withHeld = await list('?per_page=100&search_transaction=makeson&include_held=true');
    expect(withHeld.statusCode, withHeld.body).toBe(200);
    expect(withHeld.json().count).toBe(2);
    expect(withHeld.json().transactions.map((row: { id: number }) => row.id)).toEqual([booked.id, held.id]);
    expect(withHeld.json().transactions[1]).toMatchObject({
      full_name: 'Heldina Makeson',
      patient_id: making.patientId,
      appointment_status: 'held',
      status_label: 'Being booked',
      transaction_id: null,
      amount: null,
    });
    // Searched by e-mail and phone as the others; the kind filter applies to them too.
    expect(await ids('include_held=true&search_transaction=HELDINA@')).toEqual([held.id]);
    expect(await ids('include_held=true&search_transaction=555%200199')).toEqual([held.id]);
    expect(await ids('include_held=true&search_transaction=heldina&is_video_call=true')).toEqual([]);
    expect(await ids('include_held=true')).toContain(held.id);

    // Once cancelled it is an ended appointment: shown only with include_cancelled, whatever include_held says.
    expect((await deleteAppointment(t.app, t.auth, held.id)).statusCode).toBe(204);
    expect(await ids('include_held=true&search_transaction=heldina')).toEqual([]);
    expect(await ids('include_held=true&include_cancelled=true&search_transaction=heldina')).toEqual([
      held.id,
    ]);

    for (const query of ['include_held=maybe', 'include_held=', 'include_held=1']) {
      const refused = await list(`?${query}`);
      expect(refused.statusCode, query).toBe(422);
    }
    expect((await list('?include_held=yes')).body).toContain('include_held must be true or false');
  });

  it('pages newest first (created_at, then id), the last pages read from the oldest end, the same rows either way', async () => {
    const made: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      made.push((await staffBooking(t.app, t.database.db, t.auth, { form: { last_name: 'Pagerson' } })).id);
    }
    // Two registered at the very same instant: the larger id first.
    const [a, b] = [made[2]!, made[3]!];
    const first = await appointmentRow(t.database.db, a);
    await t.database.db
      .update(appointments)
      .set({ createdAt: first!.createdAt })
      .where(inArray(appointments.id, [a, b]));
    const expected = [...made].reverse();
    for (const perPage of [1, 2, 3, 7, 10]) {
      const seen: number[] = [];
      const pages = Math.ceil(7 / perPage);
      for (let page = 1; page <= pages + 1; page += 1) {
        const body = (await list(`?search_transaction=pagerson&per_page=${perPage}&page=${page}`)).json();
        expect(body).toMatchObject({ count: 7, pages });
        if (page > pages) expect(body.transactions).toEqual([]);
        seen.push(...body.transactions.map((row: { id: number }) => row.id));
      }
      expect(seen, `per_page ${perPage}`).toEqual(expected);
    }
    // Unfiltered, every page of 3 put together is the whole list.
    const all = (await list('?per_page=100')).json();
    const pieces: number[] = [];
    for (let page = 1; page <= Math.ceil(all.count / 3); page += 1) {
      pieces.push(
        ...(await list(`?per_page=3&page=${page}`)).json().transactions.map((row: { id: number }) => row.id),
      );
    }
    expect(pieces).toEqual(all.transactions.map((row: { id: number }) => row.id));
  });

  it('keeps listing an appointment whose patient was erased, without a name', async () => {
    const booking = await staffBooking(t.app, t.database.db, t.auth, { form: { last_name: 'Erasedson' } });
    await t.database.db.delete(patients).where(eq(patients.id, booking.patientId));
    const body = (await list('?per_page=100')).json();
    expect(body.transactions.find((row: { id: number }) => row.id === booking.id)).toMatchObject({
      full_name: '',
      patient_id: null,
      status_label: 'Booked by admin',
    });
    const detail = await t.app.inject({ url: `/api/admin/transactions/${booking.id}`, headers: t.auth });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().transaction).toMatchObject({ patient: null, full_name: '' });
  });
});

describe('GET /api/admin/transactions/:id', () => {
  it("answers the appointment with the patient's details and audits the read", async () => {
    const booking = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Ciara', email: 'ciara@example.ie' },
    });
    const response = await t.app.inject({
      url: `/api/admin/transactions/${booking.appointmentId}`,
      headers: t.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().transaction).toMatchObject({
      id: booking.appointmentId,
      status_label: 'Paid',
      patient: {
        id: booking.patientId,
        first_name: 'Ciara',
        consultant_addres: '12 Main Street, Dundrum, Dublin 14',
      },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, String(booking.patientId))));
    expect(audit?.action).toBe('read');
    const missing = await t.app.inject({ url: '/api/admin/transactions/999999', headers: t.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_messages).toBe(appointmentTexts.notFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.app.inject({ url: `/api/admin/transactions/${id}`, headers: t.auth })).statusCode).toBe(
        404,
      );
    }
  });

  it('lists the e-mails sent about it, oldest first, with their delivery', async () => {
    const booking = await staffBooking(t.app, t.database.db, t.auth, { form: { email: 'mails@example.ie' } });
    const [confirmation] = await emailsAbout(t.database.db, booking.id);
    await t.database.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(emailOutbox.id, confirmation!.id));
    const failed = await queueEmail(t.database.db, {
      to: 'mails@example.ie',
      subject: 'Failed one',
      text: 'x',
      appointmentId: booking.id,
    });
    await t.database.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 10, lastError: '550 mailbox unavailable' })
      .where(eq(emailOutbox.id, failed));
    const sending = await queueEmail(t.database.db, {
      to: 'mails@example.ie',
      subject: 'Being sent',
      text: 'x',
      appointmentId: booking.id,
    });
    await t.database.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 2, lastError: 'timeout' })
      .where(eq(emailOutbox.id, sending));
    await queueEmail(t.database.db, { to: 'someone@example.ie', subject: 'Not about it', text: 'x' });

    const response = await t.app.inject({ url: `/api/admin/transactions/${booking.id}`, headers: t.auth });
    expect(response.statusCode).toBe(200);
    const { emails, booked_by_admin, payment_type } = response.json().transaction;
    expect({ booked_by_admin, payment_type }).toEqual({ booked_by_admin: true, payment_type: 'insurance' });
    expect(emails).toEqual([
      {
        id: confirmation!.id,
        to: 'mails@example.ie',
        subject: confirmation!.subject,
        status: 'sent',
        attempts: 1,
        last_error: null,
        created_at: expect.any(String),
        sent_at: expect.any(String),
      },
      expect.objectContaining({
        id: failed,
        status: 'failed',
        attempts: 10,
        last_error: '550 mailbox unavailable',
      }),
      expect.objectContaining({
        id: sending,
        status: 'queued',
        attempts: 2,
        last_error: 'timeout',
        sent_at: null,
      }),
    ]);
    const reads = await auditOf(t.database.db, 'patient', booking.patientId);
    expect(reads.at(-1)).toMatchObject({
      action: 'read',
      details: { via: 'appointment', appointment_id: booking.id },
    });
    expect(JSON.stringify(reads.map((entry) => entry.details))).not.toContain('mails@example.ie');
  });
});

describe('POST /api/admin/refunds', () => {
  it('refunds a succeeded payment, frees the future slot, audits it and e-mails the patient', async () => {
    const booking = await paidBooking(t.app, t.database.db, { form: { email: 'refund-me@example.ie' } });
    const response = await refund(booking.appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Refund has been successfully processed',
      transaction: { id: booking.appointmentId, status: 'refunded', status_label: 'Refunded' },
    });
    const [row] = await paymentsOfPatient(t.database.db, booking.patientId);
    expect(row?.status).toBe('refunded');
    expect(row?.refundId).toMatch(/^re_test_/);
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect((await slotRow(t.database.db, booking.slot.id))?.status).toBe('available');
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'refund-me@example.ie'))
      .orderBy(emailOutbox.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/is booked/),
      expect.stringMatching(/cancelled and refunded/),
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, String(booking.appointmentId))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'update', actor: 'admin' });
    expect(audit?.details).toMatchObject({ status: { from: 'paid', to: 'refunded' }, slot_freed: true });
  });

  it('refuses a payment that did not succeed (422), and a second refund', async () => {
    const booking = await createBooking(t.app, t.database.db);
    expect((await pay(t.app, booking, { token: 'pm_card_chargeDeclined' })).statusCode).toBe(402);
    const [failed] = await paymentsOfPatient(t.database.db, booking.patientId);
    expect(failed?.status).toBe('failed');
    const response = await refund((await appointmentOf(t.database.db, booking.patientId)).id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('Only a paid appointment can be refunded.');

    const paid = await paidBooking(t.app, t.database.db);
    expect((await refund(paid.appointmentId)).statusCode).toBe(200);
    expect((await refund(paid.appointmentId)).statusCode).toBe(422);
    expect((await refund(999_999)).statusCode).toBe(404);
    expect((await refund('x')).statusCode).toBe(422);
  });

  it('refunds once when two refunds race: the other answers a clear 409 or 422', async () => {
    for (let round = 0; round < 3; round += 1) {
      const paid = await paidBooking(t.app, t.database.db);
      const answers = await Promise.all([refund(paid.appointmentId), refund(paid.appointmentId)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([409, 422]).toContain(codes[1]);
      const loser = answers.find((answer) => answer.statusCode !== 200)!;
      expect([paymentTexts.refundInProgress, paymentTexts.refundOnlySucceeded]).toContain(
        loser.json().error_messages,
      );
      const [payment, ...others] = await paymentsOfPatient(t.database.db, paid.patientId);
      expect(others).toEqual([]);
      expect(payment).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_test_/) });
      const claims = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(payment!.id))));
      expect(claims).toHaveLength(1);
      const refunds = (await auditOf(t.database.db, 'appointment', paid.appointmentId)).filter(
        (entry) => (entry.details?.status as { to?: string } | undefined)?.to === 'refunded',
      );
      expect(refunds).toHaveLength(1);
    }
  });

  it('answers 409 while a refund of the appointment is under way; a delete waits for it too', async () => {
    const paid = await paidBooking(t.app, t.database.db);
    const [payment] = await paymentsOfPatient(t.database.db, paid.patientId);
    await t.database.db.update(payments).set({ status: 'refunding' }).where(eq(payments.id, payment!.id));
    const response = await refund(paid.appointmentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_messages).toBe(paymentTexts.refundInProgress);
    const deleted = await deleteAppointment(t.app, t.auth, paid.appointmentId);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error_messages).toBe(appointmentTexts.paymentInProgress);
  });

  it('refuses a booking made by staff (nothing was paid) with its readable text, and hostile bodies', async () => {
    const staff = await staffBooking(t.app, t.database.db, t.auth);
    const response = await refund(staff.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'refund_not_allowed',
      error_messages: paymentTexts.refundOnlySucceeded,
      errors: { transaction_id: [paymentTexts.refundOnlySucceeded] },
    });
    for (const id of [null, [1], { id: 1 }, 1.5, -1, 0, 2 ** 40, '1']) {
      expect((await refund(id)).statusCode, JSON.stringify(id)).toBe(422);
    }
  });
});
