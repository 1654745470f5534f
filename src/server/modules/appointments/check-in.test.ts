import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTexts } from '../../../shared/appointments';
import { payments } from '../../db/schema';
import { appointmentRow, auditOf, storedAppointment } from '../../test/staff-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { clinicMidnight, clinicWallClock } from '../slots/clinic-time';

// The server's clock stands at noon of today's clinic day, and the appointments checked in start that morning,
// half an hour apart: the same clinic day whenever the tests run (midnight included).
const NOON = new Date(clinicMidnight(clinicWallClock(new Date()).isoDay).getTime() + 12 * 3_600_000);
let booked = 0;
const today = () => {
  booked += 1;
  return { slot: { startsAt: new Date(NOON.getTime() - booked * 31 * 60_000).toISOString() } };
};

let t: AdminTestApp;
let db: AdminTestApp['database']['db'];
beforeAll(async () => {
  t = await createAdminTestApp({ clock: () => NOON });
  db = t.database.db;
});
afterAll(() => t.close());

const attendance = (id: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/transactions/${id}/attendance`,
    headers: t.auth,
    payload: payload as Record<string, unknown>,
  });

describe('checking a patient in (PUT /api/admin/transactions/:id/attendance, arrived)', () => {
  it('checks a patient in on the day, before or after the start, and undoes it back to booked or paid', async () => {
    const booked = await storedAppointment(db, { status: 'booked', ...today() });
    const arrived = await attendance(booked.appointment.id, { status: 'arrived' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toMatchObject({
      message: appointmentTexts.markedArrived,
      transaction: { appointment_status: 'arrived', arrived_at: expect.any(String) },
    });
    const arrivedAt = Date.parse(arrived.json().transaction.arrived_at);
    // Stamped by the database when it was marked.
    expect(Math.abs(arrivedAt - Date.now())).toBeLessThan(60_000);
    // The same again changes nothing, the time included.
    const again = await attendance(booked.appointment.id, { status: 'arrived' });
    expect(again.json().transaction.arrived_at).toBe(arrived.json().transaction.arrived_at);
    const undone = await attendance(booked.appointment.id, { status: 'not_arrived' });
    expect(undone.json()).toMatchObject({
      message: appointmentTexts.markedNotArrived,
      transaction: { appointment_status: 'booked', arrived_at: null },
    });

    // A card payment that stands brings an undone arrival back to paid; then attended keeps the arrival's time.
    const paid = await storedAppointment(db, { status: 'paid', bookedByAdmin: false, ...today() });
    await db.insert(payments).values({
      appointmentId: paid.appointment.id,
      provider: 'test',
      idempotencyKey: `pay_arrival_${paid.appointment.id}`,
      amountCents: 180_00,
      status: 'succeeded',
    });
    expect((await attendance(paid.appointment.id, { status: 'arrived' })).statusCode).toBe(200);
    expect(
      (await attendance(paid.appointment.id, { status: 'not_arrived' })).json().transaction,
    ).toMatchObject({
      appointment_status: 'paid',
    });
    await attendance(paid.appointment.id, { status: 'arrived' });
    const attended = await attendance(paid.appointment.id, { status: 'attended' });
    expect(attended.json().transaction).toMatchObject({
      appointment_status: 'attended',
      arrived_at: expect.any(String),
    });
    // Once attended, "not arrived" changes nothing.
    await attendance(paid.appointment.id, { status: 'not_arrived' });
    expect((await appointmentRow(db, paid.appointment.id))?.status).toBe('attended');
    expect((await auditOf(db, 'appointment', paid.appointment.id)).map((audit) => audit.details)).toEqual([
      { status: { from: 'paid', to: 'arrived' } },
      { status: { from: 'arrived', to: 'paid' } },
      { status: { from: 'paid', to: 'arrived' } },
      { status: { from: 'arrived', to: 'attended' } },
    ]);
  });

  it('undoes the arrival of a booking staff made back to booked, whatever was paid at the desk', async () => {
    const booked = await storedAppointment(db, { status: 'booked', ...today() });
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${booked.appointment.id}/desk_payments`,
      headers: t.auth,
      payload: { amount: '180', method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    await attendance(booked.appointment.id, { status: 'arrived' });
    const undone = await attendance(booked.appointment.id, { status: 'not_arrived' });
    expect(undone.json().transaction).toMatchObject({ appointment_status: 'booked', arrived_at: null });
    // Undone already: nothing more to undo.
    expect((await attendance(booked.appointment.id, { status: 'not_arrived' })).statusCode).toBe(200);
    expect((await appointmentRow(db, booked.appointment.id))?.status).toBe('booked');
  });

  it('keeps the arrival of an online booking whose payment was given back in full after it (paid no longer true)', async () => {
    const paid = await storedAppointment(db, { status: 'paid', bookedByAdmin: false, ...today() });
    await db.insert(payments).values({
      appointmentId: paid.appointment.id,
      provider: 'test',
      idempotencyKey: `pay_refunded_${paid.appointment.id}`,
      amountCents: 180_00,
      status: 'succeeded',
    });
    expect((await attendance(paid.appointment.id, { status: 'arrived' })).statusCode).toBe(200);
    // Given back in full (a refund of an appointment that is under way keeps it as it is).
    await db
      .update(payments)
      .set({ status: 'refunded' })
      .where(eq(payments.appointmentId, paid.appointment.id));
    const undo = await attendance(paid.appointment.id, { status: 'not_arrived' });
    expect(undo.statusCode).toBe(422);
    expect(undo.json()).toMatchObject({
      code: 'arrival_undo_refunded',
      error_messages: appointmentTexts.arrivalUndoRefunded,
    });
    expect((await appointmentRow(db, paid.appointment.id))?.status).toBe('arrived');
    // What became of the patient can still be said.
    expect((await attendance(paid.appointment.id, { status: 'no_show' })).statusCode).toBe(200);
  });

  it('refuses to undo an arrival that is not one: attended, cancelled, or on another day', async () => {
    for (const [status, code] of [
      ['attended', 'attendance_not_allowed'],
      ['cancelled', 'attendance_not_allowed'],
    ] as const) {
      const stored = await storedAppointment(db, { status, ...today() });
      const response = await attendance(stored.appointment.id, { status: 'not_arrived' });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe(code);
      expect((await appointmentRow(db, stored.appointment.id))?.status).toBe(status);
    }
    const yesterday = await storedAppointment(db, { status: 'booked', started: true });
    const response = await attendance(yesterday.appointment.id, { status: 'not_arrived' });
    expect(response.json().code).toBe('arrival_not_today');
  });

  it('refuses an arrival on another day than the appointment, and from a state that cannot arrive', async () => {
    for (const options of [{ started: false }, { started: true }]) {
      const stored = await storedAppointment(db, { status: 'booked', ...options });
      const response = await attendance(stored.appointment.id, { status: 'arrived' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'arrival_not_today',
        error_messages: appointmentTexts.arrivalNotToday,
      });
      expect((await appointmentRow(db, stored.appointment.id))?.status).toBe('booked');
    }
    for (const status of ['cancelled', 'held', 'no_show'] as const) {
      const stored = await storedAppointment(db, { status, ...today() });
      const response = await attendance(stored.appointment.id, { status: 'arrived' });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('attendance_not_allowed');
    }
  });
});
