import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SLOTS_PER_SAVE, slotTexts } from '../../../shared/slots';
import { auditLog, patients, slots } from '../../db/schema';
import { createAdminBookingTestApp, holdSlot, paidBooking } from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant } from '../../test/slot-fixtures';
import { postStaffBooking, staffForm } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const listDay = (day: string, headers: Record<string, string> = t.auth) =>
  t.app.inject({ url: `/api/admin/sessions?date=${day}&is_adult=true&is_video_call=false`, headers });

const slotOn = (day: string, from: string, to: string) => ({
  start_date: clinicInstant(day, from),
  end_date: clinicInstant(day, to),
  is_adult: true,
  is_video_call: false,
  price: 180,
  location: 'adult_1',
});

/** YYYY-MM-DD of an instant in clinic time. */
const clinicDayOf = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date(instant));

const save = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/sessions', headers: t.auth, payload: body });

async function slotsOfDay(day: string) {
  const response = await listDay(day);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions as Record<string, unknown>[];
}

describe('GET /api/admin/sessions: who holds or booked each time', () => {
  it('names the patient and the appointment of a booked time, and who holds a pending one; audits the names read', async () => {
    const paid = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Aoife', last_name: 'Byrne' },
    });
    const clinicDay = clinicDayOf(paid.slot.startsAt);
    // Three more times that day: a visitor's hold, a staff hold, one free.
    const created = await save({
      sessions_create: [
        slotOn(clinicDay, '11:00', '11:30'),
        slotOn(clinicDay, '12:00', '12:30'),
        slotOn(clinicDay, '13:00', '13:30'),
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const ids = (created.json().sessions as { id: number; start_time: string }[])
      .filter((s) => s.start_time !== '10:00')
      .map((s) => s.id);
    const [visitorHeld = 0, staffHeld = 0, free = 0] = ids;
    await holdSlot(t.app, visitorHeld);
    const staffHold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${staffHeld}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(staffHold.statusCode).toBe(200);

    const before = await t.database.db.$count(auditLog, eq(auditLog.action, 'read'));
    const day1 = await slotsOfDay(clinicDay);
    expect(day1.map((s) => [s.start_time, s.status, s.held_by, s.patient_name, s.appointment_id])).toEqual([
      ['10:00', 'booked', null, 'Aoife Byrne', paid.appointmentId],
      ['11:00', 'pending', 'visitor', null, null],
      ['12:00', 'pending', 'staff', null, null],
      ['13:00', 'available', null, null, null],
    ]);
    expect(day1[3]?.id).toBe(free);
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), eq(auditLog.entity, 'patient')));
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)?.details).toEqual({ via: 'slots_day', patient_ids: [paid.patientId] });
    // The audit entry names the patient by id only.
    expect(JSON.stringify(reads.at(-1))).not.toContain('Byrne');
  });

  it('names the patient of a time staff booked, and writes no audit entry for a day without names', async () => {
    const day = clinicDayFromToday(40);
    const created = await save({ sessions_create: [slotOn(day, '09:00', '09:30')] });
    const [stored] = created.json().sessions as { id: number }[];
    const booked = await postStaffBooking(
      t.app,
      t.auth,
      staffForm(stored?.id ?? 0, { first_name: 'Cian', last_name: 'Murphy' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await slotsOfDay(day);
    expect(row).toMatchObject({
      status: 'booked',
      patient_name: 'Cian Murphy',
      appointment_id: booked.json().transaction.id,
      held_by: null,
    });

    const emptyDay = clinicDayFromToday(41);
    await save({ sessions_create: [slotOn(emptyDay, '09:00', '09:30')] });
    const before = await t.database.db.$count(auditLog, eq(auditLog.action, 'read'));
    await slotsOfDay(emptyDay);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'read'))).toBe(before);
  });

  it('keeps the appointment of a booked time whose patient was erased, without a name', async () => {
    const paid = await paidBooking(t.app, t.database.db, {
      form: { first_name: 'Erased', last_name: 'Person' },
    });
    await t.database.db.delete(patients).where(eq(patients.id, paid.patientId));
    const clinicDay = clinicDayOf(paid.slot.startsAt);
    const [row] = await slotsOfDay(clinicDay);
    expect(row).toMatchObject({ status: 'booked', patient_name: null, appointment_id: paid.appointmentId });
  });

  it('answers 401 without a token, and 4xx to a bad day', async () => {
    const day = clinicDayFromToday(5);
    const response = await t.app.inject({
      url: `/api/admin/sessions?date=${day}&is_adult=true&is_video_call=false`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('patient_name');
    const bad = await listDay('2027-02-30');
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/admin/sessions: a day copied to other days (one save)', () => {
  it('refuses the whole copy when one day’s time overlaps a stored slot, naming that entry; nothing is saved', async () => {
    const [first, second, third] = [50, 57, 64].map(clinicDayFromToday) as [string, string, string];
    await save({ sessions_create: [slotOn(second, '09:10', '09:25')] });
    const before = await t.database.db.$count(slots);
    const copy = [first, second, third].flatMap((day) => [
      slotOn(day, '09:00', '09:30'),
      slotOn(day, '09:40', '10:10'),
    ]);
    const response = await save({ sessions_create: copy });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: slotTexts.occupied,
      errors: { 'sessions_create.2': [slotTexts.occupied] },
    });
    expect(await t.database.db.$count(slots)).toBe(before);
  });

  it('names every entry of a save that overlaps stored slots', async () => {
    const day = clinicDayFromToday(70);
    await save({ sessions_create: [slotOn(day, '09:00', '12:00')] });
    const response = await save({
      sessions_create: [
        slotOn(day, '08:00', '08:30'),
        slotOn(day, '09:30', '10:00'),
        slotOn(day, '11:30', '12:30'),
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['sessions_create.1', 'sessions_create.2']);
  });

  it('refuses a copy to a past day, and more than MAX_SLOTS_PER_SAVE slots, with 4xx and nothing saved', async () => {
    const before = await t.database.db.$count(slots);
    const past = await save({ sessions_create: [slotOn(clinicDayFromToday(-7), '09:00', '09:30')] });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ 'sessions_create.0': [slotTexts.startsInPast] });

    const day = clinicDayFromToday(80);
    const many = Array.from({ length: MAX_SLOTS_PER_SAVE + 1 }, (_, index) => ({
      ...slotOn(day, '00:00', '00:05'),
      start_date: new Date(Date.parse(clinicInstant(day, '00:00')) + index * 600_000).toISOString(),
      end_date: new Date(Date.parse(clinicInstant(day, '00:05')) + index * 600_000).toISOString(),
    }));
    const tooMany = await save({ sessions_create: many });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
    expect(await t.database.db.$count(slots)).toBe(before);
  });
});
