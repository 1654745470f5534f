import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_HOLD_MINUTES, slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { auditLog, slots } from '../../db/schema';
import { holdSlot } from '../../test/booking-fixtures';
import {
  clinicDayFromToday,
  clinicInstant,
  data,
  insertSlot,
  nextLastSunday,
} from '../../test/slot-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

interface SlotItem {
  start_date: string;
  end_date: string;
  is_adult: boolean;
  is_video_call: boolean;
  price: number;
  location?: string | null;
  id?: number;
}

const slot = (day: string, from: string, to: string, extra: Partial<SlotItem> = {}): SlotItem => ({
  start_date: clinicInstant(day, from),
  end_date: clinicInstant(day, to),
  is_adult: true,
  is_video_call: false,
  price: 180,
  location: 'adult_1',
  ...extra,
});

const save = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/sessions', headers: t.auth, payload: body as object });

const listDay = (day: string, isAdult = true, isVideoCall = false) =>
  t.app.inject({
    url: `/api/admin/sessions?date=${day}&is_adult=${isAdult}&is_video_call=${isVideoCall}`,
    headers: t.auth,
  });

async function countSlots(): Promise<number> {
  return t.database.db.$count(slots);
}

async function create(items: SlotItem[]) {
  const response = await save({ sessions_create: items });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions as { id: number; start_time: string; status: string }[];
}

describe('POST /api/admin/sessions', () => {
  it('creates slots in one save, answers the day in clinic time with the spec fields, and audits each', async () => {
    const day = clinicDayFromToday(5);
    const answer = await create([
      slot(day, '10:00', '10:30', { price: 180.5 }),
      slot(day, '09:00', '09:30'),
      slot(day, '09:00', '09:30', { is_video_call: true, location: null, price: 85 }),
    ]);
    // The answer holds the affected day for both kinds touched, by start.
    expect(answer.map((s) => s.start_time)).toEqual(['09:00', '09:00', '10:00']);

    const list = await listDay(day);
    expect(list.statusCode).toBe(200);
    const [first, second] = list.json().sessions;
    expect(first).toEqual({
      id: expect.any(Number),
      data: data(day),
      start_time: '09:00',
      end_time: '09:30',
      starts_at: clinicInstant(day, '09:00'),
      ends_at: clinicInstant(day, '09:30'),
      age: 'adult',
      price: 180,
      status: 'available',
      is_adult: true,
      is_video_call: false,
      location: 'adult_1',
      address: expect.stringContaining('Suite 12'),
      held_by: null,
      appointment_id: null,
      patient_name: null,
      closure_reason: null,
      consultant_id: null,
    });
    expect(second).toMatchObject({ start_time: '10:00', end_time: '10:30', price: 180.5 });

    const video = (await listDay(day, true, true)).json().sessions;
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({ is_video_call: true, location: null, address: null, price: 85 });
    expect((await listDay(day, false, false)).json().sessions).toEqual([]);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'slot'), eq(auditLog.action, 'create')));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['start after end', '10:00', '09:30'],
    ['start equal to end', '10:00', '10:00'],
  ])("refuses %s with 'Start time can`t be after end time'", async (_name, from, to) => {
    const before = await countSlots();
    const response = await save({ sessions_create: [slot(clinicDayFromToday(6), from, to)] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('Start time can`t be after end time');
    expect(await countSlots()).toBe(before);
  });

  it('requires a location unless the slot is a video call', async () => {
    const response = await save({
      sessions_create: [slot(clinicDayFromToday(6), '08:00', '08:30', { location: null })],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['sessions_create.0.location']).toEqual([texts.required]);
  });

  it('refuses overlapping slots of one kind within a save: nothing is saved', async () => {
    const day = clinicDayFromToday(7);
    const before = await countSlots();
    const response = await save({
      sessions_create: [slot(day, '09:00', '09:30'), slot(day, '09:15', '09:45')],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('That time range is occupied');
    expect(await countSlots()).toBe(before);
  });

  it('refuses a slot overlapping a stored one (the database constraint), all or none', async () => {
    const day = clinicDayFromToday(8);
    await create([slot(day, '09:00', '09:30')]);
    const before = await countSlots();
    const response = await save({
      sessions_create: [slot(day, '11:00', '11:30'), slot(day, '09:20', '09:50')],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('That time range is occupied');
    expect(await countSlots()).toBe(before);
  });

  it('accepts back-to-back slots and the same time for another kind', async () => {
    const day = clinicDayFromToday(9);
    await create([slot(day, '09:00', '09:30')]);
    await create([
      slot(day, '09:30', '10:00'),
      slot(day, '09:00', '09:30', { is_adult: false, location: 'child' }),
      slot(day, '09:00', '09:30', { is_video_call: true, location: null }),
    ]);
  });

  it('refuses a slot that starts in the past', async () => {
    const response = await save({ sessions_create: [slot(clinicDayFromToday(-1), '09:00', '09:30')] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('A slot cannot start in the past.');
  });

  it('changes an available future slot and creates others in the same save', async () => {
    const day = clinicDayFromToday(10);
    const [stored] = await create([slot(day, '09:00', '09:30')]);
    const response = await save({
      sessions_create: [slot(day, '11:00', '11:30')],
      sessions_update: [{ ...slot(day, '10:00', '10:45', { price: 200 }), id: stored!.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .sessions.map((s: { start_time: string; end_time: string; price: number }) => [
          s.start_time,
          s.end_time,
          s.price,
        ]),
    ).toEqual([
      ['10:00', '10:45', 200],
      ['11:00', '11:30', 180],
    ]);
  });

  it('shifts consecutive slots later in one save, whatever order they come in', async () => {
    const day = clinicDayFromToday(17);
    const stored = await create([slot(day, '09:00', '09:30'), slot(day, '09:40', '10:10')]);
    const [first, second] = stored.map((s) => s.id);
    const response = await save({
      sessions_update: [
        { ...slot(day, '09:20', '09:50'), id: first },
        { ...slot(day, '10:00', '10:30'), id: second },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sessions.map((s: { start_time: string }) => s.start_time)).toEqual([
      '09:20',
      '10:00',
    ]);
  });

  it.each(['pending', 'booked'] as const)('refuses to change a %s slot', async (status) => {
    const day = clinicDayFromToday(11);
    const id = await insertSlot(t.database.db, {
      startsAt: clinicInstant(day, status === 'booked' ? '12:00' : '13:00'),
      status,
    });
    const response = await save({ sessions_update: [{ ...slot(day, '15:00', '15:30'), id }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe(
      'Only an available slot that has not started yet can be changed.',
    );
  });

  it('refuses to change a slot that has already started', async () => {
    const id = await insertSlot(t.database.db, {
      startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    const response = await save({
      sessions_update: [{ ...slot(clinicDayFromToday(12), '09:00', '09:30'), id }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe(
      'Only an available slot that has not started yet can be changed.',
    );
  });

  it('answers 404 for an unknown slot to change', async () => {
    const response = await save({
      sessions_update: [{ ...slot(clinicDayFromToday(12), '09:00', '09:30'), id: 999_999 }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_messages).toBe('Session not found');
  });

  it('refuses a slot id past the database integer readably, never a 500', async () => {
    for (const id of [2_147_483_648, Number.MAX_SAFE_INTEGER, 0, 1.5]) {
      const response = await save({
        sessions_update: [{ ...slot(clinicDayFromToday(12), '09:00', '09:30'), id }],
      });
      expect(response.statusCode, String(id)).toBe(422);
      expect(JSON.stringify(response.json().errors)).toContain('id must be a slot id');
    }
  });

  it('lets exactly one of two racing overlapping saves succeed', async () => {
    const day = clinicDayFromToday(13);
    const before = await countSlots();
    const responses = await Promise.all([
      save({ sessions_create: [slot(day, '09:00', '09:30')] }),
      save({ sessions_create: [slot(day, '09:10', '09:40')] }),
      save({ sessions_create: [slot(day, '09:20', '09:50')] }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(response.json().error_messages).toBe('That time range is occupied');
    }
    expect(await countSlots()).toBe(before + 1);
  });

  it('rolls the save back when its audit entry cannot be written', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(
        "create or replace function fail_audit() returns trigger as $$ begin raise exception 'audit down'; end $$ language plpgsql",
      ),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_audit before insert on audit_log for each row execute function fail_audit()',
      ),
    );
    try {
      const before = await countSlots();
      const response = await save({ sessions_create: [slot(clinicDayFromToday(14), '09:00', '09:30')] });
      expect(response.statusCode).toBe(500);
      expect(await countSlots()).toBe(before);
    } finally {
      await db.execute(sql.raw('drop trigger fail_audit on audit_log'));
      await db.execute(sql.raw('drop function fail_audit()'));
    }
  });
});

describe('daylight saving (Europe/Dublin)', () => {
  it.each([
    ['spring forward (23-hour day)', nextLastSunday(3)],
    ['fall back (25-hour day)', nextLastSunday(10)],
  ])('creates and lists slots on the last Sunday of %s', async (_name, day) => {
    await create([slot(day, '00:30', '01:00'), slot(day, '09:00', '09:30'), slot(day, '23:15', '23:45')]);
    // The next day's first minutes belong to the next day.
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await create([slot(nextDay, '00:00', '00:20')]);

    const list = (await listDay(day)).json().sessions;
    expect(list.map((s: { start_time: string; data: string }) => [s.data, s.start_time])).toEqual([
      [data(day), '00:30'],
      [data(day), '09:00'],
      [data(day), '23:15'],
    ]);
    expect((await listDay(nextDay)).json().sessions.map((s: { start_time: string }) => s.start_time)).toEqual(
      ['00:00'],
    );

    const [year, month] = day.split('-');
    const calendar = await t.app.inject({
      url: `/api/admin/calendar_slots?range_calendar=${year}/${month}/01 - ${nextDay.replaceAll('-', '/')}&is_adult=true&is_video_call=false`,
      headers: t.auth,
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.json().days).toEqual([day, nextDay]);
  });

  it('shows a 09:00 clinic-time slot as 09:00 in summer and in winter', async () => {
    const summer = nextLastSunday(10).replace(/-\d\d$/, '-05');
    const winter = nextLastSunday(3).replace(/-\d\d$/, '-05');
    for (const day of [summer, winter]) {
      await create([slot(day, '09:00', '09:30', { is_adult: false, location: 'child' })]);
      const [listed] = (await listDay(day, false, false)).json().sessions;
      expect(listed).toMatchObject({ data: data(day), start_time: '09:00', end_time: '09:30', age: 'child' });
    }
    const utcHour = (day: string) => new Date(clinicInstant(day, '09:00')).getUTCHours();
    expect([utcHour(summer), utcHour(winter)]).toEqual([8, 9]);
  });
});

describe('GET /api/admin/sessions/:id', () => {
  it('answers one slot whatever its status, and 404 for an unknown or impossible id', async () => {
    const id = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(33), '09:00'),
      status: 'booked',
    });
    const response = await t.app.inject({ url: `/api/admin/sessions/${id}`, headers: t.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session).toMatchObject({ id, status: 'booked', start_time: '09:00', price: 180 });
    for (const unknown of ['999999', 'abc', '0', '99999999999']) {
      const missing = await t.app.inject({ url: `/api/admin/sessions/${unknown}`, headers: t.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error_messages).toBe('Session not found');
    }
    expect((await t.app.inject({ url: `/api/admin/sessions/${id}` })).statusCode).toBe(401);
  });

  it('says who holds a pending slot and until when, so the booking screen knows a hold is not its own', async () => {
    const read = async (id: number) =>
      (await t.app.inject({ url: `/api/admin/sessions/${id}`, headers: t.auth })).json().session;
    const free = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(33), '11:00'),
    });
    expect(await read(free)).toMatchObject({ status: 'available', held_by: null, hold_expires_at: null });
    const staff = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(33), '12:00'),
    });
    const held = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${staff}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(held.statusCode, held.body).toBe(200);
    const [row] = await t.database.db.select().from(slots).where(eq(slots.id, staff));
    expect(await read(staff)).toMatchObject({
      status: 'pending',
      held_by: 'staff',
      hold_expires_at: row?.holdExpiresAt?.toISOString(),
    });
    const visitor = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(33), '13:00'),
    });
    await holdSlot(t.app, visitor);
    const visitors = await read(visitor);
    expect(visitors).toMatchObject({ status: 'pending', held_by: 'visitor' });
    expect(Date.parse(visitors.hold_expires_at)).toBeGreaterThan(Date.now());
  });
});

describe('PUT /api/admin/sessions/:id', () => {
  const put = (id: number, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${id}`,
      headers: t.auth,
      payload: { session: { status } },
    });

  it('holds an available slot as pending and sets it back to available', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(15), '09:00') });
    const held = await put(id, 'pending');
    expect(held.statusCode).toBe(200);
    expect(held.json().session).toMatchObject({ id, status: 'pending' });
    // One reason, one code: a slot a booking holds, whatever staff tried on it.
    const again = await put(id, 'pending');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'slot_held' });
    const freed = await put(id, 'available');
    expect(freed.statusCode).toBe(200);
    expect(freed.json().session.status).toBe('available');
    const [row] = await t.database.db.select().from(slots).where(eq(slots.id, id));
    expect(row).toMatchObject({ status: 'available', holdExpiresAt: null, holdTokenHash: null });
  });

  it("holds for staff long enough to take a patient's details on the phone", async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(34), '09:00') });
    expect((await put(id, 'pending')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(slots).where(eq(slots.id, id));
    const minutes = ((row?.holdExpiresAt?.getTime() ?? 0) - (row?.holdStartedAt?.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(STAFF_HOLD_MINUTES, 3);
    expect(row?.holdTokenHash).toBeNull();
  });

  it("never releases a visitor's live hold (a stale booking-on-behalf screen cannot free it)", async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(34), '10:00') });
    await holdSlot(t.app, id);
    const refused = await put(id, 'available');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'slot_held', error_messages: slotTexts.heldByVisitor });
    const [row] = await t.database.db.select().from(slots).where(eq(slots.id, id));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.holdTokenHash).not.toBeNull();
    // Once the visitor's hold has lapsed, staff may set it available.
    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slots.id, id));
    expect((await put(id, 'available')).json().session.status).toBe('available');
  });

  it('leaves a booked slot to its appointment, and never sets booked itself', async () => {
    const booked = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(15), '10:00'),
      status: 'booked',
    });
    expect((await put(booked, 'available')).statusCode).toBe(422);
    const free = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(15), '11:00'),
    });
    const response = await put(free, 'booked');
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('A slot becomes booked when its appointment is created.');
  });

  it('answers 404 for an unknown slot and 422 for an unknown status', async () => {
    expect((await put(999_999, 'available')).statusCode).toBe(404);
    const response = await put(1, 'gone');
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });
});

describe('DELETE /api/admin/sessions/:id', () => {
  const remove = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${id}`, headers: t.auth });

  it('deletes an available slot and audits it', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(16), '09:00') });
    expect((await remove(id)).statusCode).toBe(204);
    expect(await t.database.db.$count(slots, eq(slots.id, id))).toBe(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'slot'), eq(auditLog.entityId, String(id))));
    expect(audits.map((entry) => entry.action)).toEqual(['delete']);
  });

  it("refuses a booked slot with 'You can not delete a booked appointment.'", async () => {
    const id = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(16), '10:00'),
      status: 'booked',
    });
    const response = await remove(id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toBe('You can not delete a booked appointment.');
    expect(await t.database.db.$count(slots, eq(slots.id, id))).toBe(1);
  });

  it('refuses a held (pending) slot with 409', async () => {
    const id = await insertSlot(t.database.db, {
      startsAt: clinicInstant(clinicDayFromToday(16), '11:00'),
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_messages).toMatch(/being booked/);
    expect(response.json().code).toBe('slot_held');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await remove(999_999)).statusCode).toBe(404);
    const response = await remove('abc');
    expect(response.statusCode).toBe(404);
    expect(response.json().error_messages).toBe('Session not found');
  });
});

describe('GET /api/admin/calendar_slots', () => {
  it('lists the clinic days of the range with slots of the kind, whatever their status', async () => {
    const first = clinicDayFromToday(40);
    const second = clinicDayFromToday(42);
    await insertSlot(t.database.db, {
      startsAt: clinicInstant(first, '09:00'),
      status: 'booked',
      isVideoCall: true,
    });
    await insertSlot(t.database.db, { startsAt: clinicInstant(second, '09:00'), isVideoCall: true });
    await insertSlot(t.database.db, { startsAt: clinicInstant(second, '10:00'), isVideoCall: true });
    const range = `${first.replaceAll('-', '/')} - ${clinicDayFromToday(45).replaceAll('-', '/')}`;
    const response = await t.app.inject({
      url: `/api/admin/calendar_slots?range_calendar=${encodeURIComponent(range)}&is_adult=true&is_video_call=true`,
      headers: t.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ days: [first, second] });
  });
});

describe('bad input answers 4xx with error_messages, never 500', () => {
  it.each([
    '/api/admin/sessions',
    '/api/admin/sessions?date=2027-02-30&is_adult=true&is_video_call=false',
    '/api/admin/sessions?date=2027-13-01&is_adult=true&is_video_call=false',
    '/api/admin/sessions?date=27-03-01&is_adult=true&is_video_call=false',
    '/api/admin/sessions?date=2027-03-01&is_adult=yes&is_video_call=false',
    '/api/admin/sessions?date=2027-03-01&is_adult=true',
    '/api/admin/sessions?date=2027-03-01&is_adult=true&is_video_call=false&extra=1',
    '/api/admin/sessions?date[]=2027-03-01&is_adult=true&is_video_call=false',
    '/api/admin/calendar_slots?range_calendar=2027/01/01 - 2027/12/31&is_adult=true&is_video_call=false',
    '/api/admin/calendar_slots?range_calendar=2027/02/01 - 2027/02/30&is_adult=true&is_video_call=false',
    '/api/admin/calendar_slots?range_calendar=2027/03/10 - 2027/03/01&is_adult=true&is_video_call=false',
    '/api/admin/calendar_slots?range_calendar=nonsense&is_adult=true&is_video_call=false',
    '/api/admin/calendar_slots?is_adult=true&is_video_call=false',
  ])('GET %s', async (url) => {
    const response = await t.app.inject({ url, headers: t.auth });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });

  it('caps range_calendar at 62 days', async () => {
    const response = await t.app.inject({
      url: '/api/admin/calendar_slots?range_calendar=2027/01/01 - 2027/03/31&is_adult=true&is_video_call=false',
      headers: t.auth,
    });
    expect(response.json().error_messages).toBe('range_calendar may span at most 62 days');
  });

  const day = clinicDayFromToday(20);
  it.each([
    ['no lists at all is an empty save', {}, 200],
    ['a list that is not a list', { sessions_create: 'x' }, 422],
    ['an unknown key', { sessions_create: [], other: 1 }, 422],
    [
      'a date that is not a date',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), start_date: 'tomorrow' }] },
      422,
    ],
    [
      'an impossible date',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), start_date: '2027-02-30T09:00:00Z' }] },
      422,
    ],
    [
      'a date without a zone',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), start_date: '2027-03-01T09:00:00' }] },
      422,
    ],
    [
      'a flag that is not a flag',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), is_adult: 'yes' }] },
      422,
    ],
    ['a negative price', { sessions_create: [{ ...slot(day, '09:00', '09:30'), price: -1 }] }, 422],
    // Below what a card can be charged: booked, it could never be paid, cancelled or refunded.
    ['a price of nothing', { sessions_create: [{ ...slot(day, '09:00', '09:30'), price: 0 }] }, 422],
    [
      'a price below a card’s least',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), price: 0.49 }] },
      422,
    ],
    [
      'a price in fractions of a cent',
      { sessions_create: [{ ...slot(day, '09:00', '09:30'), price: 1.005 }] },
      422,
    ],
    ['a price as text', { sessions_create: [{ ...slot(day, '09:00', '09:30'), price: 'free' }] }, 422],
    ['an unknown location', { sessions_create: [{ ...slot(day, '09:00', '09:30'), location: 'moon' }] }, 422],
    ['an update without an id', { sessions_update: [slot(day, '09:00', '09:30')] }, 422],
    ['an update with a bad id', { sessions_update: [{ ...slot(day, '09:00', '09:30'), id: 'x' }] }, 422],
    ['a day-long slot', { sessions_create: [slot(day, '00:00', '23:30')] }, 422],
    [
      'too many slots',
      { sessions_create: Array.from({ length: 101 }, () => slot(day, '09:00', '09:30')) },
      422,
    ],
    ['a body that is a list', [], 400],
  ])('POST with %s', async (_name, body, status) => {
    const response = await save(body);
    expect(response.statusCode).toBe(status);
    if (status !== 200) expect(response.json().error_messages).toEqual(expect.any(String));
  });

  const INSTANT_INVALID = 'must be a date and time in ISO 8601 with a time zone, e.g. 2027-03-28T09:00:00Z';
  it.each([
    ['nope', INSTANT_INVALID],
    [`${day}T10:00:60Z`, INSTANT_INVALID],
    ['+275760-09-13T00:00:00Z', INSTANT_INVALID],
    [42, INSTANT_INVALID],
  ])('answers 422 naming start_date to a start_date of %j, not a schema error', async (startDate, message) => {
    const response = await save({
      sessions_create: [{ ...slot(day, '09:00', '09:30'), start_date: startDate }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: message,
      errors: { 'sessions_create.0.start_date': [message] },
    });
    const update = await save({
      sessions_update: [{ ...slot(day, '09:00', '09:30'), id: 1, end_date: startDate }],
    });
    expect(update.json()).toEqual({
      code: 'invalid_input',
      error_messages: message,
      errors: { 'sessions_update.0.end_date': [message] },
    });
  });

  it.each([
    ['9999-12-31T23:00:00Z', '9999-12-31T23:59:59Z'],
    ['3000-01-01T09:00:00Z', '3000-01-01T10:00:00Z'],
    ['1999-12-31T09:00:00Z', '1999-12-31T10:00:00Z'],
  ])('answers 422, not 500, to a slot from %s outside the years 2000 to 2999', async (start, end) => {
    const response = await save({
      sessions_create: [{ start_date: start, end_date: end, price: 50, is_adult: true, is_video_call: true }],
    });
    expect(response.statusCode).toBe(422);
    const message = 'must be a date and time in the years 2000 to 2999';
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: message,
      errors: { 'sessions_create.0.start_date': [message], 'sessions_create.0.end_date': [message] },
    });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sessions',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"sessions_create": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });
});
