import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingTexts } from '../../../shared/booking';
import { appointments, auditLog, emailOutbox, patients, payments, slots } from '../../db/schema';
import {
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  futureSlot,
  nextAddress,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';

let t: BookingTestApp;
beforeAll(async () => {
  t = await createBookingTestApp();
});
afterAll(() => t.close());

const slotStatus = async (id: number) =>
  (await t.database.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;
const paymentsOf = (patientId: number) => paymentsOfPatient(t.database.db, patientId);
const mailTo = (address: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('GET /api/payments/config', () => {
  it('says test mode without STRIPE_SECRET_KEY', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.json()).toEqual({ mode: 'test' });
  });
});

describe('POST /api/payments in test mode', () => {
  it("charges the slot's price from the database, books the slot and records the payment, whatever price says", async () => {
    const booking = await createBooking(t.app, t.database.db, { form: { email: 'paid1@example.ie' } });
    const response = await pay(t.app, booking, { price: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment_intent_client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(response.json().requires_action).toBeUndefined();
    const [payment] = await paymentsOf(booking.patientId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      amountCents: 18_000,
      provider: 'test',
      currency: 'eur',
    });
    expect(payment?.providerPaymentId).toMatch(/^pi_test_/);
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect(await slotStatus(booking.slot.id)).toBe('booked');
    const read = await t.app.inject({
      url: `/api/patients/${booking.patientId}`,
      headers: { 'x-booking-token': booking.token },
    });
    expect(read.json().patient.payment_status).toBe('succeeded');
    expect(read.json().patient.session.status).toBe('booked');
    // Paid: the reference of the patient's booking page, and the e-mailed invite's event for the confirmation page.
    const [row] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.patientId, booking.patientId));
    expect(read.json().patient.reference).toBe(row?.reference);
    expect(read.json().patient.reference).toMatch(/^[0-9A-Z]{6,16}$/);
    expect(read.json().patient.calendar).toEqual({
      uid: `appointment-${row?.id}@dublinallergyclinic.ie`,
      sequence: 0,
    });
  });

  it('queues the confirmation with the .ics invite and the PDF receipt, and the clinic notice', async () => {
    const booking = await createBooking(t.app, t.database.db, { form: { email: 'ics@example.ie' } });
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const [mail] = await mailTo('ics@example.ie');
    expect(mail?.subject).toMatch(/is booked/);
    expect(mail?.textBody).toContain('Stop taking antihistamine tablets or syrups 5 days before the test.');
    expect(mail?.textBody).toContain('Stop nasal antihistamine sprays 3 days before the test.');
    expect(mail?.textBody).toContain('Arrive 15 minutes early');
    expect(mail?.textBody).toContain('48 hours');
    expect(mail?.textBody).toContain('Sandyford Park Private Hospital');
    expect(mail?.htmlBody).toContain('<li>');
    const names = mail?.attachments.map((file) => file.filename) ?? [];
    expect(names[0]).toBe('appointment.ics');
    expect(names[1]).toMatch(/^receipt-\d{4}-\d{6}\.pdf$/);
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    const start = new Date(booking.slot.startsAt);
    const utc = start
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain('Carmanhall Road');
    expect(ics.replace(/\r\n /g, '')).toContain('D18 K7W2');
    const pdf = Buffer.from(mail!.attachments[1]!.content, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const desk = await mailTo('desk@clinic.test');
    const notice = desk.find((message) =>
      message.textBody.includes(`http://clinic.test/admin/patients/${booking.patientId}`),
    );
    expect(notice?.subject).toMatch(/^New paid booking/);
  });

  it('escapes what the patient typed in the HTML e-mails', async () => {
    const booking = await createBooking(t.app, t.database.db, {
      form: { email: 'xss@example.ie', first_name: '<b>Sean</b>' },
    });
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const [mail] = await mailTo('xss@example.ie');
    expect(mail?.htmlBody).toContain('&lt;b&gt;Sean&lt;/b&gt;');
    expect(mail?.htmlBody).not.toContain('<b>Sean');
  });

  it('sends the video note instead of an address for a video consultation', async () => {
    const booking = await createBooking(t.app, t.database.db, {
      slot: { isVideoCall: true },
      form: {
        email: 'video@example.ie',
        is_video_call: true,
        antihistamine: false,
        agreement: false,
        consultant_name: '',
      },
    });
    expect(booking.price).toBe(85);
    expect((await pay(t.app, booking, { price: 8500 })).statusCode).toBe(200);
    const [mail] = await mailTo('video@example.ie');
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('LOCATION:Video consultation');
    expect(mail?.textBody).toContain('Video consultation:');
    const [payment] = await paymentsOf(booking.patientId);
    expect(payment?.amountCents).toBe(8500);
  });

  it("refuses a second payment for a paid booking, and the provider isn't asked again", async () => {
    const booking = await createBooking(t.app, t.database.db);
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    const again = await pay(t.app, booking);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'already_paid',
      error_messages: 'This booking has already been paid.',
    });
    expect(await paymentsOf(booking.patientId)).toHaveLength(1);
  });

  it('lets only one of two concurrent payments for a booking through', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const answers = await Promise.all([pay(t.app, booking), pay(t.app, booking)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await paymentsOf(booking.patientId);
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(1);
  });

  it("refuses a payment for another booking's patient (403) and one without a booking token (404)", async () => {
    const mine = await createBooking(t.app, t.database.db);
    const theirs = await createBooking(t.app, t.database.db);
    const response = await pay(t.app, { patientId: theirs.patientId, token: mine.token });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_messages).toBe('This booking token does not belong to that patient.');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: { patient_id: theirs.patientId, token: 'pm_card_visa' },
      remoteAddress: nextAddress(),
    });
    expect(none.statusCode).toBe(404);
    expect(await paymentsOf(theirs.patientId)).toEqual([]);
    expect(await slotStatus(theirs.slot.id)).toBe('pending');
  });

  it("answers 402 with the provider's text for a declined card, and the booking may try another card", async () => {
    const booking = await createBooking(t.app, t.database.db);
    const declined = await pay(t.app, booking, { token: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'card_declined', error_messages: 'Your card was declined.' });
    expect(await slotStatus(booking.slot.id)).toBe('pending');
    const [failed] = await paymentsOf(booking.patientId);
    expect(failed?.status).toBe('failed');
    expect((await pay(t.app, booking)).statusCode).toBe(200);
    expect(await slotStatus(booking.slot.id)).toBe('booked');
  });

  it('answers 422 for any other payment method, and for one that is not a payment method id', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const other = await pay(t.app, booking, { token: 'pm_card_mastercard' });
    expect(other.statusCode).toBe(422);
    const junk = await pay(t.app, booking, { token: 'tok_<script>' });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors.token).toBeDefined();
  });

  it('refuses to pay when the hold was lost and the time taken by someone else (409, nothing charged)', async () => {
    const booking = await createBooking(t.app, t.database.db);
    await t.database.db
      .update(slots)
      .set({ holdTokenHash: 'someone-else', holdExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(slots.id, booking.slot.id));
    const response = await pay(t.app, booking);
    expect(response.statusCode).toBe(409);
    expect(await paymentsOf(booking.patientId)).toEqual([]);
  });

  it('refuses to pay once the hold has lapsed, even with the time still free: the visitor chooses again', async () => {
    const booking = await createBooking(t.app, t.database.db);
    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(slots.id, booking.slot.id));
    const response = await pay(t.app, booking);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'hold_missing', error_messages: bookingTexts.holdMissing });
    expect(await paymentsOf(booking.patientId)).toEqual([]);
  });

  it('never charges for a slot staff changed after its hold was released (price, kind)', async () => {
    const booking = await createBooking(t.app, t.database.db);
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${booking.slot.id}/hold`,
      headers: { 'x-hold-token': booking.holdToken },
    });
    expect(released.statusCode).toBe(204);
    await t.database.db
      .update(slots)
      .set({ priceCents: 99_900, isAdult: false })
      .where(eq(slots.id, booking.slot.id));
    expect((await pay(t.app, booking)).statusCode).toBe(409);
    expect(await paymentsOf(booking.patientId)).toEqual([]);
    expect(await slotStatus(booking.slot.id)).toBe('available');
  });

  it('lets a patient pay from an address that holds other times (a shared mobile address)', async () => {
    const booking = await createBooking(t.app, t.database.db);
    for (let other = 0; other < 3; other += 1) {
      const slot = await futureSlot(t.database.db);
      const held = await t.app.inject({
        method: 'PUT',
        url: `/api/patient_sessions/${slot.id}`,
        remoteAddress: '10.9.9.9',
      });
      expect(held.statusCode).toBe(200);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      remoteAddress: '10.9.9.9',
      headers: { 'x-booking-token': booking.token },
      payload: { patient_id: booking.patientId, token: 'pm_card_visa', price: 180 },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('GET /api/patients/:id', () => {
  it('reads the booking without writing anything or asking the payment provider', async () => {
    const booking = await createBooking(t.app, t.database.db);
    expect((await pay(t.app, booking, { token: 'pm_card_chargeDeclined' })).statusCode).toBe(402);
    const provider = t.app.appointments.provider;
    const calls = (['create', 'confirm', 'retrieve', 'cancel', 'refund'] as const).map((method) =>
      vi.spyOn(provider, method),
    );
    const snapshot = async () =>
      Promise.all(
        [appointments, patients, payments, slots, auditLog, emailOutbox].map((table) =>
          t.database.db.select().from(table),
        ),
      );
    try {
      const before = await snapshot();
      for (let read = 0; read < 3; read += 1) {
        const response = await t.app.inject({
          url: `/api/patients/${booking.patientId}`,
          headers: { 'x-booking-token': booking.token },
        });
        expect(response.json().patient.payment_status).toBe('failed');
      }
      expect(await snapshot()).toEqual(before);
      for (const call of calls) expect(call).not.toHaveBeenCalled();
    } finally {
      for (const call of calls) call.mockRestore();
    }
  });
});
