import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  appointments,
  auditLog,
  emailOutbox,
  patients,
  textOutbox,
  textReplies,
  waitlistEntries,
} from '../../db/schema';
import { adultForm, holdSlot, nextAddress } from '../../test/booking-fixtures';
import {
  type FakeTwilio,
  signedTwilioRequest,
  startFakeTwilio,
  TWILIO_TEST_SID,
  TWILIO_TEST_TOKEN,
} from '../../test/fake-twilio';
import { clinicDayFromToday, clinicInstant, insertSlot, nextLastSunday } from '../../test/slot-fixtures';
import { postStaffBooking, putAppointment, staffForm } from '../../test/staff-fixtures';
import { type AdminTestApp, signInAsNewStaff, testConfig, withSignedInAdmin } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { appointmentReminderJob } from '../appointments/appointment-jobs';
import { purgeExpiredData } from '../retention/retention-service';
import { isQuietHour, textSendableFrom } from './quiet-hours';
import { sendDueTexts } from './text-sender';
import { createTwilioProvider, loadTwilioSdk } from './twilio-provider';

let fake: FakeTwilio;
let t: AdminTestApp;
const now = new Date();
const PUBLIC_URL = 'http://clinic.test';
const STATUS_URL = `${PUBLIC_URL}/api/webhooks/twilio/status`;
const INBOUND_URL = `${PUBLIC_URL}/api/webhooks/twilio/inbound`;

beforeAll(async () => {
  fake = await startFakeTwilio();
  const database = await createTestDatabase();
  const provider = createTwilioProvider(
    { accountSid: TWILIO_TEST_SID, authToken: TWILIO_TEST_TOKEN, from: '+353861234567', apiUrl: fake.url },
    await loadTwilioSdk(),
  );
  const app = await buildApp({
    config: testConfig({ CLINIC_EMAIL: 'desk@clinic.test' }),
    database,
    web: false,
    textProvider: provider,
    clock: () => now,
  });
  await app.ready();
  t = await withSignedInAdmin({
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.database.db;
const at = (day: string, time: string) => new Date(clinicInstant(day, time));
const sender = () => ({
  db: db(),
  provider: t.app.textProvider!,
  statusCallbackUrl: STATUS_URL,
  logger: t.app.log,
});
const sendAt = (instant: Date) => sendDueTexts(sender(), instant);

let windows = 0;
/** A clinic day of its own, 12 days from any other test's, so one test's reminders are not another's. */
const nextWindow = () => clinicDayFromToday(14 + 12 * windows++);
function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Staff move the appointment to a new slot at `time` on `day`, the form otherwise as booked. */
async function staffMove(id: number, day: string, time: string, phone: string) {
  const slotId = await insertSlot(db(), { startsAt: clinicInstant(day, time) });
  return putAppointment(t.app, t.auth, id, {
    ...staffForm(slotId, { phone, allergens: 'Peanuts and tree nuts' }),
    'session[id]': slotId,
  });
}

/** Staff book a test at 10:00 on `day` for a patient who agreed to texts at an Irish mobile. */
async function consentingBooking(day: string, phone = '087 555 0101', time = '10:00') {
  const slotId = await insertSlot(db(), { startsAt: clinicInstant(day, time) });
  const response = await postStaffBooking(
    t.app,
    t.auth,
    staffForm(slotId, { phone, sms_consent: 'true', allergens: 'Peanuts and tree nuts' }),
  );
  expect(response.statusCode).toBe(201);
  const id = response.json().transaction.id as number;
  const [row] = await db().select().from(appointments).where(eq(appointments.id, id));
  return { id, patientId: row!.patientId!, slotId };
}

const textsOf = (appointmentId: number) =>
  db().select().from(textOutbox).where(eq(textOutbox.appointmentId, appointmentId)).orderBy(textOutbox.id);

const postStatus = (fields: Record<string, string>, signed = true) => {
  const request = signedTwilioRequest(STATUS_URL, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/status',
    payload: request.payload,
    headers: signed ? request.headers : { 'content-type': request.headers['content-type'] },
  });
};
const postInbound = (fields: Record<string, string>) => {
  const request = signedTwilioRequest(INBOUND_URL, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/inbound',
    payload: request.payload,
    headers: request.headers,
  });
};

describe('a text through the fake Twilio', () => {
  it('records consent with its time and the E.164 number, texts the 2-day reminder once, and follows its delivery', async () => {
    const day = nextWindow();
    const { id, patientId } = await consentingBooking(day);
    const [patient] = await db().select().from(patients).where(eq(patients.id, patientId));
    expect(patient!.smsPhone).toBe('+353875550101');
    expect(patient!.smsConsentAt).toBeInstanceOf(Date);
    expect(patient!.phone).toBe('087 555 0101');

    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    await appointmentReminderJob(t.app.appointments).run(due);
    const [text, ...more] = await textsOf(id);
    expect(more).toEqual([]);
    expect(text).toMatchObject({ kind: 'reminder', status: 'queued', toPhone: '+353875550101' });
    // The time, the place and a short link; never the test's name nor the patient's answers.
    expect(text!.body).toContain('10:00');
    expect(text!.body).toContain('Sandyford');
    expect(text!.body).toMatch(/http:\/\/clinic\.test\/booking\/[0-9A-Z]+ /);
    expect(text!.body.length).toBeLessThanOrEqual(306);
    const words = text!.body.replace('Dublin Allergy Clinic', '').replace(/http\S+/, '');
    expect(words).not.toMatch(/allerg|test|peanut|antihistamine/i);
    // The e-mail goes as well: it carries the message if the text fails.
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.appointmentId, id));
    expect(emails.some((email) => email.subject.startsWith('Reminder:'))).toBe(true);

    const before = fake.sent.length;
    expect(await sendAt(new Date(due.getTime() + 60_000))).toMatchObject({ sent: 1, failed: 0 });
    expect(await sendAt(new Date(due.getTime() + 120_000))).toMatchObject({ sent: 0 });
    expect(fake.sent.slice(before)).toEqual([
      expect.objectContaining({
        to: '+353875550101',
        from: '+353861234567',
        body: text!.body,
        statusCallback: STATUS_URL,
      }),
    ]);
    const [sent] = await textsOf(id);
    expect(sent).toMatchObject({ status: 'sent', providerStatus: 'queued' });
    const sid = sent!.providerId!;

    expect(
      (await postStatus({ MessageSid: sid, MessageStatus: 'sent', AccountSid: TWILIO_TEST_SID })).statusCode,
    ).toBe(200);
    const delivered = await postStatus({
      MessageSid: sid,
      MessageStatus: 'delivered',
      AccountSid: TWILIO_TEST_SID,
    });
    expect(delivered.statusCode).toBe(200);
    // A late 'sent' never undoes 'delivered'; a replay is refused.
    const replay = await postStatus({
      MessageSid: sid,
      MessageStatus: 'delivered',
      AccountSid: TWILIO_TEST_SID,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('webhook_replayed');
    const [after] = await textsOf(id);
    expect(after).toMatchObject({ status: 'delivered', providerStatus: 'delivered' });

    // Staff's screen shows both channels.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/transactions/${id}`,
      headers: t.auth,
    });
    expect(detail.statusCode).toBe(200);
    const texts = detail.json().transaction.texts;
    expect(texts).toMatchObject({ set_up: true, consent: 'given' });
    expect(texts.messages).toEqual([expect.objectContaining({ kind: 'reminder', status: 'delivered' })]);
    expect(detail.json().transaction.emails.length).toBeGreaterThan(0);
  });

  it('fails a text with the provider reason from the signed callback, and keeps the e-mail', async () => {
    const day = nextWindow();
    const { id } = await consentingBooking(day, '+353 85 555 0102');
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    await sendAt(new Date(due.getTime() + 1000));
    const [sent] = await textsOf(id);
    const fields = {
      MessageSid: sent!.providerId!,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      AccountSid: TWILIO_TEST_SID,
    };
    expect((await postStatus(fields)).statusCode).toBe(200);
    const [failed] = await textsOf(id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Twilio error 30003' });
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth });
    expect(dashboard.json().texts.failed).toBeGreaterThanOrEqual(1);
  });

  it('refuses unsigned, wrongly signed and unknown callbacks, changing nothing', async () => {
    const fields = { MessageSid: 'SM999', MessageStatus: 'delivered' };
    const unsigned = await postStatus(fields, false);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe('webhook_signature_invalid');
    const forged = signedTwilioRequest(STATUS_URL, fields, 'another-token-0123456789');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      payload: forged.payload,
      headers: forged.headers,
    });
    expect(wrong.statusCode).toBe(403);
    const unknown = await postStatus(fields);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('text_not_found');
    // The refused status was not recorded: the same callback for a real message later is not taken for a replay.
    const missing = await postStatus({ MessageSid: 'SM999' });
    expect(missing.statusCode).toBe(400);
  });

  it('retries when Twilio is unavailable and fails at once a number Twilio refuses', async () => {
    const day = nextWindow();
    const first = await consentingBooking(day, '087 555 0103');
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    fake.failNext('unavailable');
    expect(await sendAt(new Date(due.getTime() + 1000))).toMatchObject({ sent: 0, failed: 1 });
    const [waiting] = await textsOf(first.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await sendAt(new Date(due.getTime() + 2 * 60_000))).toMatchObject({ sent: 1 });

    const other = await consentingBooking(plusDays(day, 1), '087 555 0104');
    await appointmentReminderJob(t.app.appointments).run(at(plusDays(day, -1), '09:00'));
    fake.failNext('invalid_number');
    await sendAt(at(plusDays(day, -1), '09:01'));
    const [refused] = await textsOf(other.id);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused!.lastError).toContain('21211');
  });
});

describe('each text once', () => {
  it('two senders at once send each text once; a text interrupted mid-send is failed, never sent again', async () => {
    const day = nextWindow();
    const bookings = [];
    for (const [phone, time] of [
      ['087 555 0111', '10:00'],
      ['087 555 0112', '11:00'],
      ['087 555 0113', '12:00'],
    ] as const) {
      bookings.push(await consentingBooking(day, phone, time));
    }
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    const before = fake.sent.length;
    const runs = await Promise.all([sendAt(due), sendAt(due), sendAt(due)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
    const sentTo = fake.sent.slice(before).map((message) => message.to);
    expect(sentTo.sort()).toEqual(['+353875550111', '+353875550112', '+353875550113']);

    // A sender died after claiming a text (its claim lapsed): the next run fails it rather than send it twice.
    const late = await consentingBooking(plusDays(day, 1), '087 555 0114');
    await appointmentReminderJob(t.app.appointments).run(at(plusDays(day, -1), '09:00'));
    await db()
      .update(textOutbox)
      .set({ status: 'sending', lockedUntil: at(plusDays(day, -1), '09:01') })
      .where(eq(textOutbox.appointmentId, late.id));
    const count = fake.sent.length;
    await sendAt(at(plusDays(day, -1), '09:05'));
    expect(fake.sent.length).toBe(count);
    const [interrupted] = await textsOf(late.id);
    expect(interrupted!.status).toBe('failed');
  });
});

describe('quiet hours', () => {
  it('holds a text due at night until 08:00 clinic time', async () => {
    const day = nextWindow();
    const { id } = await consentingBooking(day, '087 555 0121');
    // Staff move it in the evening: the new time's text waits for the morning.
    const evening = at(plusDays(day, -5), '22:30');
    const moved = await staffMove(id, day, '11:00', '087 555 0121');
    expect(moved.statusCode).toBe(200);
    const [text] = await textsOf(id);
    expect(text!.kind).toBe('time_changed');
    expect(text!.body).toContain('11:00');
    // Queued with the real clock by the move; the sender's clock decides.
    await db()
      .update(textOutbox)
      .set({ nextAttemptAt: evening, createdAt: evening })
      .where(eq(textOutbox.id, text!.id));
    expect(await sendAt(at(plusDays(day, -5), '23:59'))).toMatchObject({ quiet: true, sent: 0 });
    expect(await sendAt(at(plusDays(day, -4), '07:59'))).toMatchObject({ quiet: true, sent: 0 });
    expect(await sendAt(at(plusDays(day, -4), '08:00'))).toMatchObject({ quiet: false, sent: 1 });
  });

  it('keeps 21:00 to 08:00 Dublin time over both daylight-saving weekends', () => {
    const spring = nextLastSunday(3);
    const saturday = plusDays(spring, -1);
    // Saturday 07:30 UTC is 07:30 in Dublin (winter time): quiet. Sunday 07:30 UTC is 08:30 (summer time): not.
    expect(isQuietHour(new Date(`${saturday}T07:30:00Z`))).toBe(true);
    expect(isQuietHour(new Date(`${spring}T07:30:00Z`))).toBe(false);
    // A text due on the Saturday at 22:00 waits for Sunday 08:00 Dublin time, 07:00 UTC after the clocks went forward.
    expect(textSendableFrom(at(saturday, '22:00')).toISOString()).toBe(`${spring}T07:00:00.000Z`);
    expect(textSendableFrom(new Date(`${spring}T00:30:00Z`)).toISOString()).toBe(`${spring}T07:00:00.000Z`);

    const autumn = nextLastSunday(10);
    const before = plusDays(autumn, -1);
    // Saturday 20:30 UTC is 21:30 in Dublin (summer time): quiet. Sunday 20:30 UTC is 20:30 (winter time): not.
    expect(isQuietHour(new Date(`${before}T20:30:00Z`))).toBe(true);
    expect(isQuietHour(new Date(`${autumn}T20:30:00Z`))).toBe(false);
    expect(textSendableFrom(new Date(`${before}T21:00:00Z`)).toISOString()).toBe(`${autumn}T08:00:00.000Z`);
    expect(textSendableFrom(at(autumn, '09:15')).toISOString()).toBe(at(autumn, '09:15').toISOString());
  });
});

describe('replies', () => {
  it('STOP withdraws the consent and the waiting texts; no more texts are queued', async () => {
    const day = nextWindow();
    const { id, patientId } = await consentingBooking(day, '087 555 0131');
    // The stop-day reminder is e-mail only; the 2-day one would be texted.
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    await sendAt(due);
    expect((await staffMove(id, day, '12:00', '087 555 0131')).statusCode).toBe(200);
    const stop = await postInbound({ MessageSid: 'SMin0001', From: '+353875550131', Body: ' stop ' });
    expect(stop.statusCode).toBe(200);
    const [patient] = await db().select().from(patients).where(eq(patients.id, patientId));
    expect(patient!.smsConsentAt).toBeNull();
    expect(patient!.smsWithdrawnAt).toBeInstanceOf(Date);
    const texts = await textsOf(id);
    expect(texts.map((text) => text.status)).toEqual(['sent', 'failed']);
    // A replay is refused, and changes nothing.
    expect(
      (await postInbound({ MessageSid: 'SMin0001', From: '+353875550131', Body: 'STOP' })).statusCode,
    ).toBe(409);
    expect((await staffMove(id, day, '13:00', '087 555 0131')).statusCode).toBe(200);
    expect(await textsOf(id)).toHaveLength(2);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/transactions/${id}`,
      headers: t.auth,
    });
    expect(detail.json().transaction.texts).toMatchObject({
      consent: 'withdrawn',
      replies: [expect.objectContaining({ action: 'stop' })],
    });
  });

  it("STOP also withdraws a wait-list entry's consent to texts at that number", async () => {
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      remoteAddress: nextAddress(),
      payload: {
        name: 'Sam Stop',
        email: `sam.stop-${Date.now()}@example.ie`,
        phone: '087 555 0161',
        sms_consent: true,
        kind: 'booking_video',
        is_adult: true,
        from: clinicDayFromToday(1),
        to: clinicDayFromToday(30),
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const id = joined.json().waitlist_entry.id as number;
    expect(
      (await postInbound({ MessageSid: 'SMin0161', From: '+353875550161', Body: 'Stop' })).statusCode,
    ).toBe(200);
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    expect(entry).toMatchObject({ smsConsent: false, smsConsentAt: null, phone: '+353875550161' });
  });

  it('C or CANCEL flags the appointment for staff to call and never cancels it; other words are kept for staff', async () => {
    const day = nextWindow();
    const { id } = await consentingBooking(day, '087 555 0141');
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    await sendAt(due);
    // Answered as Twilio reads it (TwiML): the request to cancel is told the clinic will call; other words get nothing.
    const cancelled = await postInbound({ MessageSid: 'SMin0002', From: '+353875550141', Body: 'C' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.headers['content-type']).toMatch(/^text\/xml/);
    expect(cancelled.body).toContain('<Message>Thank you: the clinic will call you about your appointment.');
    const late = await postInbound({
      MessageSid: 'SMin0003',
      From: '+353875550141',
      Body: 'Running 10 min late',
    });
    expect([late.statusCode, late.body]).toEqual([200, '<?xml version="1.0" encoding="UTF-8"?><Response/>']);
    const [appointment] = await db().select().from(appointments).where(eq(appointments.id, id));
    expect(appointment!.status).toBe('booked');
    const replies = await db().select().from(textReplies).where(eq(textReplies.appointmentId, id));
    expect(replies.map((reply) => reply.action)).toEqual(['cancel_request', 'other']);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth });
    expect(dashboard.json().texts.cancel_requests).toBeGreaterThanOrEqual(1);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      payload: 'MessageSid=SMin0009&From=%2B353875550141&Body=STOP',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(403);
  });
});

describe('replies waiting for staff', () => {
  const dealWith = (id: number, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: `/api/admin/text_replies/${id}/dealt_with`, headers });
  const dashboardReplies = async (): Promise<{ id: number; appointment_id: number | null }[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth })).json().texts
      .replies;

  it("lists a request to cancel, words and a stranger's reply on the dashboard until staff mark each dealt with, once, audited", async () => {
    const day = nextWindow();
    const { id } = await consentingBooking(day, '087 555 0151');
    const due = at(plusDays(day, -2), '09:00');
    await appointmentReminderJob(t.app.appointments).run(due);
    await sendAt(due);
    await postInbound({ MessageSid: 'SMin0101', From: '+353875550151', Body: 'Cancel please' });
    await postInbound({ MessageSid: 'SMin0102', From: '+353875550151', Body: 'STOP' });
    await postInbound({ MessageSid: 'SMin0103', From: '+353870000199', Body: 'Who is this?' });
    const replies = await db().select().from(textReplies);
    const byProvider = (sid: string) => replies.find((reply) => reply.providerId === sid)!;
    const [cancel, stop, stranger] = ['SMin0101', 'SMin0102', 'SMin0103'].map(byProvider);
    const listed = await dashboardReplies();
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: cancel!.id, action: 'cancel_request', appointment_id: id, body: null }),
        expect.objectContaining({
          id: stranger!.id,
          action: 'other',
          appointment_id: null,
          from: '+353870000199',
        }),
      ]),
    );
    expect(listed.map((reply) => reply.id)).not.toContain(stop!.id);

    const bookkeeper = await signInAsNewStaff(t, { role: 'bookkeeper' });
    expect((await dealWith(cancel!.id, bookkeeper.auth)).statusCode).toBe(403);
    const reception = await signInAsNewStaff(t, { role: 'reception', name: 'Róisín Desk' });
    // A reply's words may be about health: the admin reads them, reception (no health details) does not.
    const repliesFor = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().texts.replies as {
        id: number;
        body: string | null;
      }[];
    expect((await repliesFor(t.auth)).find((reply) => reply.id === stranger!.id)?.body).toBe('Who is this?');
    expect((await repliesFor(reception.auth)).find((reply) => reply.id === stranger!.id)?.body).toBeNull();
    const done = await dealWith(cancel!.id, reception.auth);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().text_reply).toMatchObject({ id: cancel!.id, dealt_with_at: expect.any(String) });
    const again = await dealWith(cancel!.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'reply_dealt_with']);
    const stopped = await dealWith(stop!.id);
    expect([stopped.statusCode, stopped.json().code]).toEqual([409, 'reply_needs_nothing']);
    expect((await dealWith(2_000_000_000)).statusCode).toBe(404);
    expect((await dealWith(0)).statusCode).toBe(404);
    expect((await dealWith(stranger!.id)).statusCode).toBe(200);

    expect((await dashboardReplies()).map((reply) => reply.id)).not.toEqual(
      expect.arrayContaining([cancel!.id]),
    );
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/transactions/${id}`,
      headers: t.auth,
    });
    expect(detail.json().transaction.texts.replies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: cancel!.id,
          dealt_with_by: 'Róisín Desk',
          dealt_with_at: expect.any(String),
        }),
        expect.objectContaining({ id: stop!.id, dealt_with_at: null }),
      ]),
    );
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'text_reply'), eq(auditLog.entityId, String(cancel!.id))));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain('Cancel please');
  });

  it('lets the retention run delete, after the retention days, the texts and replies of nobody known', async () => {
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const [text] = await db()
      .insert(textOutbox)
      .values({
        toPhone: '+353870000299',
        body: 'A time is free',
        kind: 'waitlist_offer',
        nextAttemptAt: old,
        createdAt: old,
      })
      .returning();
    const [reply] = await db()
      .insert(textReplies)
      .values({
        providerId: 'SMold0001',
        fromPhone: '+353870000299',
        body: 'Hello',
        action: 'other',
        createdAt: old,
      })
      .returning();
    const [young] = await db()
      .insert(textReplies)
      .values({ providerId: 'SMyoung0001', fromPhone: '+353870000299', body: 'Hello again', action: 'other' })
      .returning();
    const run = await purgeExpiredData(db(), 90, now);
    expect(run.deleted.texts).toBeGreaterThanOrEqual(2);
    expect(await db().select().from(textOutbox).where(eq(textOutbox.id, text!.id))).toEqual([]);
    expect(await db().select().from(textReplies).where(eq(textReplies.id, reply!.id))).toEqual([]);
    expect(await db().select().from(textReplies).where(eq(textReplies.id, young!.id))).toHaveLength(1);
  });
});

describe('consent on the booking form', () => {
  it('is asked for only when texts are set up (GET /api/texts/config)', async () => {
    const config = await t.app.inject({ url: '/api/texts/config' });
    expect([config.statusCode, config.json()]).toEqual([200, { set_up: true }]);
  });

  it('refuses consent with a number no text can reach, beside the phone, and stores nothing', async () => {
    const slotId = await insertSlot(db(), { startsAt: clinicInstant(nextWindow(), '10:00') });
    const holdToken = await holdSlot(t.app, slotId);
    const landline = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': holdToken },
      payload: { patient: adultForm(slotId, { phone: '01 293 4560', sms_consent: true }) },
      remoteAddress: nextAddress(),
    });
    expect(landline.statusCode).toBe(422);
    expect(landline.json().errors.phone).toEqual([
      'Please give a mobile number we can text, or leave the box unticked.',
    ]);
    const noPhone = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': holdToken },
      payload: { patient: adultForm(slotId, { phone: undefined, sms_consent: true }) },
      remoteAddress: nextAddress(),
    });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors.sms_consent).toEqual(['Please give a phone number to receive texts.']);
    const unticked = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': holdToken },
      payload: { patient: adultForm(slotId, { phone: '01 293 4560' }) },
      remoteAddress: nextAddress(),
    });
    expect(unticked.statusCode).toBe(201);
    const [patient] = await db().select().from(patients).where(eq(patients.id, unticked.json().patient.id));
    expect(patient).toMatchObject({ smsPhone: null, smsConsentAt: null });
  });
});

describe('the booking link', () => {
  it('stops texts: the consent is withdrawn with its time, waiting texts are not sent, and the page says texts are off', async () => {
    const day = nextWindow();
    const { id, patientId } = await consentingBooking(day, '087 555 0151');
    const [confirmation] = await db().select().from(emailOutbox).where(eq(emailOutbox.appointmentId, id));
    const [, reference, token] = /\/booking\/([0-9A-Z]+)#([A-Za-z0-9_-]+)/.exec(confirmation!.textBody) ?? [];
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${reference}`,
      headers: { 'x-manage-token': token },
      remoteAddress: nextAddress(),
    });
    expect(read.json().booking.texts).toBe('on');
    expect((await staffMove(id, day, '11:00', '087 555 0151')).statusCode).toBe(200);
    const stop = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/stop_texts`,
        headers: { 'x-manage-token': token },
        remoteAddress: nextAddress(),
      });
    const stopped = await stop();
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      booking: { texts: 'off' },
      message: 'You will get no more texts about this booking.',
    });
    const [patient] = await db().select().from(patients).where(eq(patients.id, patientId));
    expect(patient).toMatchObject({ smsConsentAt: null, smsWithdrawnAt: expect.any(Date) });
    expect((await textsOf(id)).map((text) => text.status)).toEqual(['failed']);
    expect((await stop()).statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/stop_texts`,
      headers: { 'x-manage-token': 'not-the-token-of-this-booking-0123456789abc' },
      remoteAddress: nextAddress(),
    });
    expect(wrong.statusCode).toBe(404);
  });
});
