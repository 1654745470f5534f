import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, slots } from '../../db/schema';
import {
  appointmentOf,
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { signInAsNewAdmin } from '../../test/test-app';

let t: BookingTestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createBookingTestApp();
  auth = { authorization: `Bearer ${(await signInAsNewAdmin(t)).token}` };
});
afterAll(() => t.close());

async function paidBooking(form: Record<string, unknown> = {}, slot: Record<string, unknown> = {}) {
  const booking = await createBooking(t.app, t.database.db, { form, slot });
  const response = await pay(t.app, booking, slot.isVideoCall ? { price: 8500 } : {});
  expect(response.statusCode, response.body).toBe(200);
  return { ...booking, appointmentId: (await appointmentOf(t.database.db, booking.patientId)).id };
}

const list = (query = '') => t.app.inject({ url: `/api/admin/transactions${query}`, headers: auth });
const refund = (id: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/refunds', headers: auth, payload: { transaction_id: id } });

describe('GET /api/admin/transactions', () => {
  it('lists appointments newest first with the name, type, status and amount in euro, and audits the read', async () => {
    const first = await paidBooking({ first_name: 'Niamh', last_name: 'Kelly', email: 'niamh@example.ie' });
    const second = await paidBooking(
      {
        first_name: 'Conor',
        last_name: 'Walsh',
        email: 'conor@example.ie',
        is_adult: false,
        guardian_first_name: 'Una',
        guardian_last_name: 'Walsh',
      },
      { isAdult: false },
    );
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
    const video = await paidBooking(
      {
        first_name: 'Orla',
        last_name: 'Videoson',
        email: 'orla.video@example.ie',
        is_video_call: true,
        consultant_name: '',
        antihistamine: false,
        agreement: false,
      },
      { isVideoCall: true },
    );
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

  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/admin/transactions' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/transactions/:id', () => {
  it("answers the appointment with the patient's details and audits the read", async () => {
    const booking = await paidBooking({ first_name: 'Ciara', email: 'ciara@example.ie' });
    const response = await t.app.inject({
      url: `/api/admin/transactions/${booking.appointmentId}`,
      headers: auth,
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
    expect((await t.app.inject({ url: '/api/admin/transactions/999999', headers: auth })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/admin/refunds', () => {
  it('refunds a succeeded payment, frees the future slot, audits it and e-mails the patient', async () => {
    const booking = await paidBooking({ email: 'refund-me@example.ie' });
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
    const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot.id));
    expect(slot?.status).toBe('available');
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'refund-me@example.ie'));
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

    const paid = await paidBooking();
    expect((await refund(paid.appointmentId)).statusCode).toBe(200);
    expect((await refund(paid.appointmentId)).statusCode).toBe(422);
    expect((await refund(999_999)).statusCode).toBe(404);
    expect((await refund('x')).statusCode).toBe(422);
  });

  it('refunds once when two refunds race: the other waits for the first and answers 409 or 422', async () => {
    const paid = await paidBooking();
    const answers = await Promise.all([refund(paid.appointmentId), refund(paid.appointmentId)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    const [payment, ...others] = await paymentsOfPatient(t.database.db, paid.patientId);
    expect(others).toEqual([]);
    expect(payment?.status).toBe('refunded');
  });
});
