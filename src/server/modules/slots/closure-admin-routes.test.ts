import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureTexts } from '../../../shared/closures';
import { slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { auditLog, closures } from '../../db/schema';
import { createAdminBookingTestApp, nextAddress } from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant, data, insertSlot } from '../../test/slot-fixtures';
import {
  deleteAppointment,
  postStaffBooking,
  putAppointment,
  slotRow,
  staffBooking,
  staffForm,
  storedAppointment,
} from '../../test/staff-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { systemActor } from '../audit/audit-log';
import { addPublicHolidays } from './closure-service';

let t: AdminTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

// Each test closes days of its own, far enough ahead that no other test's slots lie there.
let nextDay = 60;
const freshDay = (gap = 1) => {
  nextDay += gap;
  return clinicDayFromToday(nextDay);
};

const createClosure = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: t.auth, payload: body });
const listClosures = (query = '') => t.app.inject({ url: `/api/admin/closures${query}`, headers: t.auth });
const deleteClosure = (id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/closures/${id}`, headers: t.auth });
const hold = (id: number) =>
  t.app.inject({ method: 'PUT', url: `/api/patient_sessions/${id}`, remoteAddress: nextAddress() });
const freeSlots = (day: string, isVideoCall = false) =>
  t.app.inject({ url: `/api/patient_sessions?date=${day}&is_adult=true&is_video_call=${isVideoCall}` });
const freeDays = (day: string) =>
  t.app.inject({
    url: `/api/calendar_slots?range_calendar=${encodeURIComponent(`${day.replaceAll('-', '/')} - ${day.replaceAll('-', '/')}`)}&is_adult=true&is_video_call=false`,
  });
const saveSlots = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/sessions', headers: t.auth, payload: body });

const slotOn = (day: string, time: string, extra: { isVideoCall?: boolean; isAdult?: boolean } = {}) =>
  insertSlot(db(), { startsAt: clinicInstant(day, time), ...extra });

const newSlot = (day: string, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  start_date: clinicInstant(day, from),
  end_date: clinicInstant(day, to),
  is_adult: true,
  is_video_call: false,
  price: 180,
  location: 'adult_1',
  ...extra,
});

describe('POST /api/admin/closures', () => {
  it('withdraws the free and held slots at once, lists the booked appointment, and gives them back when deleted', async () => {
    const day = freshDay();
    const free = await slotOn(day, '09:00');
    const held = await slotOn(day, '09:40');
    const heldResponse = await hold(held);
    expect(heldResponse.statusCode).toBe(200);
    const booked = await storedAppointment(db(), {
      status: 'booked',
      slot: { startsAt: clinicInstant(day, '10:20') },
    });
    const video = await slotOn(day, '11:00', { isVideoCall: true });
    const nextDayFree = await slotOn(clinicDayFromToday(nextDay + 1), '09:00');

    const response = await createClosure({ from: data(day), to: data(day), reason: 'Staff training' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.withdrawn).toBe(3);
    expect(body.closure).toMatchObject({
      from: data(day),
      to: data(day),
      from_time: null,
      to_time: null,
      location: null,
      reason: 'Staff training',
      is_holiday: false,
      withdrawn: 3,
    });
    expect(body.affected).toEqual([
      {
        id: booked.appointment.id,
        patient_name: expect.stringMatching(/^Stored Patient/),
        status: 'booked',
        data: data(day),
        start_time: '10:20',
        end_time: '10:50',
        is_adult: true,
        is_video_call: false,
        location: 'adult_1',
      },
    ]);
    for (const id of [free, held, video]) expect((await slotRow(db(), id))?.status).toBe('withdrawn');
    expect(await slotRow(db(), booked.slotId)).toMatchObject({
      status: 'booked',
      closureId: body.closure.id,
    });
    expect((await slotRow(db(), nextDayFree))?.status).toBe('available');

    // No visitor sees or holds them; staff cannot hold or book them.
    expect((await freeSlots(day)).json().sessions).toEqual([]);
    expect((await freeSlots(day, true)).json().sessions).toEqual([]);
    expect((await freeDays(day)).json().days).toEqual([]);
    const refusedHold = await hold(free);
    expect(refusedHold.statusCode).toBe(409);
    expect(refusedHold.json().code).toBe('slot_taken');
    const staffHold = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${free}`,
      headers: t.auth,
      payload: { session: { status: 'pending' } },
    });
    expect(staffHold.statusCode).toBe(409);
    expect(staffHold.json()).toMatchObject({
      code: 'slot_withdrawn',
      error_messages: closureTexts.slotWithdrawn,
    });
    const staffRelease = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${free}`,
      headers: t.auth,
      payload: { session: { status: 'available' } },
    });
    expect(staffRelease.json().code).toBe('slot_withdrawn');
    const staffBook = await postStaffBooking(t.app, t.auth, staffForm(free));
    expect(staffBook.statusCode).toBe(409);
    expect(staffBook.json().code).toBe('slot_not_free');

    // The day list says why.
    const dayList = await t.app.inject({
      url: `/api/admin/sessions?date=${day}&is_adult=true&is_video_call=false`,
      headers: t.auth,
    });
    expect(dayList.json().sessions).toEqual([
      expect.objectContaining({ id: free, status: 'withdrawn', closure_reason: 'Staff training' }),
      expect.objectContaining({ id: held, status: 'withdrawn', closure_reason: 'Staff training' }),
      expect.objectContaining({
        id: booked.slotId,
        status: 'booked',
        appointment_id: booked.appointment.id,
        closure_reason: 'Staff training',
      }),
    ]);

    const removed = await deleteClosure(body.closure.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ restored: 3 });
    for (const id of [free, held, video]) expect((await slotRow(db(), id))?.status).toBe('available');
    expect(await slotRow(db(), booked.slotId)).toMatchObject({ status: 'booked', closureId: null });
    expect((await freeSlots(day)).json().sessions.map((slot: { id: number }) => slot.id)).toEqual([
      free,
      held,
    ]);
    expect((await hold(free)).statusCode).toBe(200);
    expect((await deleteClosure(body.closure.id)).statusCode).toBe(404);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'closure'), eq(auditLog.entityId, String(body.closure.id))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    expect(entries.find((entry) => entry.action === 'create')?.details).toMatchObject({
      withdrawn_slots: 3,
      affected_appointments: 1,
    });
  });

  it('a booked appointment inside a closure is never cancelled; cancelled or moved by staff, its time stays withdrawn', async () => {
    const day = freshDay();
    const booking = await staffBooking(t.app, db(), t.auth);
    const elsewhere = await staffBooking(t.app, db(), t.auth);
    const { slot } = booking;
    const closedDay = new Date(slot.startsAt).toISOString().slice(0, 10);
    // The staff bookings' days come from the fixtures: close the first one's day only, for its place.
    const created = await createClosure({
      from: data(closedDay),
      to: data(closedDay),
      location: 'adult_1',
      reason: 'Consultant away',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().affected.map((row: { id: number }) => row.id)).toEqual([booking.id]);
    expect((await slotRow(db(), slot.id))?.status).toBe('booked');

    // Staff move it to a free time elsewhere: the closed time is withdrawn, not offered.
    const target = await slotOn(day, '10:00');
    const moved = await putAppointment(t.app, t.auth, booking.id, {
      ...staffForm(slot.id),
      'session[id]': target,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await slotRow(db(), slot.id))?.status).toBe('withdrawn');
    // And a move into the closure is refused.
    const into = await putAppointment(t.app, t.auth, elsewhere.id, {
      ...staffForm(elsewhere.slot.id),
      'session[id]': slot.id,
    });
    expect(into.statusCode).toBe(409);
    expect(into.json().code).toBe('slot_not_free');

    const list = await listClosures();
    const listed = list.json().closures.find((row: { id: number }) => row.id === created.json().closure.id);
    expect(listed).toMatchObject({ withdrawn: 1, affected: [] });

    // Cancelled inside a closure: withdrawn too.
    const other = await storedAppointment(db(), {
      status: 'booked',
      slot: { startsAt: clinicInstant(day, '15:00') },
    });
    const closeOther = await createClosure({
      from: data(day),
      to: data(day),
      from_time: '14:00',
      to_time: '16:00',
      reason: 'Afternoon off',
    });
    expect(closeOther.statusCode, closeOther.body).toBe(201);
    expect(closeOther.json().affected.map((row: { id: number }) => row.id)).toEqual([other.appointment.id]);
    expect((await slotRow(db(), target))?.status).toBe('booked');
    const cancelled = await deleteAppointment(t.app, t.auth, other.appointment.id);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await slotRow(db(), other.slotId))?.status).toBe('withdrawn');
  });

  it('closes only its place, or only the video consultations, and only its hours each day', async () => {
    const first = freshDay();
    const second = freshDay();
    const adultMorning = await slotOn(first, '09:00');
    const adultAfternoon = await slotOn(first, '14:00');
    const childAfternoon = await slotOn(first, '14:00', { isAdult: false });
    const videoAfternoon = await slotOn(second, '14:30', { isVideoCall: true });
    const adultSecondAfternoon = await slotOn(second, '13:45');

    const adultOnly = await createClosure({
      from: data(first),
      to: data(second),
      from_time: '13:00',
      to_time: '17:00',
      location: 'adult_1',
      reason: 'Afternoon clinic moved',
    });
    expect(adultOnly.statusCode, adultOnly.body).toBe(201);
    expect(adultOnly.json().withdrawn).toBe(2);
    expect((await slotRow(db(), adultMorning))?.status).toBe('available');
    expect((await slotRow(db(), adultAfternoon))?.status).toBe('withdrawn');
    expect((await slotRow(db(), adultSecondAfternoon))?.status).toBe('withdrawn');
    expect((await slotRow(db(), childAfternoon))?.status).toBe('available');
    expect((await slotRow(db(), videoAfternoon))?.status).toBe('available');

    const videoOnly = await createClosure({
      from: data(second),
      to: data(second),
      location: 'video',
      reason: 'No video',
    });
    expect(videoOnly.statusCode, videoOnly.body).toBe(201);
    expect(videoOnly.json().withdrawn).toBe(1);
    expect((await slotRow(db(), videoAfternoon))?.status).toBe('withdrawn');
  });

  it('refuses bad input with its field and a code', async () => {
    const day = freshDay();
    const later = clinicDayFromToday(nextDay + 400);
    const stored = await db().$count(closures);
    const refusedWith = async (
      body: Record<string, unknown>,
      field: string,
      message: string,
      status = 422,
    ) => {
      const response = await createClosure({ from: data(day), to: data(day), reason: 'Why', ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().errors?.[field], response.body).toEqual([message]);
      return response.json();
    };
    await refusedWith({ from: data(clinicDayFromToday(nextDay + 2)) }, 'to', closureTexts.toBeforeFrom);
    await refusedWith({ to: data(later) }, 'to', closureTexts.tooLong);
    await refusedWith({ from: '31/02/2030' }, 'from', closureTexts.dateInvalid);
    await refusedWith({ to: '2030-03-01' }, 'to', closureTexts.dateInvalid);
    await refusedWith({ from: 12 }, 'from', texts.required);
    await refusedWith({ from: '' }, 'from', texts.required);
    await refusedWith({ reason: '   ' }, 'reason', texts.required);
    await refusedWith({ reason: 'x'.repeat(201) }, 'reason', texts.tooLong);
    await refusedWith({ reason: 'two\nlines' }, 'reason', texts.notAllowedCharacters);
    const noReason = await createClosure({ from: data(day), to: data(day) });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([texts.required]);
    await refusedWith({ location: 'garden' }, 'location', closureTexts.locationInvalid);
    await refusedWith({ from_time: '13:00' }, 'to_time', closureTexts.timeMissing);
    await refusedWith({ to_time: '13:00' }, 'from_time', closureTexts.timeMissing);
    await refusedWith({ from_time: '13:00', to_time: '13:00' }, 'to_time', closureTexts.timeOrder);
    await refusedWith({ from_time: '25:00', to_time: '26:00' }, 'from_time', closureTexts.timeInvalid);
    const past = await refusedWith({ from: data(clinicDayFromToday(-1)) }, 'from', closureTexts.inPast);
    expect(past.code).toBe('closure_in_past');
    const unknown = await createClosure({ from: data(day), to: data(day), reason: 'Why', colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('unknown_field');
    expect(await db().$count(closures)).toBe(stored);
  });

  it('refuses a closure overlapping another of the same place or of every place (409), not one of another place or hours', async () => {
    const day = freshDay();
    const next = clinicDayFromToday(nextDay + 1);
    nextDay += 1;
    const first = await createClosure({
      from: data(day),
      to: data(next),
      location: 'child',
      reason: 'Child suite painted',
    });
    expect(first.statusCode, first.body).toBe(201);

    const again = await createClosure({
      from: data(next),
      to: data(next),
      location: 'child',
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    const message = closureTexts.overlaps({
      from: data(day),
      to: data(next),
      from_time: null,
      to_time: null,
      reason: 'Child suite painted',
    });
    expect(again.json()).toMatchObject({
      code: 'closure_overlaps',
      error_messages: message,
      errors: { from: [message] },
    });
    const everywhere = await createClosure({
      from: data(day),
      to: data(day),
      from_time: '09:00',
      to_time: '10:00',
      reason: 'All',
    });
    expect(everywhere.statusCode).toBe(409);

    const otherPlace = await createClosure({
      from: data(day),
      to: data(day),
      location: 'adult_2',
      reason: 'Blackrock shut',
    });
    expect(otherPlace.statusCode, otherPlace.body).toBe(201);
    const morning = await createClosure({
      from: data(freshDay(3)),
      to: data(clinicDayFromToday(nextDay)),
      from_time: '09:00',
      to_time: '12:00',
      location: 'video',
      reason: 'Mornings',
    });
    expect(morning.statusCode, morning.body).toBe(201);
    const afternoon = await createClosure({
      from: data(clinicDayFromToday(nextDay)),
      to: data(clinicDayFromToday(nextDay)),
      from_time: '12:00',
      to_time: '15:00',
      location: 'video',
      reason: 'Afternoon',
    });
    expect(afternoon.statusCode, afternoon.body).toBe(201);
  });
});

describe('slot saves inside a closure', () => {
  it('refuses a new or changed slot inside one (422 slot_in_closure naming it); skip_clashes copies where it can', async () => {
    const open = freshDay();
    const closed = freshDay();
    const created = await createClosure({ from: data(closed), to: data(closed), reason: 'Christmas party' });
    expect(created.statusCode, created.body).toBe(201);
    const message = closureTexts.slotInside({
      from: data(closed),
      to: data(closed),
      from_time: null,
      to_time: null,
      reason: 'Christmas party',
    });

    const inside = await saveSlots({
      sessions_create: [newSlot(open, '09:00', '09:30'), newSlot(closed, '09:00', '09:30')],
    });
    expect(inside.statusCode).toBe(422);
    expect(inside.json()).toMatchObject({
      code: 'slot_in_closure',
      error_messages: message,
      errors: { 'sessions_create.1': [message] },
    });
    expect(inside.json().errors['sessions_create.0']).toBeUndefined();

    const stored = await slotOn(open, '11:00');
    const moveIn = await saveSlots({
      sessions_update: [{ ...newSlot(closed, '11:00', '11:30'), id: stored }],
    });
    expect(moveIn.statusCode).toBe(422);
    expect(moveIn.json().errors['sessions_update.0']).toEqual([message]);
    expect(await slotRow(db(), stored)).toMatchObject({ status: 'available' });

    // A copy that skips clashes: one day closed, one time taken.
    const taken = await slotOn(open, '10:00');
    const copy = await saveSlots({
      skip_clashes: true,
      sessions_create: [
        newSlot(open, '09:00', '09:30'),
        newSlot(open, '10:00', '10:30'),
        newSlot(closed, '09:00', '09:30'),
      ],
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().skipped).toEqual([
      {
        field: 'sessions_create.1',
        data: data(open),
        start_time: '10:00',
        end_time: '10:30',
        code: 'slot_overlaps',
        message: slotTexts.occupied,
      },
      {
        field: 'sessions_create.2',
        data: data(closed),
        start_time: '09:00',
        end_time: '09:30',
        code: 'slot_in_closure',
        message,
      },
    ]);
    const times = copy
      .json()
      .sessions.map((slot: { start_time: string; id: number }) => [slot.start_time, slot.id]);
    expect(times.map(([time]: [string]) => time)).toEqual(['09:00', '10:00', '11:00']);
    expect(times.find(([time]: [string]) => time === '10:00')[1]).toBe(taken);
    const plain = await saveSlots({ sessions_create: [newSlot(open, '12:00', '12:30')] });
    expect(plain.json().skipped).toEqual([]);
  });
});

describe('GET /api/admin/closures', () => {
  it('lists the closures not ended first, soonest first, deleted ones left out', async () => {
    const later = freshDay(5);
    const sooner = freshDay(-2);
    nextDay += 10;
    const a = await createClosure({
      from: data(later),
      to: data(later),
      location: 'adult_2',
      reason: 'Later',
    });
    const b = await createClosure({
      from: data(sooner),
      to: data(sooner),
      location: 'adult_2',
      reason: 'Sooner',
    });
    const c = await createClosure({
      from: data(clinicDayFromToday(nextDay)),
      to: data(clinicDayFromToday(nextDay)),
      location: 'adult_2',
      reason: 'Gone',
    });
    await deleteClosure(c.json().closure.id);
    const response = await listClosures('?per_page=100');
    expect(response.statusCode).toBe(200);
    const reasons = response.json().closures.map((row: { reason: string }) => row.reason);
    expect(reasons.indexOf('Sooner')).toBeLessThan(reasons.indexOf('Later'));
    expect(reasons).not.toContain('Gone');
    const firstDays = response
      .json()
      .closures.map((row: { from: string }) => row.from.split('/').reverse().join('-'));
    expect(firstDays).toEqual([...firstDays].sort());
    expect(response.json().count).toBe(response.json().closures.length);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await listClosures('?per_page=0')).statusCode).toBe(422);
  });

  it('answers 404 for an unknown or impossible id', async () => {
    expect((await deleteClosure(999_999)).statusCode).toBe(404);
    const impossible = await deleteClosure('abc');
    expect(impossible.statusCode).toBe(404);
    expect(impossible.json().error_messages).toBe(closureTexts.notFound);
  });
});

describe('public holidays as closures', () => {
  it('adds each once for every place, may lie inside a closure of staff, and is never added again once deleted', async () => {
    const holiday = freshDay();
    const after = freshDay();
    const free = await slotOn(holiday, '09:00', { isVideoCall: true });
    const first = await addPublicHolidays(db(), systemActor, [{ date: holiday, name: 'Test Holiday' }]);
    expect(first).toHaveLength(1);
    expect((await slotRow(db(), free))?.status).toBe('withdrawn');
    expect(await addPublicHolidays(db(), systemActor, [{ date: holiday, name: 'Test Holiday' }])).toEqual([]);

    // Staff close the week around it: allowed over the holiday.
    const week = await createClosure({ from: data(holiday), to: data(after), reason: 'Holiday week' });
    expect(week.statusCode, week.body).toBe(201);
    const listed = (await listClosures('?per_page=100')).json().closures;
    expect(listed.find((row: { id: number }) => row.id === first[0]?.id)).toMatchObject({
      is_holiday: true,
      reason: 'Test Holiday',
      location: null,
    });

    // Deleting the holiday leaves its slot to the week's closure; deleting that gives it back.
    const removedHoliday = await deleteClosure(first[0]?.id ?? 0);
    expect(removedHoliday.json()).toEqual({ restored: 0 });
    expect((await slotRow(db(), free))?.status).toBe('withdrawn');
    expect((await deleteClosure(week.json().closure.id)).json()).toEqual({ restored: 1 });
    expect((await slotRow(db(), free))?.status).toBe('available');
    expect(await addPublicHolidays(db(), systemActor, [{ date: holiday, name: 'Test Holiday' }])).toEqual([]);
    expect((await slotRow(db(), free))?.status).toBe('available');

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'closure'), eq(auditLog.entityId, String(first[0]?.id))));
    expect(audit).toMatchObject({ actor: 'system', action: 'create' });
  });
});

describe('POST /api/admin/closures: a closure over already', () => {
  // The clinic's clock stands at noon on a day of its own, so 'today' and 'now' are that day's, whenever it runs.
  const today = clinicDayFromToday(400);
  const yesterday = clinicDayFromToday(399);
  const now = new Date(clinicInstant(today, '12:00'));
  let clocked: AdminTestApp;
  beforeAll(async () => {
    clocked = await createAdminTestApp({ clock: () => now });
  });
  afterAll(() => clocked.close());

  const create = (body: Record<string, unknown>) =>
    clocked.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: clocked.auth,
      payload: { reason: 'Why', location: 'child', ...body },
    });
  const stored = () => clocked.database.db.$count(closures);

  it('refuses one that ended before now (422 closure_ended on to), storing and auditing nothing', async () => {
    const before = await stored();
    const audited = await clocked.database.db.$count(auditLog, eq(auditLog.entity, 'closure'));
    for (const body of [
      { from: data(today), to: data(today), from_time: '08:00', to_time: '09:00' },
      { from: data(today), to: data(today), from_time: '09:00', to_time: '12:00' },
      { from: data(yesterday), to: data(yesterday) },
      { from: data(yesterday), to: data(today), from_time: '08:00', to_time: '11:55' },
    ]) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({
        error_messages: closureTexts.ended,
        code: 'closure_ended',
        errors: { to: [closureTexts.ended] },
      });
    }
    expect(await stored()).toBe(before);
    expect(await clocked.database.db.$count(auditLog, eq(auditLog.entity, 'closure'))).toBe(audited);
  });

  it("takes one that has begun and ends later (today's afternoon, the rest of today), but not one starting yesterday", async () => {
    const afternoon = await create({
      from: data(today),
      to: data(today),
      from_time: '11:00',
      to_time: '17:00',
    });
    expect(afternoon.statusCode, afternoon.body).toBe(201);
    const rest = await create({ from: data(today), to: data(today), location: 'adult_1' });
    expect(rest.statusCode, rest.body).toBe(201);
    const sinceYesterday = await create({ from: data(yesterday), to: data(today), location: 'adult_2' });
    expect(sinceYesterday.statusCode).toBe(422);
    expect(sinceYesterday.json()).toMatchObject({
      code: 'closure_in_past',
      errors: { from: [closureTexts.inPast] },
    });
  });
});
