import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, RefundStatus } from '../../../shared/payment-states';
import {
  MAX_TAKINGS_DAYS,
  type TakingsResponse,
  takingsCsvColumns,
  takingsTexts,
} from '../../../shared/takings';
import { auditLog, DESK_PROVIDER, patients, payments, refunds } from '../../db/schema';
import { createAdminBookingTestApp, paidBooking } from '../../test/booking-fixtures';
import {
  recordDeskPayment,
  refundAppointment,
  staffBooking,
  storedAppointment,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { clinicMonthRange, clinicWallClock } from '../slots/clinic-time';
import { takingsCents } from './takings-repository';

/*
 * Issue 32: the takings day by day in clinic time (Europe/Dublin), their sums exact to the cent, and Takings.csv, one
 * row a payment and a refund, for a bookkeeper to match with the card provider's payouts. Payments and refunds are
 * stored directly at chosen instants (years ahead, apart from any other test's), and made through the API too.
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const takings = (query: string) => t.app.inject({ url: `/api/admin/takings?${query}`, headers: t.auth });
const exported = (query: string) =>
  t.app.inject({ url: `/api/admin/export_takings?${query}`, headers: t.auth });

/** A payment of a stored appointment (its patient named), taken at `paidAt`; answers its id and appointment. */
async function takenAt(
  paidAt: string,
  cents: number,
  method: PaymentMethod = 'card',
  patient: { firstName?: string; lastName?: string } = {},
) {
  const { appointment, patientId } = await storedAppointment(db(), { status: 'paid' });
  if (patient.firstName || patient.lastName) {
    await db()
      .update(patients)
      .set({ firstName: patient.firstName ?? 'Stored', lastName: patient.lastName ?? 'Patient' })
      .where(eq(patients.id, patientId));
  }
  const card = method === 'card';
  const [row] = await db()
    .insert(payments)
    .values({
      appointmentId: appointment.id,
      provider: card ? 'test' : DESK_PROVIDER,
      method,
      idempotencyKey: randomUUID(),
      providerPaymentId: card ? `pi_takings_${randomUUID().slice(0, 8)}` : null,
      amountCents: cents,
      status: 'succeeded',
      paidAt: new Date(paidAt),
    })
    .returning();
  return { id: row!.id, appointmentId: appointment.id, providerPaymentId: row!.providerPaymentId };
}

/** A refund of `paymentId` in `status`, made at `refundedAt` (none: not made). */
async function refundedAt(
  paymentId: number,
  at: string | null,
  cents: number,
  status: RefundStatus = 'succeeded',
) {
  await db()
    .insert(refunds)
    .values({
      paymentId,
      amountCents: cents,
      requestedBy: 'staff',
      status,
      reason: 'Goodwill',
      providerRefundId: status === 'succeeded' ? `re_takings_${paymentId}_${cents}` : null,
      refundedAt: at ? new Date(at) : null,
    });
}

const byDate = (body: TakingsResponse) => new Map(body.days.map((day) => [day.date, day]));

describe('GET /api/admin/takings', () => {
  it('adds up each clinic day’s payments and refunds by method, every day of the range listed', async () => {
    // Tuesday 14 October 2031, Irish summer time (UTC+1).
    const card = await takenAt('2031-10-14T08:00:00Z', 18_000);
    const cash = await takenAt('2031-10-14T15:10:00Z', 8550, 'cash');
    await takenAt('2031-10-14T16:00:00Z', 4000, 'card_terminal');
    await refundedAt(card.id, '2031-10-15T09:00:00Z', 2025);
    await refundedAt(cash.id, '2031-10-15T10:00:00Z', 550);
    // Asked and not answered, or refused: no money moved.
    await refundedAt(card.id, null, 1000, 'requested');
    await refundedAt(card.id, null, 500, 'failed');
    const response = await takings('from=14/10/2031&to=16/10/2031');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TakingsResponse;
    expect(body.days.map((day) => day.date)).toEqual(['14/10/2031', '15/10/2031', '16/10/2031']);
    const zero = { paid: '0.00', refunded: '0.00' };
    expect(body.days[0]).toEqual({
      date: '14/10/2031',
      payments_count: 3,
      refunds_count: 0,
      paid: '305.50',
      refunded: '0.00',
      net: '305.50',
      by_method: {
        card: { paid: '180.00', refunded: '0.00' },
        cash: { paid: '85.50', refunded: '0.00' },
        card_terminal: { paid: '40.00', refunded: '0.00' },
      },
    });
    expect(body.days[1]).toEqual({
      date: '15/10/2031',
      payments_count: 0,
      refunds_count: 2,
      paid: '0.00',
      refunded: '25.75',
      net: '-25.75',
      by_method: {
        card: { paid: '0.00', refunded: '20.25' },
        cash: { paid: '0.00', refunded: '5.50' },
        card_terminal: zero,
      },
    });
    expect(body.days[2]).toMatchObject({ payments_count: 0, refunds_count: 0, net: '0.00' });
    expect(body.totals).toEqual({
      payments_count: 3,
      refunds_count: 2,
      paid: '305.50',
      refunded: '25.75',
      net: '279.75',
      by_method: {
        card: { paid: '180.00', refunded: '20.25' },
        cash: { paid: '85.50', refunded: '5.50' },
        card_terminal: { paid: '40.00', refunded: '0.00' },
      },
    });
  });

  it('counts each payment on its Dublin day, across midnight and both daylight-saving changes', async () => {
    // 23:30 UTC is 00:30 the next day in summer (UTC+1), 23:30 the same day in winter (UTC+0).
    await takenAt('2032-07-01T23:30:00Z', 100);
    await takenAt('2032-12-01T23:30:00Z', 200);
    // Sunday 28 March 2032 (23 hours) and Sunday 31 October 2032 (25 hours): their last minutes.
    await takenAt('2032-03-28T22:59:00Z', 300);
    await takenAt('2032-10-31T23:59:00Z', 400);
    const days = async (from: string, to: string) =>
      byDate((await takings(`from=${from}&to=${to}`)).json() as TakingsResponse);
    const july = await days('01/07/2032', '02/07/2032');
    expect([july.get('01/07/2032')?.paid, july.get('02/07/2032')?.paid]).toEqual(['0.00', '1.00']);
    const december = await days('01/12/2032', '02/12/2032');
    expect([december.get('01/12/2032')?.paid, december.get('02/12/2032')?.paid]).toEqual(['2.00', '0.00']);
    const march = await days('28/03/2032', '29/03/2032');
    expect(march.get('28/03/2032')?.paid).toBe('3.00');
    const october = await days('31/10/2032', '01/11/2032');
    expect([october.get('31/10/2032')?.paid, october.get('01/11/2032')?.paid]).toEqual(['4.00', '0.00']);
    expect([...(await days('25/03/2032', '02/04/2032')).keys()]).toHaveLength(9);
  });

  it('counts each refund on the Dublin day it was made, by its payment’s method, one still with the provider too', async () => {
    const card = await takenAt('2032-06-10T09:00:00Z', 10_000);
    const cash = await takenAt('2032-06-10T10:00:00Z', 5000, 'cash');
    // 23:30 UTC on the 14th is 00:30 on the 15th in summer; 22:59 UTC on the 15th is its last minute.
    await refundedAt(card.id, '2032-06-14T23:30:00Z', 1000);
    await refundedAt(card.id, '2032-06-15T22:59:00Z', 500, 'pending');
    await refundedAt(cash.id, '2032-06-14T22:59:00Z', 250);
    await refundedAt(cash.id, '2032-06-15T12:00:00Z', 125, 'failed');
    const days = byDate((await takings('from=14/06/2032&to=16/06/2032')).json() as TakingsResponse);
    expect(days.get('14/06/2032')).toMatchObject({
      refunds_count: 1,
      refunded: '2.50',
      by_method: { cash: { paid: '0.00', refunded: '2.50' } },
    });
    expect(days.get('15/06/2032')).toMatchObject({
      refunds_count: 2,
      refunded: '15.00',
      net: '-15.00',
      by_method: { card: { paid: '0.00', refunded: '15.00' }, cash: { paid: '0.00', refunded: '0.00' } },
    });
    expect(days.get('16/06/2032')).toMatchObject({ refunds_count: 0, refunded: '0.00' });
  });

  it('sums to the cent what was recorded, and agrees with the dashboard’s month', async () => {
    let paid = 0;
    let refunded = 0;
    for (let index = 0; index < 40; index += 1) {
      const cents = 1 + ((index * 7919) % 99_999);
      const day = String(1 + (index % 28)).padStart(2, '0');
      const payment = await takenAt(`2033-02-${day}T12:00:00Z`, cents, index % 3 === 0 ? 'cash' : 'card');
      paid += cents;
      if (index % 4 === 0) {
        const back = Math.max(1, Math.floor(cents / 3));
        await refundedAt(payment.id, `2033-02-${day}T13:00:00Z`, back);
        refunded += back;
      }
    }
    const body = (await takings('from=01/02/2033&to=28/02/2033')).json() as TakingsResponse;
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(body.totals).toMatchObject({ payments_count: 40, refunds_count: 10 });
    expect(cents(body.totals.paid)).toBe(paid);
    expect(cents(body.totals.refunded)).toBe(refunded);
    expect(cents(body.totals.net)).toBe(paid - refunded);
    expect(body.days.reduce((sum, day) => sum + cents(day.paid), 0)).toBe(paid);
    expect(body.days.reduce((sum, day) => sum + cents(day.net), 0)).toBe(paid - refunded);
    expect(await takingsCents(db(), [clinicMonthRange('2033-02-15')])).toEqual([paid - refunded]);
  });

  it('counts what the API records: a card payment, a partial refund and money taken at the desk, today', async () => {
    const today = clinicWallClock(new Date()).data;
    const before = (await takings(`from=${today}&to=${today}`)).json() as TakingsResponse;
    const paid = await paidBooking(t.app, db());
    expect((await refundAppointment(t.app, t.auth, paid.appointmentId, { amount: '12.34' })).statusCode).toBe(
      200,
    );
    const staff = await staffBooking(t.app, db(), t.auth);
    expect(
      (await recordDeskPayment(t.app, t.auth, staff.id, { amount: 85, method: 'cash' })).statusCode,
    ).toBe(201);
    const after = (await takings(`from=${today}&to=${today}`)).json() as TakingsResponse;
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(after.totals.paid) - cents(before.totals.paid)).toBe(18_000 + 8500);
    expect(cents(after.totals.refunded) - cents(before.totals.refunded)).toBe(1234);
    expect(cents(after.totals.by_method.cash.paid) - cents(before.totals.by_method.cash.paid)).toBe(8500);
    expect(after.totals.payments_count - before.totals.payments_count).toBe(2);
  });

  it('refuses a range reversed, too long, or not of dates, by field', async () => {
    const refusedOn = async (query: string, field: string, text?: string) => {
      const response = await takings(query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), query).toEqual([field]);
      if (text) expect(response.json().errors[field], query).toEqual([text]);
    };
    await refusedOn('from=02/10/2031&to=01/10/2031', 'to', takingsTexts.reversed);
    await refusedOn('from=01/01/2031&to=02/01/2032', 'to', takingsTexts.tooLong);
    await refusedOn('from=2031-10-01&to=02/10/2031', 'from', takingsTexts.fromInvalid);
    await refusedOn('from=01/10/2031&to=31/02/2032', 'to', takingsTexts.toInvalid);
    await refusedOn('from=1/10/2031&to=02/10/2031', 'from', takingsTexts.fromInvalid);
    await refusedOn('from=01/10/1999&to=02/10/2000', 'from');
    await refusedOn('from=yesterday&to=02/10/2031', 'from');
    await refusedOn('to=02/10/2031', 'from');
    await refusedOn('from=01/10/2031', 'to');
    const unknown = await takings('from=01/10/2031&to=02/10/2031&method=cash');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('unknown_field');
    // A year and a leap day is the longest range; one day is the shortest.
    const longest = await takings('from=01/03/2031&to=29/02/2032');
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().days).toHaveLength(MAX_TAKINGS_DAYS);
    expect((await takings('from=01/03/2031&to=01/03/2031')).json().days).toHaveLength(1);
    expect((await exported('from=02/10/2031&to=01/10/2031')).statusCode).toBe(422);
  });
});

describe('GET /api/admin/export_takings', () => {
  it('lists each payment and refund in order with what a bookkeeper matches, cells made inert, and audits it', async () => {
    const card = await takenAt('2034-05-03T09:15:00Z', 18_000, 'card', {
      firstName: 'Aoife',
      lastName: 'Byrne',
    });
    const cash = await takenAt('2034-05-03T11:00:00Z', 8550, 'cash', {
      firstName: '=HYPERLINK("x")',
      lastName: 'Kelly',
    });
    await refundedAt(card.id, '2034-05-04T10:30:00Z', 2025);
    await refundedAt(cash.id, null, 100, 'requested');
    const response = await exported('from=03/05/2034&to=04/05/2034');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Takings 2034-05-03 to 2034-05-04.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual([
      takingsCsvColumns.join(','),
      `03/05/2034,10:15,payment,card,180.00,Aoife Byrne,${card.appointmentId},${card.providerPaymentId},`,
      `03/05/2034,12:00,payment,cash,85.50,"'=HYPERLINK(""x"") Kelly",${cash.appointmentId},,`,
      `04/05/2034,11:30,refund,card,20.25,Aoife Byrne,${card.appointmentId},re_takings_${card.id}_2025,Goodwill`,
    ]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'takings')));
    expect(audit?.details).toEqual({ format: 'csv', rows: 3, from: '2034-05-03', to: '2034-05-04' });
  });
});
