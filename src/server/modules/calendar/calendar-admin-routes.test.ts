import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import type { CalendarResponse } from '../../../shared/calendar';
import type { LocationKey } from '../../../shared/clinic';
import type { PaymentStatus } from '../../../shared/payment-states';
import { type StaffRole, staffRoles } from '../../../shared/staff-roles';
import {
  adminUsers,
  appointmentReminders,
  appointments,
  auditLog,
  DESK_PROVIDER,
  payments,
  slots,
} from '../../db/schema';
import { insertTestPatient } from '../../test/patient-fixtures';
import { clinicInstant, insertSlot } from '../../test/slot-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { insertAdmin } from '../auth/admin-repository';
import { hashPassword } from '../auth/password-hashing';
import { insertClosure, markClosureDeleted } from '../slots/closure-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const calendar = (query: string, headers = t.auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/calendar${query}`, headers });

const kinds = {
  adultTest: { isVideoCall: false, isAdult: true },
  childTest: { isVideoCall: false, isAdult: false },
  adultVideo: { isVideoCall: true, isAdult: true },
} as const;

/** A slot stored directly at `time` on `day` (clinic time), of a kind and place. */
async function slotAt(
  day: string,
  time: string,
  options: {
    kind?: keyof typeof kinds;
    status?: 'available' | 'pending' | 'booked';
    location?: LocationKey;
    holdExpiresAt?: Date;
    holdTokenHash?: string;
  } = {},
): Promise<number> {
  const id = await insertSlot(db(), {
    startsAt: clinicInstant(day, time),
    status: options.status ?? 'available',
    holdExpiresAt: options.holdExpiresAt ?? null,
    ...kinds[options.kind ?? 'adultTest'],
  });
  if (options.location || options.holdTokenHash) {
    await db()
      .update(slots)
      .set({
        ...(options.location ? { location: options.location } : {}),
        ...(options.holdTokenHash ? { holdTokenHash: options.holdTokenHash } : {}),
      })
      .where(eq(slots.id, id));
  }
  return id;
}

let named = 0;
/** An appointment stored directly in `status` on a slot of its own, for a patient with health details on record. */
async function appointmentAt(
  day: string,
  time: string,
  options: {
    status: AppointmentStatus;
    kind?: keyof typeof kinds;
    location?: LocationKey;
    bookedByAdmin?: boolean;
    payment?: PaymentStatus;
    arrivedAt?: Date;
    slotStatus?: 'available' | 'pending' | 'booked';
    hold?: { tokenHash: string; expiresAt: Date };
  },
): Promise<{ id: number; patientId: number; slotId: number; name: string }> {
  named += 1;
  const kind = options.kind ?? 'adultTest';
  const slotId = await slotAt(day, time, {
    kind,
    status: options.slotStatus ?? (options.hold ? 'pending' : 'booked'),
    ...(options.location ? { location: options.location } : {}),
    ...(options.hold ? { holdTokenHash: options.hold.tokenHash, holdExpiresAt: options.hold.expiresAt } : {}),
  });
  const patient = await insertTestPatient(db(), {
    firstName: 'Cal',
    lastName: `Patient${named}`,
    isAdult: kinds[kind].isAdult,
    allergens: 'Peanuts and tree nuts',
    consultantName: 'Dr Secret GP',
  });
  const [appointment] = await db()
    .insert(appointments)
    .values({
      patientId: patient.id,
      slotId,
      status: options.status,
      bookedByAdmin: options.bookedByAdmin ?? !options.payment,
      priceCents: 180_00,
      arrivedAt: options.arrivedAt ?? null,
      holdTokenHash: options.hold?.tokenHash ?? null,
    })
    .returning();
  if (options.payment) {
    await db()
      .insert(payments)
      .values({
        appointmentId: appointment!.id,
        provider: 'test',
        idempotencyKey: randomUUID(),
        amountCents: 180_00,
        status: options.payment,
        paidAt: options.payment === 'succeeded' ? new Date() : null,
      });
  }
  return { id: appointment!.id, patientId: patient.id, slotId, name: `Cal Patient${named}` };
}

const closedDay = (day: string) =>
  ({ firstDay: day, lastDay: day, fromMinute: null, toMinute: null, location: null }) as const;

/** The `authorization` header of a new staff member of `role`, signed in. */
async function signedInAs(role: StaffRole): Promise<{ authorization: string }> {
  const email = `calendar-${role}-${randomUUID()}@clinic.test`;
  const row = await insertAdmin(db(), { email, passwordHash: await hashPassword('Role-pw-123') });
  await db().update(adminUsers).set({ role }).where(eq(adminUsers.id, row.id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: { email, password: 'Role-pw-123' },
  });
  return { authorization: `Bearer ${login.json().data.token.auth_token as string}` };
}

async function calendarOf(from: string, to: string): Promise<CalendarResponse> {
  const response = await calendar(`?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the calendar API', () => {
  it('answers 401 without a valid token', async () => {
    const response = await calendar('?from=2031-03-10&to=2031-03-16', {
      authorization: 'Bearer not-a-real-token-at-all-000000',
    });
    expect(response.statusCode).toBe(401);
    const without = await t.app.inject({
      method: 'GET',
      url: '/api/admin/calendar?from=2031-03-10&to=2031-03-10',
    });
    expect(without.statusCode).toBe(401);
  });

  it.each([
    ['', ['from', 'to']],
    ['?from=2031-03-10', ['to']],
    ['?to=2031-03-10', ['from']],
    ['?from=10/03/2031&to=2031-03-12', ['from']],
    ['?from=2031-02-29&to=2031-03-12', ['from']],
    ['?from=2031-03-10&to=2031-3-12', ['to']],
    ['?from=1999-12-31&to=2000-01-01', ['from']],
    ['?from=2031-03-12&to=2031-03-10', ['to']],
    // 43 days, both included.
    ['?from=2031-03-01&to=2031-04-12', ['to']],
  ])('refuses %s with 422 naming its fields', async (query, fields) => {
    const response = await calendar(query);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe('invalid_input');
    expect(Object.keys(body.errors).sort()).toEqual(fields);
  });

  it('refuses an unknown parameter (422) and takes 42 days', async () => {
    const unknown = await calendar('?from=2031-03-01&to=2031-03-02&view=week');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('unknown_field');
    expect((await calendar('?from=2031-03-01&to=2031-04-11')).statusCode).toBe(200);
  });

  it('shows what takes a time, with its payment, arrival and reminder, and the free slots, never a health detail', async () => {
    const day = '2031-03-11';
    const arrivedAt = new Date(clinicInstant(day, '08:50'));
    const staff = await appointmentAt(day, '09:00', { status: 'booked' });
    const paid = await appointmentAt(day, '09:00', {
      status: 'paid',
      kind: 'childTest',
      payment: 'succeeded',
    });
    const arrived = await appointmentAt(day, '09:30', {
      status: 'arrived',
      location: 'adult_2',
      payment: 'succeeded',
      arrivedAt,
    });
    const attended = await appointmentAt(day, '10:00', { status: 'attended', arrivedAt });
    const missed = await appointmentAt(day, '10:30', { status: 'no_show' });
    const video = await appointmentAt(day, '11:00', {
      status: 'booked',
      kind: 'adultVideo',
      bookedByAdmin: false,
      payment: 'processing',
    });
    const beingBooked = await appointmentAt(day, '11:30', {
      status: 'held',
      bookedByAdmin: false,
      hold: { tokenHash: 'live-hold', expiresAt: new Date(Date.now() + 10 * 60_000) },
    });
    const hidden = [
      await appointmentAt(day, '12:00', { status: 'cancelled', slotStatus: 'available' }),
      await appointmentAt(day, '12:30', { status: 'refunded', payment: 'refunded', slotStatus: 'available' }),
      // A booking whose visitor's hold lapsed: its slot is free again.
      await appointmentAt(day, '13:00', {
        status: 'held',
        bookedByAdmin: false,
        hold: { tokenHash: 'lapsed-hold', expiresAt: new Date(Date.now() - 60_000) },
      }),
    ];
    await db()
      .insert(appointmentReminders)
      .values({
        appointmentId: staff.id,
        kind: 'two_days_before',
        startsAt: new Date(clinicInstant(day, '09:00')),
      });
    const free = await slotAt(day, '14:00', { location: 'adult_2' });
    const staffHold = await slotAt(day, '14:30', {
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const lapsedHold = await slotAt(day, '15:00', {
      status: 'pending',
      kind: 'adultVideo',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    const visitorHold = await slotAt(day, '15:30', {
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
      holdTokenHash: 'visitor-choosing',
    });
    const elsewhere = await slotAt('2031-03-12', '09:00');

    const answer = await calendarOf(day, day);
    expect(answer.appointments.map((item) => item.id)).toEqual([
      staff.id,
      paid.id,
      arrived.id,
      attended.id,
      missed.id,
      video.id,
      beingBooked.id,
    ]);
    expect(answer.appointments[0]).toEqual({
      id: staff.id,
      patient_id: staff.patientId,
      patient_name: staff.name,
      patient_phone: '087 123 4567',
      date: '11/03/2031',
      start_time: '09:00',
      end_time: '09:30',
      location: 'adult_1',
      is_adult: true,
      is_video_call: false,
      status: 'booked',
      payment: 'booked_by_staff',
      arrived_at: null,
      reminder_sent: true,
      intake_signed: false,
    });
    const byId = new Map(answer.appointments.map((item) => [item.id, item]));
    expect(byId.get(paid.id)).toMatchObject({
      location: 'child',
      is_adult: false,
      payment: 'paid',
      reminder_sent: false,
    });
    expect(byId.get(arrived.id)).toMatchObject({
      location: 'adult_2',
      status: 'arrived',
      payment: 'paid',
      arrived_at: arrivedAt.toISOString(),
    });
    expect(byId.get(attended.id)).toMatchObject({ status: 'attended', arrived_at: arrivedAt.toISOString() });
    expect(byId.get(missed.id)).toMatchObject({ status: 'no_show' });
    expect(byId.get(video.id)).toMatchObject({ location: null, is_video_call: true, payment: 'pending' });
    expect(byId.get(beingBooked.id)).toMatchObject({ status: 'held', payment: 'pending' });
    for (const gone of hidden) expect(byId.has(gone.id)).toBe(false);

    // The free slots: those of the cancelled and refunded appointments and of the lapsed booking too.
    expect(answer.slots.map((slot) => slot.id)).toEqual([
      hidden[0]!.slotId,
      hidden[1]!.slotId,
      hidden[2]!.slotId,
      free,
      staffHold,
      lapsedHold,
      visitorHold,
    ]);
    const slotsById = new Map(answer.slots.map((slot) => [slot.id, slot]));
    expect(slotsById.get(free)).toEqual({
      id: free,
      date: '11/03/2031',
      start_time: '14:00',
      end_time: '14:30',
      location: 'adult_2',
      is_adult: true,
      is_video_call: false,
      status: 'available',
      held_by: null,
      hold_expires_at: null,
      price: 180,
    });
    // Who holds a held time, and until when: staff may release their own kind of hold (a closed tab's).
    const [staffHoldRow] = await db().select().from(slots).where(eq(slots.id, staffHold));
    expect(slotsById.get(staffHold)).toMatchObject({
      status: 'pending',
      held_by: 'staff',
      hold_expires_at: staffHoldRow?.holdExpiresAt?.toISOString(),
    });
    expect(slotsById.get(visitorHold)).toMatchObject({ status: 'pending', held_by: 'visitor' });
    expect(slotsById.get(visitorHold)?.hold_expires_at).toEqual(expect.any(String));
    expect(slotsById.get(lapsedHold)).toMatchObject({
      status: 'available',
      held_by: null,
      hold_expires_at: null,
      location: null,
      price: 85,
    });
    expect(slotsById.get(hidden[2]!.slotId)?.status).toBe('available');
    expect(slotsById.has(elsewhere)).toBe(false);

    const body = JSON.stringify(answer);
    // The phone is there for the calendar's search, as the desk's list shows it; nothing of their health.
    for (const secret of [
      'Peanuts',
      'Secret GP',
      'allergens',
      'consultant',
      'email',
      'aoife@example.ie',
      'dob',
    ]) {
      expect(body).not.toContain(secret);
    }

    // The names shown are an audited read.
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), sql`${auditLog.details}->>'via' = 'calendar'`))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect((entry?.details as { patient_ids: number[] }).patient_ids).toContain(staff.patientId);
  });

  it('adds up each appointment’s payments that stand: paid in full, in part at the desk, or given back', async () => {
    const day = '2031-06-03';
    /** A payment of `cents` in `status`, taken at the desk (cash) or by card. */
    const paying = async (appointmentId: number, cents: number, status: PaymentStatus, desk = true) => {
      await db()
        .insert(payments)
        .values({
          appointmentId,
          provider: desk ? DESK_PROVIDER : 'test',
          method: desk ? 'cash' : 'card',
          idempotencyKey: randomUUID(),
          amountCents: cents,
          status,
          paidAt: status === 'failed' ? null : new Date(),
        });
    };
    const part = await appointmentAt(day, '09:00', { status: 'booked', bookedByAdmin: true });
    await paying(part.id, 80_00, 'succeeded');
    await paying(part.id, 50_00, 'refunded');
    const full = await appointmentAt(day, '09:30', { status: 'booked', bookedByAdmin: true });
    await paying(full.id, 80_00, 'succeeded');
    await paying(full.id, 100_00, 'succeeded');
    const declined = await appointmentAt(day, '10:00', { status: 'booked', bookedByAdmin: true });
    await paying(declined.id, 180_00, 'failed', false);
    const givenBack = await appointmentAt(day, '10:30', { status: 'paid', bookedByAdmin: false });
    await paying(givenBack.id, 180_00, 'refunded', false);
    const partlyGivenBack = await appointmentAt(day, '11:00', { status: 'paid', bookedByAdmin: false });
    await paying(partlyGivenBack.id, 180_00, 'refunding', false);

    const answer = await calendarOf(day, day);
    expect(answer.appointments.map((item) => [item.id, item.payment])).toEqual([
      [part.id, 'part_paid'],
      [full.id, 'paid'],
      [declined.id, 'booked_by_staff'],
      [givenBack.id, 'pending'],
      [partlyGivenBack.id, 'paid'],
    ]);
  });

  it('audits each patient named in the order shown, each time, and writes no entry when it names nobody', async () => {
    const day = '2031-06-10';
    const first = await appointmentAt(day, '10:00', { status: 'booked' });
    // The same patient again later that day, reminded of another time (before the appointment was moved).
    const laterSlot = await slotAt(day, '11:00', { status: 'booked' });
    const [again] = await db()
      .insert(appointments)
      .values({ patientId: first.patientId, slotId: laterSlot, status: 'paid', priceCents: 180_00 })
      .returning();
    // A patient since erased: the appointment keeps its time, nobody is named.
    const erased = await appointmentAt(day, '09:00', {
      status: 'paid',
      kind: 'childTest',
      payment: 'succeeded',
    });
    await db().update(appointments).set({ patientId: null }).where(eq(appointments.id, erased.id));
    // Two reminders of the first appointment's time: it is shown once, reminded.
    for (const kind of ['stop_antihistamines', 'two_days_before'] as const) {
      await db()
        .insert(appointmentReminders)
        .values({ appointmentId: first.id, kind, startsAt: new Date(clinicInstant(day, '10:00')) });
    }
    await db()
      .insert(appointmentReminders)
      .values({
        appointmentId: again!.id,
        kind: 'two_days_before',
        startsAt: new Date(clinicInstant(day, '08:00')),
      });

    const answer = await calendarOf(day, day);
    expect(answer.appointments.map((item) => item.id)).toEqual([erased.id, first.id, again!.id]);
    const [shownErased, shownFirst, shownAgain] = answer.appointments;
    expect(shownErased).toMatchObject({
      patient_id: null,
      patient_name: null,
      patient_phone: null,
      is_adult: false,
      payment: 'paid',
      reminder_sent: false,
    });
    expect(shownFirst).toMatchObject({ patient_id: first.patientId, reminder_sent: true });
    expect(shownAgain).toMatchObject({
      patient_id: first.patientId,
      patient_name: first.name,
      payment: 'pending',
      reminder_sent: false,
    });

    const calendarEntries = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'read'), sql`${auditLog.details}->>'via' = 'calendar'`))
        .orderBy(sql`${auditLog.id} desc`);
    const [entry] = await calendarEntries();
    const [admin] = await db().select().from(adminUsers).where(eq(adminUsers.email, t.email));
    expect(entry).toMatchObject({
      actor: 'admin',
      adminUserId: admin!.id,
      action: 'read',
      entity: 'patient',
      entityId: null,
      ip: '127.0.0.1',
      details: { via: 'calendar', patient_ids: [first.patientId, first.patientId] },
    });

    // Only a free time, or a patient erased: nobody named, nothing written.
    const before = (await calendarEntries()).length;
    await slotAt('2031-06-17', '09:00');
    expect((await calendarOf('2031-06-17', '2031-06-17')).slots).toHaveLength(1);
    await db()
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(inArray(appointments.id, [first.id, again!.id]));
    expect((await calendarOf(day, day)).appointments.map((item) => item.id)).toEqual([erased.id]);
    expect(await calendarEntries()).toHaveLength(before);
  });

  it('reads days in clinic time across a daylight-saving change, both days of the range included', async () => {
    // Summer time starts on 30 March 2031: 00:30 in Dublin on the 31st is 23:30 UTC on the 30th.
    const late = await appointmentAt('2031-03-31', '00:30', { status: 'booked' });
    const first = await slotAt('2031-03-29', '23:30');
    const after = await slotAt('2031-04-01', '00:00');
    const answer = await calendarOf('2031-03-29', '2031-03-31');
    expect(answer.appointments.find((item) => item.id === late.id)).toMatchObject({
      date: '31/03/2031',
      start_time: '00:30',
    });
    expect(answer.slots.map((slot) => slot.id)).toContain(first);
    expect(answer.slots.map((slot) => slot.id)).not.toContain(after);
  });

  it('names the closures sharing a day with the range, where, when and why, and not those outside it or deleted', async () => {
    const boiler = await insertClosure(db(), {
      firstDay: '2031-05-12',
      lastDay: '2031-05-13',
      fromMinute: 13 * 60,
      toMinute: 17 * 60,
      location: 'adult_1',
      reason: 'Boiler repair',
    });
    await insertClosure(db(), { ...closedDay('2031-05-20'), reason: 'Staff training' });
    const deleted = await insertClosure(db(), { ...closedDay('2031-05-14'), reason: 'Called off' });
    await markClosureDeleted(db(), deleted!.id);
    const answer = await calendarOf('2031-05-13', '2031-05-19');
    expect(answer.closures).toEqual([
      {
        id: boiler!.id,
        from: '12/05/2031',
        to: '13/05/2031',
        from_time: '13:00',
        to_time: '17:00',
        location: 'adult_1',
        reason: 'Boiler repair',
        is_holiday: false,
      },
    ]);
  });

  it("lets any staff who may book release a staff hold left behind (a closed tab's), audited, never a visitor's", async () => {
    const day = '2031-05-07';
    const left = await slotAt(day, '09:00');
    const visitors = await slotAt(day, '09:30', {
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
      holdTokenHash: 'visitor-choosing',
    });
    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${left}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const held = await calendarOf(day, day);
    expect(held.slots.find((slot) => slot.id === left)).toMatchObject({
      status: 'pending',
      held_by: 'staff',
    });

    // Reception, not the admin who held it, releases it as the calendar's Release does; a bookkeeper may not.
    const release = (id: number, headers: { authorization: string }) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/sessions/${id}`,
        headers,
        payload: { session: { status: 'available' } },
      });
    expect((await release(left, await signedInAs('bookkeeper'))).statusCode).toBe(403);
    const reception = await signedInAs('reception');
    const released = await release(left, reception);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().session.status).toBe('available');
    const after = await calendarOf(day, day);
    expect(after.slots.find((slot) => slot.id === left)).toMatchObject({
      status: 'available',
      held_by: null,
      hold_expires_at: null,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'slot'), eq(auditLog.entityId, String(left))))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      details: { status: { from: 'pending', to: 'available' } },
    });

    // A visitor choosing a time is left to finish: 409, the time still theirs.
    const refused = await release(visitors, reception);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('slot_held');
    expect((await calendarOf(day, day)).slots.find((slot) => slot.id === visitors)).toMatchObject({
      held_by: 'visitor',
    });
  });

  it('answers every role that reads appointments (every staff role), the phone only to those with contact details', async () => {
    await appointmentAt('2031-05-06', '09:00', { status: 'paid', payment: 'succeeded' });
    for (const role of staffRoles) {
      const auth = await signedInAs(role);
      const response = await calendar('?from=2031-05-06&to=2031-05-06', auth);
      expect(response.statusCode, role).toBe(200);
      const [appointment] = response.json().appointments;
      expect(Object.keys(appointment).sort(), role).toEqual(
        [
          'arrived_at',
          'date',
          'end_time',
          'id',
          'intake_signed',
          'is_adult',
          'is_video_call',
          'location',
          'patient_id',
          'patient_name',
          // The bookkeeper may not read patients' contact details: left out, not null.
          ...(role === 'bookkeeper' ? [] : ['patient_phone']),
          'payment',
          'reminder_sent',
          'start_time',
          'status',
        ].sort(),
      );
    }
  });
});
