import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentCsvColumns } from '../../../shared/appointments';
import { paymentTexts } from '../../../shared/payments';
import { appointments, auditLog, payments, refunds } from '../../db/schema';
import { createAdminBookingTestApp, paidBooking } from '../../test/booking-fixtures';
import {
  appointmentRow,
  recordDeskPayment,
  refundAppointment,
  slotRow,
  staffBooking,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

/*
 * Issue 32: money staff take at the desk (cash, the card terminal) for an appointment they booked, recorded as its
 * payment; given back at the desk, no provider asked.
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const record = (id: number | string, body: Record<string, unknown>) =>
  recordDeskPayment(t.app, t.auth, id, body);
const paymentsOf = (appointmentId: number) =>
  db().select().from(payments).where(eq(payments.appointmentId, appointmentId)).orderBy(payments.id);

describe('POST /api/admin/transactions/:id/desk_payments', () => {
  it('records cash taken for a booking staff made: 201, shown as paid in cash, the appointment as it was', async () => {
    const staff = await staffBooking(t.app, db(), t.auth, { form: { payment_type: 'Cash' } });
    const response = await record(staff.id, { amount: '180', method: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: paymentTexts.deskPaymentRecorded,
      transaction: {
        id: staff.id,
        appointment_status: 'booked',
        status: 'succeeded',
        status_label: 'Paid in cash',
        amount: 180,
        refunded_amount: 0,
        payment_method: 'cash',
        provider: 'desk',
        transaction_id: null,
        payment_type: 'Cash',
        payment_recorded_by: t.email,
        data_payment: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        refunds: [],
      },
    });
    const [payment] = await paymentsOf(staff.id);
    expect(payment).toMatchObject({
      provider: 'desk',
      method: 'cash',
      status: 'succeeded',
      amountCents: 18_000,
      paidAt: expect.any(Date),
      providerPaymentId: null,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(payment!.id))));
    expect(audit).toMatchObject({ action: 'create', entity: 'payment', actor: 'admin' });
    expect((await appointmentRow(db(), staff.id))?.status).toBe('booked');

    const listed = await t.app.inject({ url: '/api/admin/transactions?page=1&per_page=50', headers: t.auth });
    expect(listed.json().transactions.find((row: { id: number }) => row.id === staff.id)).toMatchObject({
      status_label: 'Paid in cash',
      payment_method: 'cash',
      amount: 180,
    });
  });

  it('records the card terminal after the visit, and refuses a second payment (409)', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    await db().update(appointments).set({ status: 'attended' }).where(eq(appointments.id, staff.id));
    expect((await record(staff.id, { amount: 85.5, method: 'card_terminal' })).statusCode).toBe(201);
    const second = await record(staff.id, { amount: 10, method: 'cash' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'desk_payment_exists',
      error_messages: paymentTexts.deskPaymentExists,
    });
    expect(await paymentsOf(staff.id)).toHaveLength(1);
  });

  it('records one payment when two are sent at once, never more than the price together', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    // Each fits the €180 price; both would not.
    const answers = await Promise.all([
      record(staff.id, { amount: 120, method: 'cash' }),
      record(staff.id, { amount: '120.00', method: 'card_terminal' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('desk_payment_exists');
    expect((await paymentsOf(staff.id)).map((row) => row.amountCents)).toEqual([12_000]);
  });

  it('refuses more than the price less what was paid: 422 on amount, saying how much is left', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    const expectTooLarge = async (amount: number | string, leftCents: number) => {
      const response = await record(staff.id, { amount, method: 'cash' });
      expect(response.statusCode, response.body).toBe(422);
      const text = paymentTexts.deskPaymentTooLarge(leftCents);
      expect(response.json()).toMatchObject({
        code: 'desk_payment_too_large',
        error_messages: text,
        errors: { amount: [text] },
      });
      return text;
    };
    expect(await expectTooLarge('180.01', 18_000)).toBe(
      "At most €180 is left to pay (the appointment's price less what was paid).",
    );
    await expectTooLarge(1000, 18_000);
    expect(await paymentsOf(staff.id)).toEqual([]);

    // A part now; given back in full, the whole price is left to pay again (what went back is not paid).
    expect((await record(staff.id, { amount: '100', method: 'cash' })).statusCode).toBe(201);
    expect((await refundAppointment(t.app, t.auth, staff.id, { amount: 40 })).statusCode).toBe(200);
    expect((await record(staff.id, { amount: 80, method: 'cash' })).json().code).toBe('desk_payment_exists');
    expect((await refundAppointment(t.app, t.auth, staff.id)).statusCode).toBe(200);
    await expectTooLarge(180.5, 18_000);
    expect((await record(staff.id, { amount: 180, method: 'card_terminal' })).statusCode).toBe(201);

    // The price is the appointment's, as booked: cents count, and a free one takes nothing.
    const cheaper = await staffBooking(t.app, db(), t.auth, { slot: { priceCents: 95_50 } });
    const over = await record(cheaper.id, { amount: '95.51', method: 'cash' });
    expect(over.json().errors.amount).toEqual([
      "At most €95.50 is left to pay (the appointment's price less what was paid).",
    ]);
    expect((await record(cheaper.id, { amount: '95,50', method: 'cash' })).statusCode).toBe(201);
    const free = await staffBooking(t.app, db(), t.auth, { slot: { priceCents: 0 } });
    const nothing = await record(free.id, { amount: '0.01', method: 'cash' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.amount).toEqual(['Nothing is left to pay for this appointment.']);
  });

  it('never holds more than the price when a full refund and a new payment are sent at once', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    expect((await record(staff.id, { amount: 180, method: 'cash' })).statusCode).toBe(201);
    const [refund, payment] = await Promise.all([
      refundAppointment(t.app, t.auth, staff.id),
      record(staff.id, { amount: 180, method: 'card_terminal' }),
    ]);
    expect(refund.statusCode, refund.body).toBe(200);
    // The payment waits for the refund's lock, or the refund for the payment's: recorded after it, or refused.
    expect([201, 409]).toContain(payment.statusCode);
    const rows = await paymentsOf(staff.id);
    const held = rows.reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0);
    expect(held).toBe(payment.statusCode === 201 ? 18_000 : 0);
    expect(held).toBeLessThanOrEqual(18_000);
  });

  it('refuses an appointment booked online, a cancelled one, an unknown one, and bad input by field', async () => {
    const paid = await paidBooking(t.app, db());
    const online = await record(paid.appointmentId, { amount: 10, method: 'cash' });
    expect(online.statusCode).toBe(422);
    expect(online.json()).toMatchObject({
      code: 'desk_payment_not_allowed',
      error_messages: paymentTexts.deskNotAllowed,
    });
    const cancelled = await staffBooking(t.app, db(), t.auth);
    await db().update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.id));
    expect((await record(cancelled.id, { amount: 10, method: 'cash' })).json().code).toBe(
      'desk_payment_not_allowed',
    );
    expect((await record(2_000_000_000, { amount: 10, method: 'cash' })).statusCode).toBe(404);
    expect((await record('x', { amount: 10, method: 'cash' })).statusCode).toBe(404);

    const staff = await staffBooking(t.app, db(), t.auth);
    const expectField = async (body: Record<string, unknown>, field: string, text?: string) => {
      const response = await record(staff.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
      if (text) expect(response.json().errors[field]).toEqual([text]);
    };
    await expectField({ amount: 0, method: 'cash' }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: -1, method: 'cash' }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: '1.001', method: 'cash' }, 'amount', paymentTexts.amountInvalid);
    await expectField({ amount: 100_000.01, method: 'cash' }, 'amount', paymentTexts.amountTooLarge);
    await expectField({ method: 'cash' }, 'amount');
    await expectField({ amount: 10, method: 'card' }, 'method', paymentTexts.deskMethodInvalid);
    await expectField({ amount: 10 }, 'method');
    expect(await paymentsOf(staff.id)).toEqual([]);
  });

  it('is given back at the desk, in part or all that is left, without the provider; the appointment as it was', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    expect((await record(staff.id, { amount: 180, method: 'cash' })).statusCode).toBe(201);
    const part = await refundAppointment(t.app, t.auth, staff.id, { amount: 30, reason: 'Family discount' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      transaction: { appointment_status: 'booked', status: 'succeeded', refunded_amount: 30 },
      refund: { amount: 30, method: 'cash', status: 'succeeded', provider_refund_id: null },
    });
    const rest = await refundAppointment(t.app, t.auth, staff.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      transaction: { appointment_status: 'booked', status: 'refunded', refunded_amount: 180 },
      refund: { amount: 150 },
    });
    expect((await slotRow(db(), staff.slot.id))?.status).toBe('booked');
    const [payment] = await paymentsOf(staff.id);
    const rows = await db().select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(rows.map((row) => [row.amountCents, row.idempotencyKey, row.providerRefundId])).toEqual([
      [3000, null, null],
      [15_000, null, null],
    ]);
    // Refunded in full, another payment may be recorded.
    expect((await record(staff.id, { amount: 150, method: 'card_terminal' })).statusCode).toBe(201);
  });

  it('shows in Appointments.csv with its method and what went back', async () => {
    const staff = await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Deskcsv' } });
    expect((await record(staff.id, { amount: 120, method: 'card_terminal' })).statusCode).toBe(201);
    expect((await refundAppointment(t.app, t.auth, staff.id, { amount: 20 })).statusCode).toBe(200);
    const csv = await t.app.inject({
      url: '/api/admin/export_transactions?search_transaction=Deskcsv',
      headers: t.auth,
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(appointmentCsvColumns.join(','));
    expect(row).toContain('Partly refunded');
    expect(row?.endsWith(',120.00,20.00,Card terminal')).toBe(true);
  });
});
