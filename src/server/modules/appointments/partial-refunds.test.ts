import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTexts } from '../../../shared/payments';
import { appointments, auditLog, emailOutbox, payments, refunds } from '../../db/schema';
import { createAdminBookingTestApp, paidBooking, paymentsOfPatient } from '../../test/booking-fixtures';
import { appointmentRow, refundAppointment, slotRow, staffBooking } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

/*
 * Issue 32: a payment given back in part, several times, up to what was paid; the last of a paid appointment's
 * payment frees its time as a full refund always did. Every refund is a row, listed with the appointment.
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const refund = (id: unknown, body: Record<string, unknown> = {}) =>
  refundAppointment(t.app, t.auth, id, body);
const detail = async (id: number) => {
  const response = await t.app.inject({ url: `/api/admin/transactions/${id}`, headers: t.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().transaction;
};
const paymentOf = async (patientId: number) => {
  const [row, ...others] = await paymentsOfPatient(db(), patientId);
  expect(others).toEqual([]);
  return row!;
};
const refundRowsOf = (paymentId: number) =>
  db().select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.id);
const mailsTo = (address: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id);

describe('POST /api/admin/refunds with an amount', () => {
  it('gives back a part: the appointment stays paid and booked, the refund is recorded, listed and e-mailed', async () => {
    const paid = await paidBooking(t.app, db(), { form: { email: 'part-refund@example.ie' } });
    const response = await refund(paid.appointmentId, { amount: '20.50', reason: 'Skin test not done' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: paymentTexts.refunded,
      transaction: {
        id: paid.appointmentId,
        appointment_status: 'paid',
        status: 'succeeded',
        status_label: 'Partly refunded',
        amount: 180,
        refunded_amount: 20.5,
        payment_method: 'card',
      },
      refund: {
        amount: 20.5,
        reason: 'Skin test not done',
        requested_by: 'staff',
        refunded_by: t.email,
        method: 'card',
        status: 'succeeded',
        provider_refund_id: expect.stringMatching(/^re_test_/),
        refunded_at: expect.any(String),
      },
    });
    const payment = await paymentOf(paid.patientId);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 2050, refundedAt: null });
    expect((await appointmentRow(db(), paid.appointmentId))?.status).toBe('paid');
    expect((await slotRow(db(), paid.slot.id))?.status).toBe('booked');
    const [row] = await refundRowsOf(payment.id);
    expect(row).toMatchObject({
      amountCents: 2050,
      status: 'succeeded',
      idempotencyKey: `${payment.idempotencyKey}-refund`,
      requestedBy: 'staff',
    });
    const mails = await mailsTo('part-refund@example.ie');
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/is booked/),
      expect.stringMatching(/has refunded €20.50 to your card/),
    ]);
    expect(mails[1]?.textBody).toContain('Your appointment itself is unchanged.');
    expect((await detail(paid.appointmentId)).refunds).toEqual([body.refund]);
  });

  it('gives back the rest without an amount: the appointment is refunded and its time freed, both refunds listed', async () => {
    const paid = await paidBooking(t.app, db(), { form: { email: 'rest-refund@example.ie' } });
    expect((await refund(paid.appointmentId, { amount: 30 })).statusCode).toBe(200);
    expect((await refund(paid.appointmentId, { amount: '45,25' })).statusCode).toBe(200);
    const rest = await refund(paid.appointmentId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      transaction: { appointment_status: 'refunded', status: 'refunded', refunded_amount: 180 },
      refund: { amount: 104.75 },
    });
    const payment = await paymentOf(paid.patientId);
    expect(payment).toMatchObject({
      status: 'refunded',
      refundedCents: 18_000,
      refundedAt: expect.any(Date),
    });
    const rows = await refundRowsOf(payment.id);
    expect(rows.map((row) => [row.amountCents, row.idempotencyKey])).toEqual([
      [3000, `${payment.idempotencyKey}-refund`],
      [4525, `${payment.idempotencyKey}-refund-2`],
      [10_475, `${payment.idempotencyKey}-refund-3`],
    ]);
    expect(payment.refundId).toBe(rows[2]?.providerRefundId);
    expect((await slotRow(db(), paid.slot.id))?.status).toBe('available');
    const mails = await mailsTo('rest-refund@example.ie');
    expect(mails.at(-1)?.subject).toMatch(/cancelled and refunded/);
    expect(mails.at(-1)?.textBody).toContain('We have refunded €104.75');
    expect((await detail(paid.appointmentId)).refunds.map((row: { amount: number }) => row.amount)).toEqual([
      30, 45.25, 104.75,
    ]);
    // Nothing is left to give back.
    const again = await refund(paid.appointmentId, { amount: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('refund_not_allowed');
  });

  it('an amount equal to all that is left is the full refund', async () => {
    const paid = await paidBooking(t.app, db());
    const response = await refund(paid.appointmentId, { amount: 180 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction.appointment_status).toBe('refunded');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, String(paid.appointmentId))))
      .orderBy(desc(auditLog.id));
    expect(audit?.details).toMatchObject({ status: { from: 'paid', to: 'refunded' }, amount_cents: 18_000 });
  });

  it('gives back a payment of an appointment that took place, and leaves the appointment as it is', async () => {
    for (const status of ['attended', 'no_show'] as const) {
      const paid = await paidBooking(t.app, db());
      await db().update(appointments).set({ status }).where(eq(appointments.id, paid.appointmentId));
      expect((await refund(paid.appointmentId, { amount: 80 })).statusCode).toBe(200);
      const rest = await refund(paid.appointmentId);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().transaction).toMatchObject({ appointment_status: status, status: 'refunded' });
      expect((await paymentOf(paid.patientId)).refundedCents).toBe(18_000);
    }
  });

  it('refuses bad amounts and reasons with their field, and changes nothing', async () => {
    const paid = await paidBooking(t.app, db());
    const expectField = async (body: Record<string, unknown>, field: string, text?: string) => {
      const response = await refund(paid.appointmentId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
      if (text) expect(response.json().errors[field]).toEqual([text]);
    };
    await expectField({ amount: 0 }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: '0.00' }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: -5 }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: '-5' }, 'amount', paymentTexts.amountNotPositive);
    await expectField({ amount: 1.234 }, 'amount', paymentTexts.amountInvalid);
    await expectField({ amount: '12.345' }, 'amount', paymentTexts.amountInvalid);
    await expectField({ amount: 'ten' }, 'amount', paymentTexts.amountInvalid);
    await expectField({ amount: true }, 'amount');
    await expectField({ amount: null }, 'amount');
    await expectField({ amount: 1e21 }, 'amount');
    await expectField({ amount: 180.01 }, 'amount', paymentTexts.refundTooLarge(18_000));
    await expectField({ reason: 'x'.repeat(501) }, 'reason', paymentTexts.reasonTooLong);
    await expectField({ reason: 5 }, 'reason');
    const unknown = await refund(paid.appointmentId, { amount: 5, currency: 'usd' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('unknown_field');

    expect((await refund(paid.appointmentId, { amount: 100 })).statusCode).toBe(200);
    const tooMuch = await refund(paid.appointmentId, { amount: '80.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      code: 'refund_too_large',
      error_messages: paymentTexts.refundTooLarge(8000),
      errors: { amount: [paymentTexts.refundTooLarge(8000)] },
    });
    const payment = await paymentOf(paid.patientId);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 10_000 });
    expect(await refundRowsOf(payment.id)).toHaveLength(1);
    // A reason of 500 characters (trimmed) is taken.
    const longest = await refund(paid.appointmentId, { amount: 1, reason: ` ${'y'.repeat(500)} ` });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().refund.reason).toBe('y'.repeat(500));
  });

  it('gives back a cancelled appointment’s kept payment, a part then the rest, leaving it cancelled', async () => {
    const kept = await paidBooking(t.app, db());
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/transactions/${kept.appointmentId}`,
      headers: t.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const part = await refund(kept.appointmentId, { amount: 10, reason: 'Cancelled late' });
    expect(part.statusCode, part.body).toBe(200);
    const rest = await refund(kept.appointmentId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().transaction).toMatchObject({ appointment_status: 'cancelled', refunded_amount: 180 });
    expect(await paymentOf(kept.patientId)).toMatchObject({ status: 'refunded', refundedCents: 18_000 });
    expect((await refund(kept.appointmentId, { amount: 1 })).json().code).toBe('refund_not_allowed');
  });

  it('refuses an unpaid appointment (422) and an unknown one (404)', async () => {
    const staff = await staffBooking(t.app, db(), t.auth);
    const unpaid = await refund(staff.id, { amount: 10 });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json()).toMatchObject({
      code: 'refund_not_allowed',
      errors: { transaction_id: [paymentTexts.refundOnlySucceeded] },
    });
    const unknown = await refund(2_000_000_000, { amount: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_messages).toBe(paymentTexts.appointmentNotFound);
  });

  it('two partial refunds at once never give back more than was paid', async () => {
    for (const [first, second] of [
      [100, 100],
      [90, 90],
      [60, 70],
    ] as const) {
      const paid = await paidBooking(t.app, db());
      const answers = await Promise.all([
        refund(paid.appointmentId, { amount: first }),
        refund(paid.appointmentId, { amount: second }),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes, answers.map((answer) => answer.body).join('\n')).toContain(200);
      for (const answer of answers) {
        if (answer.statusCode === 200) continue;
        expect([409, 422]).toContain(answer.statusCode);
        expect(['refund_in_progress', 'refund_too_large']).toContain(answer.json().code);
      }
      const given = answers
        .filter((answer) => answer.statusCode === 200)
        .reduce((sum, answer) => sum + Math.round(answer.json().refund.amount * 100), 0);
      const payment = await paymentOf(paid.patientId);
      expect(payment.refundedCents).toBe(given);
      expect(payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
      const rows = await refundRowsOf(payment.id);
      expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(given);
      expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
      expect(payment.status).toBe(given === payment.amountCents ? 'refunded' : 'succeeded');
    }
  });
});

describe('the payments table', () => {
  it('holds a payment to what was paid: refunded cents never above its amount', async () => {
    const paid = await paidBooking(t.app, db());
    const payment = await paymentOf(paid.patientId);
    await expect(
      db()
        .update(payments)
        .set({ refundedCents: payment.amountCents + 1 })
        .where(eq(payments.id, payment.id)),
    ).rejects.toThrow();
  });
});
