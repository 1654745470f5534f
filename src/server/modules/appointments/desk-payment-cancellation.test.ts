import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageBookingTexts } from '../../../shared/manage-booking';
import { paymentTexts } from '../../../shared/payments';
import { createAdminBookingTestApp, nextAddress } from '../../test/booking-fixtures';
import {
  appointmentRow,
  auditOf,
  deleteAppointment,
  emailsAbout,
  recordDeskPayment,
  refundAppointment,
  staffBooking,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

/*
 * A booking staff made and money taken for it at the desk (cash, the card terminal), then cancelled: by the patient
 * from their booking link, in time, or by staff. No card can be refunded online for it, so the patient is told in
 * plain words what becomes of the money, the clinic what to give back, and staff give it back from the cancelled
 * appointment (decision 0023).
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

interface Link {
  reference: string;
  token: string;
}

/** The booking link the staff booking's confirmation e-mail carries. */
async function linkOf(appointmentId: number): Promise<Link> {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

const read = (link: Link) =>
  t.app.inject({
    url: `/api/bookings/${link.reference}`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

const cancel = (link: Link) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/cancel`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

/** A booking staff made for a patient with an e-mail, with `paid` taken at the desk (each part a payment). */
async function paidAtDesk(email: string, paid: { amount: number; method: 'cash' | 'card_terminal' }[]) {
  const booking = await staffBooking(t.app, db(), t.auth, { form: { email, payment_type: 'Cash' } });
  for (const part of paid) {
    const response = await recordDeskPayment(t.app, t.auth, booking.id, part);
    expect(response.statusCode, response.body).toBe(201);
  }
  return { ...booking, link: await linkOf(booking.id) };
}

describe('a booking paid at the desk, cancelled by its patient online', () => {
  it('shows the patient what they paid at the clinic and what is left to pay there', async () => {
    const booking = await paidAtDesk('deskread@example.ie', [{ amount: 100, method: 'cash' }]);
    const response = await read(booking.link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking).toMatchObject({
      status: 'upcoming',
      payment_status: 'paid_at_clinic',
      paid_at_clinic: 100,
      price: 180,
      actions: ['cancel', 'move'],
    });
  });

  it('tells the patient the clinic will give it back, tells the clinic what to give back, and keeps the money for staff to refund', async () => {
    const booking = await paidAtDesk('deskcancel@example.ie', [
      { amount: 100, method: 'cash' },
      { amount: 30, method: 'card_terminal' },
    ]);
    const before = (await emailsAbout(db(), booking.id)).length;
    const response = await cancel(booking.link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: manageBookingTexts.cancelledPaidAtClinic('€130'),
      booking: { status: 'cancelled', payment_status: 'paid_at_clinic', paid_at_clinic: 130, actions: [] },
    });
    expect(response.json().message).toBe(
      'Your appointment is cancelled. We have e-mailed you a confirmation. You paid €130 at the clinic: the clinic will contact you to give it back to you.',
    );
    expect((await appointmentRow(db(), booking.id))?.status).toBe('cancelled');

    const [toPatient, toClinic, ...others] = (await emailsAbout(db(), booking.id)).slice(before);
    expect(others).toEqual([]);
    expect(toPatient?.toAddress).toBe('deskcancel@example.ie');
    expect(toPatient?.textBody).toContain('As you asked, your appointment');
    expect(toPatient?.textBody).toContain(
      'You paid €130 at the clinic in cash and by card. We cannot refund that online, so the clinic will contact you to give it back to you.',
    );
    // No card payment, so no reference to print (it used to print an empty one).
    expect(toPatient?.textBody).not.toContain('reference');
    expect(toPatient?.textBody).not.toContain('has not been refunded');

    expect(toClinic?.toAddress).toBe('desk@clinic.test');
    expect(toClinic?.subject).toMatch(/^Cancelled online by the patient, €130 to give back: /);
    expect(toClinic?.textBody).toContain(
      'They paid €130 at the clinic (cash and card terminal), which cannot be refunded online.',
    );
    expect(toClinic?.textBody).toContain('To give back: €130 (cash and card terminal)');
    expect(toClinic?.textBody).toContain(`/admin/appointment/edit?id=${booking.id}`);
    const [cancelled] = (await auditOf(db(), 'appointment', booking.id)).filter(
      (entry) => entry.details?.by === 'patient',
    );
    expect(cancelled?.details).toMatchObject({
      held_at_clinic_cents: 13_000,
      payments_kept: expect.any(Array),
    });

    // Staff see it held on the cancelled appointment, and give it back from it, in parts: it stays cancelled.
    const detail = await t.app.inject({ url: `/api/admin/transactions/${booking.id}`, headers: t.auth });
    expect(detail.json().transaction).toMatchObject({
      appointment_status: 'cancelled',
      status: 'succeeded',
      amount: 130,
      refunded_amount: 0,
      balance_due: 0,
      left_to_pay: 50,
    });
    const [cash, terminal] = detail.json().transaction.payments as { id: number }[];
    const part = await refundAppointment(t.app, t.auth, booking.id, {
      payment_id: cash!.id,
      amount: 40,
      reason: 'Cancelled online in time',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      message: paymentTexts.refunded,
      transaction: { appointment_status: 'cancelled', status_label: 'Partly refunded', refunded_amount: 40 },
      refund: { payment_id: cash!.id, method: 'cash', amount: 40, status: 'succeeded' },
    });
    const rest = await refundAppointment(t.app, t.auth, booking.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refunds.map((row: Record<string, unknown>) => [row.payment_id, row.amount])).toEqual([
      [terminal!.id, 30],
      [cash!.id, 60],
    ]);
    expect(rest.json().transaction).toMatchObject({
      appointment_status: 'cancelled',
      status: 'refunded',
      refunded_amount: 130,
    });
    expect((await appointmentRow(db(), booking.id))?.status).toBe('cancelled');
    // Handed back at the desk: no e-mail of its own; the patient's page says it went back.
    expect((await emailsAbout(db(), booking.id)).length).toBe(before + 2);
    expect((await read(booking.link)).json().booking).toMatchObject({
      payment_status: 'refunded',
      paid_at_clinic: 0,
    });
  });

  it('says nothing of money when nothing was paid', async () => {
    const booking = await paidAtDesk('desknothing@example.ie', []);
    const before = (await emailsAbout(db(), booking.id)).length;
    const response = await cancel(booking.link);
    expect(response.json()).toMatchObject({
      message: manageBookingTexts.cancelled,
      booking: { payment_status: 'unpaid', paid_at_clinic: 0 },
    });
    const [toPatient, toClinic] = (await emailsAbout(db(), booking.id)).slice(before);
    expect(toPatient?.textBody).toContain('If you would like a new appointment');
    expect(toPatient?.textBody).not.toContain('paid');
    expect(toClinic?.subject).toMatch(/^Cancelled online by the patient: /);
    expect(toClinic?.textBody).not.toContain('give back');
  });
});

describe('a booking paid at the desk, cancelled by staff', () => {
  it('tells the patient the money was not given back with the cancellation, with no empty reference', async () => {
    const booking = await paidAtDesk('deskstaff@example.ie', [{ amount: 180, method: 'card_terminal' }]);
    const before = (await emailsAbout(db(), booking.id)).length;
    const deleted = await deleteAppointment(t.app, t.auth, booking.id);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const mails = (await emailsAbout(db(), booking.id)).slice(before);
    expect(mails.map((mail) => mail.toAddress)).toEqual(['deskstaff@example.ie']);
    expect(mails[0]?.textBody).toContain(
      'The €180 you paid at the clinic by card has not been given back with this cancellation.',
    );
    expect(mails[0]?.textBody).not.toContain('As you asked');
    expect(mails[0]?.textBody).not.toContain('reference');
  });
});
