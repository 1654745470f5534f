import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import { type AppointmentReminderKind, appointmentReminders, appointments, patients } from '../../db/schema';
import {
  adultForm,
  createAdminBookingTestApp,
  holdSlot,
  nextAddress,
  pay,
} from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant, insertSlot, nextLastSunday } from '../../test/slot-fixtures';
import {
  appointmentRow,
  deleteAppointment,
  emailsAbout,
  postStaffBooking,
  putAppointment,
  refundAppointment,
  staffForm,
  videoStaffForm,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { appointmentReminderJob } from './appointment-jobs';
import { recordReminders } from './appointment-reminder-repository';
import type { QueuedReminder } from './appointment-reminders';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** One run of the reminder job at `now`, by a job made afresh (as after a restart: all it knows is in the database). */
const run = (now: Date) => appointmentReminderJob(t.app.appointments).run(now);

/** The kinds a run queued for the appointment. */
const queuedFor = (id: number, queued: QueuedReminder[]) =>
  queued.filter((reminder) => reminder.appointmentId === id).map((reminder) => reminder.kind);

/** YYYY-MM-DD `days` calendar days after `day`. */
function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const at = (day: string, time: string) => new Date(clinicInstant(day, time));
const justBefore = (instant: Date, ms = 1) => new Date(instant.getTime() - ms);

/** When each reminder of an appointment on `day` is due: 09:00 clinic time, 5, 3 and 2 days before. */
const duesOf = (day: string) => ({
  stop_antihistamines: at(plusDays(day, -5), '09:00'),
  stop_nasal_antihistamines: at(plusDays(day, -3), '09:00'),
  two_days_before: at(plusDays(day, -2), '09:00'),
});

let windows = 0;
/**
 * A clinic day of its own for a test's appointments, 12 days from any other's: a run at a time inside one test's
 * reminders (5 days before its day to its day, and 3 days after for a move) finds no other test's reminders due.
 */
const nextWindow = () => clinicDayFromToday(12 + 12 * windows++);

/** The reminders recorded for the appointment, as `kind@starts_at`, sorted. */
async function recorded(id: number): Promise<string[]> {
  const rows = await db()
    .select()
    .from(appointmentReminders)
    .where(eq(appointmentReminders.appointmentId, id));
  return rows.map((row) => `${row.kind}@${row.startsAt.toISOString()}`).sort();
}

/** The subjects of the reminder e-mails queued about the appointment, oldest first. */
async function reminderSubjects(id: number): Promise<string[]> {
  return (await emailsAbout(db(), id))
    .map((email) => email.subject)
    .filter((subject) => subject.startsWith('Reminder:'));
}

/** Staff book a new slot at `time` on `day` for a patient (an allergy test, or a video call). */
async function staffBookingOn(day: string, time = '10:00', options: { video?: boolean } = {}) {
  const slotId = await insertSlot(db(), { startsAt: clinicInstant(day, time), isVideoCall: options.video });
  const form = options.video ? videoStaffForm(slotId) : staffForm(slotId);
  const response = await postStaffBooking(t.app, t.auth, form);
  expect(response.statusCode).toBe(201);
  return { id: response.json().transaction.id as number, slotId };
}

/** A visitor holds a new slot at `time` on `day` and books it; paid by card unless `paid` is false. */
async function visitorBookingOn(day: string, time: string, paid = true) {
  const slotId = await insertSlot(db(), { startsAt: clinicInstant(day, time) });
  const holdToken = await holdSlot(t.app, slotId);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': holdToken },
    payload: { patient: adultForm(slotId) },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(201);
  const patient = response.json().patient as { id: number; access_token: string; price: number };
  if (paid) {
    const payment = await pay(
      t.app,
      { patientId: patient.id, token: patient.access_token },
      { price: patient.price * 100 },
    );
    expect(payment.statusCode).toBe(200);
  }
  const [row] = await db().select().from(appointments).where(eq(appointments.patientId, patient.id));
  return { id: row!.id, slotId };
}

/** An appointment stored directly in `status` on a new slot (what the API cannot make: any state at once). */
async function storedOn(day: string, time: string, status: AppointmentStatus, video = false) {
  const slotId = await insertSlot(db(), {
    startsAt: clinicInstant(day, time),
    minutes: 10,
    status: 'booked',
    isVideoCall: video,
  });
  const [patient] = await db()
    .insert(patients)
    .values({
      firstName: 'Stored',
      lastName: time,
      email: 'stored@example.ie',
      phone: '087 000 0000',
      isAdult: true,
    })
    .returning();
  const [row] = await db()
    .insert(appointments)
    .values({ patientId: patient!.id, slotId, status, bookedByAdmin: true, priceCents: 180_00 })
    .returning();
  return row!.id;
}

describe('appointment reminders', () => {
  it('remind an allergy test three times, each once, at 09:00 clinic time on its day, over repeated runs', async () => {
    const day = nextWindow();
    const { id } = await staffBookingOn(day);
    const dues = duesOf(day);
    const start = at(day, '10:00');

    const kindsAt = async (now: Date) => queuedFor(id, await run(now));
    expect(await kindsAt(justBefore(dues.stop_antihistamines))).toEqual([]);
    expect(await kindsAt(dues.stop_antihistamines)).toEqual(['stop_antihistamines']);
    expect(await kindsAt(dues.stop_antihistamines)).toEqual([]);
    expect(await kindsAt(justBefore(dues.stop_nasal_antihistamines))).toEqual([]);
    expect(await kindsAt(dues.stop_nasal_antihistamines)).toEqual(['stop_nasal_antihistamines']);
    expect(await kindsAt(justBefore(dues.two_days_before))).toEqual([]);
    expect(await kindsAt(dues.two_days_before)).toEqual(['two_days_before']);
    for (const now of [
      dues.two_days_before,
      justBefore(start, 60_000),
      start,
      at(plusDays(day, 1), '09:00'),
    ]) {
      expect(await kindsAt(now)).toEqual([]);
    }

    const startsAt = start.toISOString();
    expect(await recorded(id)).toEqual([
      `stop_antihistamines@${startsAt}`,
      `stop_nasal_antihistamines@${startsAt}`,
      `two_days_before@${startsAt}`,
    ]);
    const mails = (await emailsAbout(db(), id)).filter((email) => email.subject.startsWith('Reminder:'));
    expect(mails.map((email) => email.toAddress)).toEqual([
      'aoife@example.ie',
      'aoife@example.ie',
      'aoife@example.ie',
    ]);
    expect(mails[0]?.textBody).toContain('Please stop taking antihistamine tablets and syrups from');

    // Staff see them among the appointment's e-mails.
    const detail = await t.app.inject({ url: `/api/admin/transactions/${id}`, headers: t.auth });
    const subjects = (detail.json().transaction.emails as { subject: string }[]).map(
      (email) => email.subject,
    );
    expect(subjects.filter((subject) => subject.startsWith('Reminder:'))).toEqual(
      mails.map((email) => email.subject),
    );
  });

  it('remind a video call only two days before', async () => {
    const day = nextWindow();
    const { id } = await staffBookingOn(day, '11:00', { video: true });
    const dues = duesOf(day);
    const queued: AppointmentReminderKind[] = [];
    for (const now of [
      dues.stop_antihistamines,
      dues.stop_nasal_antihistamines,
      justBefore(dues.two_days_before),
      dues.two_days_before,
      justBefore(at(day, '11:00'), 60_000),
    ]) {
      queued.push(...queuedFor(id, await run(now)));
    }
    expect(queued).toEqual(['two_days_before']);
    expect(await reminderSubjects(id)).toEqual([
      expect.stringMatching(/^Reminder: your video consultation on /),
    ]);
  });

  it('are sent only for booked and paid appointments: none for one being booked, cancelled, refunded, attended or missed', async () => {
    const day = nextWindow();
    const booked = await staffBookingOn(day, '09:00');
    const paid = await visitorBookingOn(day, '09:40');
    const held = await visitorBookingOn(day, '10:20', false);
    const cancelled = await staffBookingOn(day, '11:00');
    const refunded = await visitorBookingOn(day, '11:40');
    const attended = await storedOn(day, '12:20', 'attended');
    const noShow = await storedOn(day, '13:00', 'no_show');
    expect((await deleteAppointment(t.app, t.auth, cancelled.id)).statusCode).toBe(204);
    expect((await refundAppointment(t.app, t.auth, refunded.id)).statusCode).toBe(200);
    expect((await appointmentRow(db(), refunded.id))?.status).toBe('refunded');
    // Cancelled after its first reminder: nothing more.
    const cancelledLater = await staffBookingOn(day, '13:40');
    const dues = duesOf(day);
    expect(queuedFor(cancelledLater.id, await run(dues.stop_antihistamines))).toEqual([
      'stop_antihistamines',
    ]);
    expect((await deleteAppointment(t.app, t.auth, cancelledLater.id)).statusCode).toBe(204);

    const queued = [
      ...(await run(dues.stop_nasal_antihistamines)),
      ...(await run(at(plusDays(day, -1), '12:00'))),
    ];
    expect(queuedFor(booked.id, queued)).toEqual(['stop_nasal_antihistamines', 'two_days_before']);
    expect(queuedFor(paid.id, queued)).toEqual(['stop_nasal_antihistamines', 'two_days_before']);
    for (const id of [held.id, cancelled.id, refunded.id, attended, noShow, cancelledLater.id]) {
      expect(queuedFor(id, queued)).toEqual([]);
    }
    expect(await reminderSubjects(booked.id)).toHaveLength(3);
    expect(await reminderSubjects(paid.id)).toHaveLength(3);
    expect(await reminderSubjects(cancelledLater.id)).toHaveLength(1);
    for (const id of [held.id, cancelled.id, refunded.id, attended, noShow]) {
      expect(await reminderSubjects(id)).toEqual([]);
      expect(await recorded(id)).toEqual([]);
    }
  });

  it('remind a moved appointment of its new time only, the old time no more', async () => {
    const oldDay = nextWindow();
    const newDay = plusDays(oldDay, 3);
    const { id } = await staffBookingOn(oldDay);
    const oldDues = duesOf(oldDay);
    const newDues = duesOf(newDay);
    expect(queuedFor(id, await run(oldDues.stop_antihistamines))).toEqual(['stop_antihistamines']);

    const next = await insertSlot(db(), { startsAt: clinicInstant(newDay, '10:00') });
    const moved = await putAppointment(t.app, t.auth, id, { ...staffForm(next), 'session[id]': next });
    expect(moved.statusCode).toBe(200);

    // The old time's nasal reminder is not sent; the new time's reminders come on their own days.
    expect(queuedFor(id, await run(oldDues.stop_nasal_antihistamines))).toEqual([]);
    // The old time's two-day reminder was due when the new time's first one is.
    expect(newDues.stop_antihistamines).toEqual(oldDues.two_days_before);
    expect(queuedFor(id, await run(newDues.stop_antihistamines))).toEqual(['stop_antihistamines']);
    expect(queuedFor(id, await run(newDues.stop_nasal_antihistamines))).toEqual([
      'stop_nasal_antihistamines',
    ]);
    expect(queuedFor(id, await run(at(oldDay, '10:30')))).toEqual([]);
    expect(queuedFor(id, await run(newDues.two_days_before))).toEqual(['two_days_before']);

    const oldStart = at(oldDay, '10:00').toISOString();
    const newStart = at(newDay, '10:00').toISOString();
    expect(await recorded(id)).toEqual(
      [
        `stop_antihistamines@${oldStart}`,
        `stop_antihistamines@${newStart}`,
        `stop_nasal_antihistamines@${newStart}`,
        `two_days_before@${newStart}`,
      ].sort(),
    );
    const subjects = await reminderSubjects(id);
    expect(subjects).toHaveLength(4);
    // The first told of the old day; the rest of the new one.
    const testDays = subjects.map(
      (subject) => /^Reminder: your allergy test on (\w+ \d+ \w+ \d{4})/.exec(subject)?.[1],
    );
    expect(new Set(testDays.slice(1)).size).toBe(1);
    expect(testDays[1]).not.toBe(testDays[0]);
    expect(testDays[0]).toContain(String(Number(oldDay.slice(8))));
    expect(testDays[1]).toContain(String(Number(newDay.slice(8))));
  });

  it('give an appointment booked or moved after a reminder was due only the reminders still ahead', async () => {
    // Four days ahead: stopping tablets was due yesterday, stopping sprays is due tomorrow.
    const day = clinicDayFromToday(4);
    const booked = await staffBookingOn(day, '10:00');
    const paid = await visitorBookingOn(day, '10:40');
    const far = await staffBookingOn(nextWindow(), '10:00');
    const next = await insertSlot(db(), { startsAt: clinicInstant(day, '11:20') });
    const moved = await putAppointment(t.app, t.auth, far.id, { ...staffForm(next), 'session[id]': next });
    expect(moved.statusCode).toBe(200);

    const queued = [...(await run(at(day, '09:59'))), ...(await run(at(day, '09:59')))];
    for (const id of [booked.id, paid.id, far.id]) {
      expect(queuedFor(id, queued)).toEqual(['stop_nasal_antihistamines', 'two_days_before']);
      expect(await reminderSubjects(id)).toHaveLength(2);
    }
  });

  it('are queued once when several instances run at once, batch after batch', async () => {
    const day = nextWindow();
    const expected: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      const video = index % 4 === 0;
      const minutes = 8 * 60 + index * 15;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const id = await storedOn(day, time, index % 2 === 0 ? 'paid' : 'booked', video);
      const kinds = video
        ? ['two_days_before']
        : ['stop_antihistamines', 'stop_nasal_antihistamines', 'two_days_before'];
      expected.push(...kinds.map((kind) => `${id}:${kind}`));
    }
    const now = at(plusDays(day, -1), '12:00');
    const runs = await Promise.all([run(now), run(now), run(now)]);
    const queued = runs.flat().map((reminder) => `${reminder.appointmentId}:${reminder.kind}`);
    expect(queued.length).toBe(expected.length);
    expect(new Set(queued).size).toBe(queued.length);
    expect(queued.sort()).toEqual(expected.sort());
    expect(await run(now)).toEqual([]);
    // One e-mail each.
    const ids = [...new Set(expected.map((key) => Number(key.split(':')[0])))];
    let mails = 0;
    for (const id of ids) mails += (await reminderSubjects(id)).length;
    expect(mails).toBe(expected.length);
  });

  it('record a reminder once: recording it again answers nothing, so its e-mail is not queued twice', async () => {
    const id = await storedOn(nextWindow(), '10:00', 'booked');
    const startsAt = new Date('2031-01-01T10:00:00Z');
    const first = await recordReminders(db(), [{ appointmentId: id, kind: 'two_days_before', startsAt }]);
    expect(first).toEqual([{ appointmentId: id, kind: 'two_days_before', startsAt }]);
    const again = await recordReminders(db(), [
      { appointmentId: id, kind: 'two_days_before', startsAt },
      { appointmentId: id, kind: 'stop_antihistamines', startsAt },
    ]);
    expect(again).toEqual([{ appointmentId: id, kind: 'stop_antihistamines', startsAt }]);
  });

  // Last: their runs are months ahead, past every other test's appointments whatever the date today.
  it.each([
    [
      'the clocks go forward (last Sunday of March)',
      nextLastSunday(3),
      // Thursday and Saturday in winter time (09:00 is 09:00 UTC), the Sunday in summer time (08:00 UTC).
      { stop_antihistamines: '-3T09:00', stop_nasal_antihistamines: '-1T09:00', two_days_before: '0T08:00' },
    ],
    [
      'the clocks go back (last Sunday of October)',
      nextLastSunday(10),
      // Thursday and Saturday in summer time (08:00 UTC), the Sunday in winter time (09:00 UTC).
      { stop_antihistamines: '-3T08:00', stop_nasal_antihistamines: '-1T08:00', two_days_before: '0T09:00' },
    ],
  ])('are due at 09:00 Dublin time when %s', async (_change, sunday, utc) => {
    // A test on the Tuesday after the change.
    const day = plusDays(sunday, 2);
    const { id } = await staffBookingOn(day, '10:00');
    for (const [kind, offsetAndTime] of Object.entries(utc)) {
      const [offset, time] = offsetAndTime.split('T') as [string, string];
      const due = new Date(`${plusDays(sunday, Number(offset))}T${time}:00.000Z`);
      expect(due).toEqual(duesOf(day)[kind as AppointmentReminderKind]);
      expect(queuedFor(id, await run(justBefore(due)))).toEqual([]);
      expect(queuedFor(id, await run(due))).toEqual([kind]);
    }
    const subjects = await reminderSubjects(id);
    expect(subjects[0]).toContain(
      `stop antihistamines from Thursday ${Number(plusDays(sunday, -3).slice(8))} `,
    );
    expect(subjects[2]).toMatch(
      /^Reminder: your allergy test on Tuesday \d+ (March|November) \d{4} at 10:00$/,
    );
  });
});
