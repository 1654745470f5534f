import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antihistamineTexts, stopDayWords } from '../../../shared/antihistamines';
import type { AppointmentReminderKind } from '../../db/schema';
import {
  adultForm,
  appointmentOf,
  createAdminBookingTestApp,
  holdSlot,
  nextAddress,
  paidBooking,
} from '../../test/booking-fixtures';
import { parseInvite } from '../../test/parsed-invite';
import { clinicDayFromToday, clinicInstant, insertSlot, nextLastSunday } from '../../test/slot-fixtures';
import { appointmentRow, emailsAbout, putAppointment, staffForm } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { appointmentReminderJob } from './appointment-jobs';
import type { QueuedReminder } from './appointment-reminders';
import { forgetBookers } from './forget-bookers';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const text = (content: string) => Buffer.from(content, 'base64').toString('utf8');

/** YYYY-MM-DD `days` calendar days after `day`. */
function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const at = (day: string, time: string) => new Date(clinicInstant(day, time));
const justBefore = (instant: Date) => new Date(instant.getTime() - 1);

let windows = 0;
/** A clinic day of its own, 12 days from any other this file uses, so one test's runs find no other's reminders. */
const nextWindow = () => clinicDayFromToday(14 + 12 * windows++);

interface Link {
  reference: string;
  token: string;
}

async function linkOf(appointmentId: number): Promise<Link> {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

/** A visitor's paid allergy test at 10:00 on `day`, with `antihistamines` as the form sent them. */
async function paidTestOn(day: string, antihistamines?: string, time = '10:00') {
  const booking = await paidBooking(t.app, db(), {
    slot: { startsAt: clinicInstant(day, time) },
    form: antihistamines === undefined ? {} : { antihistamines },
  });
  return { ...booking, link: await linkOf(booking.appointmentId) };
}

/** The booking's current invite from `GET /api/bookings/:reference/ics`. */
const inviteOf = (reference: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/bookings/${reference}/ics`, headers, remoteAddress: nextAddress() });

async function bookingErrors(form: Record<string, unknown>) {
  const slotId = await insertSlot(db(), { startsAt: clinicInstant(nextWindow(), '10:00') });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': await holdSlot(t.app, slotId) },
    payload: { patient: adultForm(slotId, form) },
    remoteAddress: nextAddress(),
  });
  return { status: response.statusCode, errors: response.json().errors as Record<string, string[]> };
}

describe('patient[antihistamines] on a booking', () => {
  it('keeps the choices; the confirmation names each stop day and the invite has the stop-day event with its alarm', async () => {
    const day = nextWindow();
    const booking = await paidTestOn(day, 'nasal, tablets');
    expect((await appointmentRow(db(), booking.appointmentId))?.antihistamines).toEqual(['tablets', 'nasal']);

    const [confirmation] = await emailsAbout(db(), booking.appointmentId);
    const tabletsDay = stopDayWords(plusDays(day, -5));
    const spraysDay = stopDayWords(plusDays(day, -3));
    expect(confirmation?.textBody).toContain(
      `Stop cetirizine-type tablets and syrups on ${tabletsDay} (5 days before the test).`,
    );
    expect(confirmation?.textBody).toContain(
      `Stop antihistamine nasal sprays on ${spraysDay} (3 days before the test).`,
    );
    expect(confirmation?.subject).not.toMatch(/antihistamine|tablet|spray/i);

    const file = confirmation!.attachments.find((attachment) => attachment.filename.endsWith('.ics'))!;
    const [appointment, stop, nasalStop, ...more] = parseInvite(text(file.content));
    expect(more).toEqual([]);
    expect(appointment).toMatchObject({
      uid: `appointment-${booking.appointmentId}@dublinallergyclinic.ie`,
      sequence: 0,
      start: at(day, '10:00').toISOString(),
      alarms: [],
    });
    // One event for each day to stop something: the tablets' 5 days before, the nasal spray's 3, each with its alarm.
    expect(stop).toMatchObject({
      uid: `appointment-${booking.appointmentId}-stop-5@dublinallergyclinic.ie`,
      sequence: 0,
      allDay: true,
      start: plusDays(day, -5),
      end: plusDays(day, -4),
      status: 'CONFIRMED',
      alarms: [{ action: 'DISPLAY', trigger: 'PT9H' }],
    });
    expect(nasalStop).toMatchObject({
      uid: `appointment-${booking.appointmentId}-stop-3@dublinallergyclinic.ie`,
      sequence: 0,
      allDay: true,
      start: plusDays(day, -3),
      end: plusDays(day, -2),
      status: 'CONFIRMED',
      alarms: [{ action: 'DISPLAY', trigger: 'PT9H' }],
    });
    // A calendar may be shared: no medicine is named in it.
    for (const event of [stop, nasalStop]) {
      expect(`${event?.summary} ${event?.description}`).not.toMatch(/tablet|spray|drops|cetirizine/i);
    }

    // The page of the booking link names the same days.
    const page = await t.app.inject({
      url: `/api/bookings/${booking.link.reference}`,
      headers: { 'x-manage-token': booking.link.token },
      remoteAddress: nextAddress(),
    });
    expect(page.json().booking.antihistamines).toEqual({
      answered: true,
      ask_pharmacist: false,
      stop_days: [
        {
          medicine: 'tablets',
          day: plusDays(day, -5),
          days_before: 5,
          text: `Stop cetirizine-type tablets and syrups on ${tabletsDay}`,
        },
        {
          medicine: 'nasal',
          day: plusDays(day, -3),
          days_before: 3,
          text: `Stop antihistamine nasal sprays on ${spraysDay}`,
        },
      ],
    });
  });

  it('stops 3 days before for eye drops alone, says there is nothing to stop for none, and asks a pharmacist when not sure', async () => {
    const eyesDay = nextWindow();
    const eyes = await paidTestOn(eyesDay, 'eye_drops');
    const [eyesMail] = await emailsAbout(db(), eyes.appointmentId);
    expect(parseInvite(text(eyesMail!.attachments[0]!.content))[1]?.start).toBe(plusDays(eyesDay, -3));

    const none = await paidTestOn(nextWindow(), 'none');
    const [noneMail] = await emailsAbout(db(), none.appointmentId);
    expect(noneMail?.textBody).toContain(antihistamineTexts.nothingToStop);
    expect(noneMail?.textBody).not.toContain('Stop taking antihistamine tablets');
    expect(parseInvite(text(noneMail!.attachments[0]!.content))).toHaveLength(1);

    const unsure = await paidTestOn(nextWindow(), 'not_sure');
    const [unsureMail] = await emailsAbout(db(), unsure.appointmentId);
    expect(unsureMail?.textBody).toContain('Stop any medicine that may be an antihistamine on');
    expect(unsureMail?.textBody).toContain(antihistamineTexts.askPharmacist);
  });

  it('refuses a medicine outside the list and none with others, beside the field (422)', async () => {
    expect(await bookingErrors({ antihistamines: 'tablets,aspirin' })).toMatchObject({
      status: 422,
      errors: { antihistamines: [antihistamineTexts.unknown] },
    });
    expect(await bookingErrors({ antihistamines: 'none,nasal' })).toMatchObject({
      status: 422,
      errors: { antihistamines: [antihistamineTexts.noneWithOthers] },
    });
    const tooLong = await bookingErrors({ antihistamines: 'tablets,'.repeat(40) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.errors.antihistamines).toHaveLength(1);
  });

  it('is forgotten with the booker (erasure, retention), the appointment kept for the accounts', async () => {
    const booking = await paidTestOn(nextWindow(), 'tablets');
    await forgetBookers(db(), [booking.appointmentId], []);
    const row = await appointmentRow(db(), booking.appointmentId);
    expect(row?.antihistamines).toBeNull();
    expect(row?.priceCents).toBe(180_00);
  });

  it('is not asked of a video consultation: nothing kept', async () => {
    const booking = await paidBooking(t.app, db(), {
      slot: { startsAt: clinicInstant(nextWindow(), '10:00'), isVideoCall: true },
      form: { is_video_call: true, antihistamines: 'tablets', antihistamine: false, agreement: false },
    });
    expect((await appointmentOf(db(), booking.patientId)).antihistamines).toBeNull();
    const [mail] = await emailsAbout(db(), booking.appointmentId);
    expect(parseInvite(text(mail!.attachments[0]!.content))).toHaveLength(1);
  });
});

describe('GET /api/bookings/:reference/ics', () => {
  it("answers the current invite with the manage or the booking's own token; after a move the same UIDs, a higher SEQUENCE, the stop day moved", async () => {
    const day = nextWindow();
    const booking = await paidTestOn(day, 'tablets');
    const byManage = await inviteOf(booking.link.reference, { 'x-manage-token': booking.link.token });
    expect(byManage.statusCode).toBe(200);
    expect(byManage.headers['content-type']).toMatch(/^text\/calendar/);
    expect(byManage.headers['cache-control']).toBe('no-store');
    const byBooking = await inviteOf(booking.link.reference, { 'x-booking-token': booking.token });
    expect(byBooking.statusCode).toBe(200);
    expect(parseInvite(byBooking.body).map((event) => event.start)).toEqual(
      parseInvite(byManage.body).map((event) => event.start),
    );
    const wrong: Record<string, string>[] = [
      {},
      { 'x-manage-token': 'x'.repeat(43) },
      { 'x-booking-token': booking.link.token },
    ];
    for (const headers of wrong) {
      expect((await inviteOf(booking.link.reference, headers)).statusCode).toBe(404);
    }
    expect((await inviteOf('ZZZZZZZZ', { 'x-manage-token': booking.link.token })).statusCode).toBe(404);

    // The patient moves it two days later.
    const newDay = plusDays(day, 2);
    const next = await insertSlot(db(), { startsAt: clinicInstant(newDay, '11:00') });
    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.link.reference}/sessions/${next}`,
      headers: { 'x-manage-token': booking.link.token },
      remoteAddress: nextAddress(),
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.link.reference}/move`,
      headers: { 'x-manage-token': booking.link.token, 'x-hold-token': hold.json().hold_token },
      payload: { session_id: next },
      remoteAddress: nextAddress(),
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const mails = await emailsAbout(db(), booking.appointmentId);
    const movedMail = mails.find((mail) => mail.subject.includes('has moved'))!;
    expect(movedMail.textBody).toContain(
      `Stop cetirizine-type tablets and syrups on ${stopDayWords(plusDays(newDay, -5))}`,
    );
    for (const events of [
      parseInvite(text(movedMail.attachments[0]!.content)),
      parseInvite((await inviteOf(booking.link.reference, { 'x-manage-token': booking.link.token })).body),
    ]) {
      expect(events.map(({ uid, sequence, start }) => ({ uid, sequence, start }))).toEqual([
        {
          uid: `appointment-${booking.appointmentId}@dublinallergyclinic.ie`,
          sequence: 1,
          start: at(newDay, '11:00').toISOString(),
        },
        {
          uid: `appointment-${booking.appointmentId}-stop-5@dublinallergyclinic.ie`,
          sequence: 1,
          start: plusDays(newDay, -5),
        },
      ]);
    }
  });
});

describe('the invite of a test with two stop days', () => {
  it('keeps one event a day through moves (same UIDs, higher SEQUENCE), and cancels the one a short-notice move merges; the booking page serves the same file', async () => {
    const day = nextWindow();
    const booking = await paidTestOn(day, 'tablets,nasal,cough_cold_sleep');
    const uid = (lead: number) => `appointment-${booking.appointmentId}-stop-${lead}@dublinallergyclinic.ie`;
    const stopsOf = (content: string) =>
      parseInvite(content)
        .slice(1)
        .map(({ uid, sequence, start, status, alarms }) => ({ uid, sequence, start, status, alarms }));
    const alarm = [{ action: 'DISPLAY', trigger: 'PT9H' }];
    const [confirmation] = await emailsAbout(db(), booking.appointmentId);
    // Tablets and cough remedies share the 5-day event; the nasal spray has its own.
    expect(stopsOf(text(confirmation!.attachments[0]!.content))).toEqual([
      { uid: uid(5), sequence: 0, start: plusDays(day, -5), status: 'CONFIRMED', alarms: alarm },
      { uid: uid(3), sequence: 0, start: plusDays(day, -3), status: 'CONFIRMED', alarms: alarm },
    ]);

    // Staff move it a week later: both days move, same UIDs, the next SEQUENCE.
    const later = plusDays(day, 7);
    const laterSlot = await insertSlot(db(), { startsAt: clinicInstant(later, '10:00') });
    const first = await putAppointment(t.app, t.auth, booking.appointmentId, {
      ...staffForm(laterSlot),
      'session[id]': laterSlot,
    });
    expect(first.statusCode, first.body).toBe(200);
    const movedMails = async () =>
      (await emailsAbout(db(), booking.appointmentId)).filter((mail) => mail.subject.includes('has moved'));
    expect(stopsOf(text((await movedMails())[0]!.attachments[0]!.content))).toEqual([
      { uid: uid(5), sequence: 1, start: plusDays(later, -5), status: 'CONFIRMED', alarms: alarm },
      { uid: uid(3), sequence: 1, start: plusDays(later, -3), status: 'CONFIRMED', alarms: alarm },
    ]);

    // Then to the day after tomorrow: both days are behind, so both are today; one event stays (the 5-day one, with
    // its alarm), the other is sent cancelled so the patient's calendar drops it.
    const today = clinicDayFromToday(0);
    const soon = await insertSlot(db(), { startsAt: clinicInstant(clinicDayFromToday(2), '16:20') });
    const second = await putAppointment(t.app, t.auth, booking.appointmentId, {
      ...staffForm(soon),
      'session[id]': soon,
    });
    expect(second.statusCode, second.body).toBe(200);
    const mailed = text((await movedMails())[1]!.attachments[0]!.content);
    const expected = [
      { uid: uid(5), sequence: 2, start: today, status: 'CONFIRMED', alarms: alarm },
      { uid: uid(3), sequence: 2, start: today, status: 'CANCELLED', alarms: [] },
    ];
    expect(stopsOf(mailed)).toEqual(expected);
    // The booking page's "Add to calendar" is the same file.
    const served = await inviteOf(booking.link.reference, { 'x-manage-token': booking.link.token });
    expect(stopsOf(served.body)).toEqual(expected);
    expect(parseInvite(served.body)[0]).toMatchObject({ sequence: 2, status: 'CONFIRMED' });
  });
});

describe('stop-day reminders', () => {
  const run = (now: Date) => appointmentReminderJob(t.app.appointments).run(now);
  const queuedFor = (id: number, queued: QueuedReminder[]) =>
    queued.filter((reminder) => reminder.appointmentId === id).map((reminder) => reminder.kind);

  /** Runs the job at each instant (twice, as two instances would) and answers what it queued for `id`, in order. */
  async function queuedAt(id: number, instants: Date[]): Promise<AppointmentReminderKind[]> {
    const kinds: AppointmentReminderKind[] = [];
    for (const now of instants) kinds.push(...queuedFor(id, [...(await run(now)), ...(await run(now))]));
    return kinds;
  }

  /** Every instant a reminder of an appointment on `day` could be due, and the instant just before each. */
  const everyDue = (day: string) =>
    [5, 3, 2].flatMap((days) => {
      const due = at(plusDays(day, -days), '09:00');
      return [justBefore(due), due];
    });

  it("go on each medicine's own day, once; only what the patient takes; with the way-out link", async () => {
    const cases: [string, AppointmentReminderKind[]][] = [
      ['tablets,nasal', ['stop_antihistamines', 'stop_nasal_antihistamines', 'two_days_before']],
      ['eye_drops', ['stop_nasal_antihistamines', 'two_days_before']],
      ['cough_cold_sleep', ['stop_antihistamines', 'two_days_before']],
      ['not_sure', ['stop_antihistamines', 'two_days_before']],
      ['none', ['two_days_before']],
    ];
    const day = nextWindow();
    const bookings = [];
    for (const [index, [choice]] of cases.entries()) {
      bookings.push(await paidTestOn(day, choice, `${10 + index}:00`));
    }
    const ours = new Set(bookings.map((booking) => booking.appointmentId));
    const queued = new Map<number, AppointmentReminderKind[]>();
    for (const [index, now] of everyDue(day).entries()) {
      const ran = [...(await run(now)), ...(await run(now))].filter((r) => ours.has(r.appointmentId));
      // Nothing is due the millisecond before a reminder's time (the even instants).
      if (index % 2 === 0) expect(ran).toEqual([]);
      for (const reminder of ran) {
        queued.set(reminder.appointmentId, [...(queued.get(reminder.appointmentId) ?? []), reminder.kind]);
      }
    }
    for (const [index, [choice, kinds]] of cases.entries()) {
      expect(queued.get(bookings[index]!.appointmentId), choice).toEqual(kinds);
    }

    const both = bookings[0]!;
    const reminders = (await emailsAbout(db(), both.appointmentId)).filter((mail) =>
      mail.subject.startsWith('Reminder:'),
    );
    const [fiveDays, threeDays] = reminders;
    expect(fiveDays?.subject).toMatch(/^Reminder: your allergy test on .*: how to prepare from today$/);
    expect(fiveDays?.textBody).toContain(
      `Stop cetirizine-type tablets and syrups on ${stopDayWords(plusDays(day, -5))} (today).`,
    );
    expect(fiveDays?.textBody).toContain(
      `Stop antihistamine nasal sprays on ${stopDayWords(plusDays(day, -3))}; we will remind you then.`,
    );
    expect(threeDays?.textBody).toContain(
      `Stop antihistamine nasal sprays on ${stopDayWords(plusDays(day, -3))} (today).`,
    );
    expect(fiveDays?.textBody).toContain(`/booking/${both.link.reference}#way-out`);
    expect(reminders[2]?.textBody).toContain(
      `Keep antihistamine nasal sprays stopped until the test (stopped from ${stopDayWords(plusDays(day, -3))}).`,
    );
    expect(fiveDays?.textBody).not.toContain(both.link.token);

    const unsure = (await emailsAbout(db(), bookings[3]!.appointmentId)).find((mail) =>
      mail.subject.startsWith('Reminder:'),
    );
    expect(unsure?.textBody).toContain(antihistamineTexts.askPharmacist);
  });

  it('move with the appointment, the choice kept through a staff edit', async () => {
    const oldDay = nextWindow();
    const newDay = plusDays(oldDay, 4);
    const booking = await paidTestOn(oldDay, 'eye_drops');
    const next = await insertSlot(db(), { startsAt: clinicInstant(newDay, '10:00') });
    const moved = await putAppointment(t.app, t.auth, booking.appointmentId, {
      ...staffForm(next),
      'session[id]': next,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db(), booking.appointmentId))?.antihistamines).toEqual(['eye_drops']);

    expect(await queuedAt(booking.appointmentId, everyDue(oldDay))).toEqual([]);
    expect(await queuedAt(booking.appointmentId, everyDue(newDay))).toEqual([
      'stop_nasal_antihistamines',
      'two_days_before',
    ]);
  });

  it('are due at 09:00 clinic time on a daylight-saving Sunday, in March and in October', async () => {
    for (const [month, offsetHours] of [
      [3, 1],
      [10, 0],
    ] as const) {
      const sunday = nextLastSunday(month);
      // Tablets stopped on the Sunday for a test on the Friday after; nasal sprays for a test on the Wednesday.
      // Late in the day: the other tests' days may fall on these too.
      const tablets = await paidTestOn(plusDays(sunday, 5), 'tablets', '16:00');
      const nasal = await paidTestOn(plusDays(sunday, 3), 'nasal', '16:40');
      const due = at(sunday, '09:00');
      // 09:00 in Dublin: 08:00 UTC on the March Sunday (summer time has begun), 09:00 UTC on the October one.
      expect(due.toISOString()).toBe(`${sunday}T0${9 - offsetHours}:00:00.000Z`);
      const ran = [...(await run(justBefore(due))), ...(await run(due)), ...(await run(due))];
      expect(queuedFor(tablets.appointmentId, ran)).toEqual(['stop_antihistamines']);
      expect(queuedFor(nasal.appointmentId, ran)).toEqual(['stop_nasal_antihistamines']);
      const [confirmation] = await emailsAbout(db(), tablets.appointmentId);
      expect(parseInvite(text(confirmation!.attachments[0]!.content))[1]?.start).toBe(sunday);
    }
  });
});
