import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
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
import { clinicWallClock } from '../slots/clinic-time';

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
        balance_due: 0,
        left_to_pay: 0,
        data_payment: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        payments: [
          {
            method: 'cash',
            provider: 'desk',
            status: 'succeeded',
            amount: 180,
            refunded_amount: 0,
            paid_at: expect.any(String),
            recorded_by: t.email,
            provider_payment_id: null,
          },
        ],
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

  it('records the balance as another payment after a part, each listed with how, when and by whom', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    await db().update(appointments).set({ status: 'attended' }).where(eq(appointments.id, staff.id));
    const first = await record(staff.id, { amount: 85.5, method: 'card_terminal' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().transaction).toMatchObject({
      status: 'succeeded',
      status_label: 'Partly paid',
      amount: 85.5,
      balance_due: 94.5,
      left_to_pay: 94.5,
    });
    // More than the balance is refused, saying what is left; the balance itself is recorded.
    const over = await record(staff.id, { amount: 95, method: 'cash' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual([paymentTexts.deskPaymentTooLarge(9450)]);
    const rest = await record(staff.id, { amount: '94.50', method: 'cash' });
    expect(rest.statusCode, rest.body).toBe(201);
    const detail = rest.json().transaction;
    expect(detail).toMatchObject({
      appointment_status: 'attended',
      status: 'succeeded',
      status_label: 'Paid in cash and by card terminal',
      amount: 180,
      refunded_amount: 0,
      balance_due: 0,
      left_to_pay: 0,
    });
    expect(
      detail.payments.map((row: Record<string, unknown>) => [row.method, row.amount, row.recorded_by]),
    ).toEqual([
      ['card_terminal', 85.5, t.email],
      ['cash', 94.5, t.email],
    ]);
    expect(detail.payments.every((row: { paid_at: string }) => !Number.isNaN(Date.parse(row.paid_at)))).toBe(
      true,
    );
    // Paid in full: nothing more.
    const more = await record(staff.id, { amount: 1, method: 'cash' });
    expect(more.json()).toMatchObject({
      code: 'desk_payment_too_large',
      errors: { amount: ['Nothing is left to pay for this appointment.'] },
    });
    expect(await paymentsOf(staff.id)).toHaveLength(2);

    const listed = await t.app.inject({ url: '/api/admin/transactions?page=1&per_page=50', headers: t.auth });
    expect(listed.json().transactions.find((row: { id: number }) => row.id === staff.id)).toMatchObject({
      status_label: 'Paid in cash and by card terminal',
      amount: 180,
      balance_due: 0,
    });
  });

  it('records both of two payments sent at once that fit the price together, and one of two that do not', async () => {
    const fits = await staffBooking(t.app, db(), t.auth);
    const both = await Promise.all([
      record(fits.id, { amount: 100, method: 'cash' }),
      record(fits.id, { amount: '80.00', method: 'card_terminal' }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await paymentsOf(fits.id)).map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([
      8000, 10_000,
    ]);

    const staff = await staffBooking(t.app, db(), t.auth);
    // Each fits the €180 price; both would not.
    const answers = await Promise.all([
      record(staff.id, { amount: 120, method: 'cash' }),
      record(staff.id, { amount: '120.00', method: 'card_terminal' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json()).toMatchObject({
      code: 'desk_payment_too_large',
      errors: { amount: [paymentTexts.deskPaymentTooLarge(6000)] },
    });
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

    // A part now, and €40 of it given back: the price less what was paid net of refunds is left (€120).
    expect((await record(staff.id, { amount: '100', method: 'cash' })).statusCode).toBe(201);
    expect((await refundAppointment(t.app, t.auth, staff.id, { amount: 40 })).statusCode).toBe(200);
    await expectTooLarge('120.01', 12_000);
    expect((await record(staff.id, { amount: 80, method: 'cash' })).statusCode).toBe(201);
    // Given back in full, the whole price is left to pay again (what went back is not paid).
    const all = await refundAppointment(t.app, t.auth, staff.id);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().refunds.map((refund: { amount: number }) => refund.amount)).toEqual([80, 60]);
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
    expect([201, 422]).toContain(payment.statusCode);
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

  it('gives back from the payment staff choose, or the latest with enough left; never one more than a payment holds', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    expect((await record(staff.id, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    expect((await record(staff.id, { amount: 80, method: 'card_terminal' })).statusCode).toBe(201);
    const [cash, terminal] = await paymentsOf(staff.id);

    // No payment named: the latest with that much left (the card terminal's €80), refunded there.
    const latest = await refundAppointment(t.app, t.auth, staff.id, { amount: 30 });
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().refund).toMatchObject({
      payment_id: terminal!.id,
      method: 'card_terminal',
      amount: 30,
    });
    expect(latest.json().transaction).toMatchObject({
      status_label: 'Partly refunded',
      amount: 180,
      refunded_amount: 30,
      balance_due: 0,
    });
    // €60 is more than the terminal's €50 left: from the cash payment, the latest with enough.
    const older = await refundAppointment(t.app, t.auth, staff.id, { amount: 60 });
    expect(older.json().refund).toMatchObject({ payment_id: cash!.id, method: 'cash', amount: 60 });
    // More than any one payment has left (€40 cash, €50 terminal) is refused on its field, saying the most.
    const tooMuch = await refundAppointment(t.app, t.auth, staff.id, { amount: 70 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'refund_too_large',
      errors: { amount: [paymentTexts.refundTooLargeForOne(5000)] },
    });
    // The payment staff chose: at most what is left of it.
    const chosen = await refundAppointment(t.app, t.auth, staff.id, { payment_id: cash!.id, amount: 41 });
    expect(chosen.json().errors.amount).toEqual([paymentTexts.refundTooLarge(4000)]);
    const fromCash = await refundAppointment(t.app, t.auth, staff.id, { payment_id: cash!.id, amount: '15' });
    expect(fromCash.json().refund).toMatchObject({ payment_id: cash!.id, amount: 15 });
    // One not of this appointment, or with nothing left, is refused on payment_id.
    const other = await staffBooking(t.app, db(), t.auth);
    expect((await record(other.id, { amount: 50, method: 'cash' })).statusCode).toBe(201);
    const [otherPayment] = await paymentsOf(other.id);
    for (const paymentId of [otherPayment!.id, 2_000_000_000]) {
      const wrong = await refundAppointment(t.app, t.auth, staff.id, { payment_id: paymentId });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: 'refund_not_allowed',
        errors: { payment_id: [paymentTexts.paymentNotRefundable] },
      });
    }
    for (const paymentId of ['1', 0, 1.5]) {
      const bad = await refundAppointment(t.app, t.auth, staff.id, { payment_id: paymentId });
      expect(bad.statusCode, String(paymentId)).toBe(422);
      expect(bad.json().errors.payment_id).toEqual([paymentTexts.paymentIdInvalid]);
    }

    // Without amount or payment: all that is left of each, one refund a payment, the latest first.
    const rest = await refundAppointment(t.app, t.auth, staff.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refunds.map((row: Record<string, unknown>) => [row.payment_id, row.amount])).toEqual([
      [terminal!.id, 50],
      [cash!.id, 25],
    ]);
    expect(rest.json().refund).toEqual(rest.json().refunds[0]);
    expect(rest.json().transaction).toMatchObject({
      status: 'refunded',
      status_label: 'Refunded',
      appointment_status: 'booked',
      amount: 180,
      refunded_amount: 180,
      balance_due: 180,
    });
    const detail = await t.app.inject({ url: `/api/admin/transactions/${staff.id}`, headers: t.auth });
    expect(
      detail.json().transaction.refunds.map((row: Record<string, unknown>) => [row.payment_id, row.amount]),
    ).toEqual([
      [terminal!.id, 30],
      [cash!.id, 60],
      [cash!.id, 15],
      [terminal!.id, 50],
      [cash!.id, 25],
    ]);
    expect((await refundAppointment(t.app, t.auth, staff.id)).json().code).toBe('refund_not_allowed');
  });

  it('shows in Appointments.csv with its methods, what was paid in all and what went back', async () => {
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
    // €120 paid of €180: a balance is due, whatever went back.
    expect(row).toContain(',Partly paid,');
    expect(row?.endsWith(',120.00,20.00,Card terminal')).toBe(true);

    // Paid in two parts, each way: both methods, the sum; a part due still says so.
    const parts = await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Deskparts' } });
    expect((await record(parts.id, { amount: 50, method: 'cash' })).statusCode).toBe(201);
    expect((await record(parts.id, { amount: 70, method: 'card_terminal' })).statusCode).toBe(201);
    const partsCsv = await t.app.inject({
      url: '/api/admin/export_transactions?search_transaction=Deskparts',
      headers: t.auth,
    });
    const [, partsRow] = partsCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(partsRow).toContain(',Partly paid,');
    expect(partsRow?.endsWith(',120.00,,"Cash, Card terminal"')).toBe(true);
  });
});

/*
 * Decision 0023: an appointment paid at the desk in parts is read as one wherever its payments are: the receipt and
 * the year's statement, the takings and Takings.csv, the calendar's and the desk's paid symbol.
 */
describe('an appointment paid at the desk in parts', () => {
  /** The PDF's text, as an insurer's clerk would read it. */
  async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    return text;
  }

  it('has one receipt listing each part with how, when and how much, and the balance due until paid in full', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    expect((await record(staff.id, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    const receiptOf = async () => {
      const response = await t.app.inject({
        url: `/api/admin/transactions/${staff.id}/receipt`,
        headers: t.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return pdfText(response.rawPayload);
    };
    const part = await receiptOf();
    expect(part).toMatch(/Fee\s+€180\s+Amount paid\s+€100\s+Amount refunded\s+€0\s+Balance due\s+€80/);
    expect(part).toMatch(/Paid in cash on\s+\d\d\/\d\d\/\d{4}/);
    expect(part).not.toContain('Payment reference');

    expect((await record(staff.id, { amount: 80, method: 'card_terminal' })).statusCode).toBe(201);
    const full = await receiptOf();
    expect(full).toMatch(/Amount paid\s+€180\s+Amount refunded\s+€0/);
    expect(full).not.toContain('Balance due');
    expect(full).toMatch(/Paid in cash on\s+\d\d\/\d\d\/\d{4}: €100/);
    expect(full).toMatch(/Paid by card at the\s+clinic on\s+\d\d\/\d\d\/\d{4}: €80/);
    // The same receipt number on every copy.
    expect(/Receipt number\s+(\d{4}-\d{6})/.exec(full)?.[1]).toBe(
      /Receipt number\s+(\d{4}-\d{6})/.exec(part)?.[1],
    );
  });

  it('counts each part on the statement of the year it was paid in', async () => {
    const staff = await staffBooking(t.app, db(), t.auth, {
      form: { first_name: 'Newyear', last_name: 'Parts' },
    });
    expect((await record(staff.id, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    expect((await record(staff.id, { amount: 80, method: 'card_terminal' })).statusCode).toBe(201);
    const [december, january] = await paymentsOf(staff.id);
    // 30 December 2030 and 2 January 2031, clinic time.
    await db()
      .update(payments)
      .set({ paidAt: new Date('2030-12-30T10:00:00Z') })
      .where(eq(payments.id, december!.id));
    await db()
      .update(payments)
      .set({ paidAt: new Date('2031-01-02T10:00:00Z') })
      .where(eq(payments.id, january!.id));
    const statementOf = async (year: number) => {
      const response = await t.app.inject({
        url: `/api/admin/patients/${staff.patientId}/statement?year=${year}`,
        headers: t.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return pdfText(response.rawPayload);
    };
    expect(await statementOf(2030)).toMatch(/Total\s+€100\s+€0/);
    expect(await statementOf(2031)).toMatch(/Total\s+€80\s+€0/);
  });

  it('counts each part in the takings by method, and lists each in Takings.csv', async () => {
    const today = clinicWallClock(new Date()).data;
    const takings = async () => {
      const response = await t.app.inject({
        url: `/api/admin/takings?from=${today}&to=${today}`,
        headers: t.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().totals as {
        payments_count: number;
        refunds_count: number;
        paid: string;
        by_method: Record<string, { paid: string; refunded: string }>;
      };
    };
    const cents = (text: string) => Math.round(Number(text) * 100);
    const before = await takings();
    const staff = await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Takingsparts' } });
    expect((await record(staff.id, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    expect((await record(staff.id, { amount: '80', method: 'card_terminal' })).statusCode).toBe(201);
    expect((await refundAppointment(t.app, t.auth, staff.id, { amount: 20 })).statusCode).toBe(200);
    const after = await takings();
    expect(after.payments_count - before.payments_count).toBe(2);
    expect(after.refunds_count - before.refunds_count).toBe(1);
    expect(cents(after.by_method.cash!.paid) - cents(before.by_method.cash!.paid)).toBe(10_000);
    expect(cents(after.by_method.card_terminal!.paid) - cents(before.by_method.card_terminal!.paid)).toBe(
      8000,
    );
    // The €20 came from the latest payment with that much left: the card terminal's.
    expect(
      cents(after.by_method.card_terminal!.refunded) - cents(before.by_method.card_terminal!.refunded),
    ).toBe(2000);

    const csv = await t.app.inject({
      url: `/api/admin/export_takings?from=${today}&to=${today}`,
      headers: t.auth,
    });
    expect(csv.statusCode).toBe(200);
    const ours = csv.body.split('\n').filter((line) => line.includes('Takingsparts'));
    expect(ours.map((line) => line.split(',').slice(2, 5).join(','))).toEqual([
      'payment,cash,100.00',
      'payment,card_terminal,80.00',
      'refund,card_terminal,20.00',
    ]);
  });

  it('is partly paid on the calendar and at the desk until paid in full, then paid', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    const { isoDay: day, data: deskDay } = clinicWallClock(new Date(staff.slot.startsAt));
    const shown = async () => {
      const [calendar, desk] = await Promise.all([
        t.app.inject({ url: `/api/admin/calendar?from=${day}&to=${day}`, headers: t.auth }),
        t.app.inject({ url: `/api/admin/day?date=${deskDay}`, headers: t.auth }),
      ]);
      expect(calendar.statusCode, calendar.body).toBe(200);
      expect(desk.statusCode, desk.body).toBe(200);
      const onCalendar = calendar.json().appointments.find((row: { id: number }) => row.id === staff.id);
      const atDesk = desk.json().appointments.find((row: { id: number }) => row.id === staff.id);
      return {
        calendar: onCalendar.payment as string,
        desk: [atDesk.payment_status, atDesk.payment_status_label, atDesk.amount, atDesk.balance_due],
      };
    };
    expect(await shown()).toEqual({
      calendar: 'booked_by_staff',
      desk: ['booked', 'Booked by admin', null, 180],
    });
    expect((await record(staff.id, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    expect(await shown()).toEqual({ calendar: 'part_paid', desk: ['succeeded', 'Partly paid', 100, 80] });
    expect((await record(staff.id, { amount: 80, method: 'cash' })).statusCode).toBe(201);
    expect(await shown()).toEqual({ calendar: 'paid', desk: ['succeeded', 'Paid in cash', 180, 0] });
    // Given back in full: nothing stands, as if never paid (booked by staff).
    expect((await refundAppointment(t.app, t.auth, staff.id)).statusCode).toBe(200);
    expect(await shown()).toEqual({ calendar: 'booked_by_staff', desk: ['refunded', 'Refunded', 180, 180] });
  });
});
