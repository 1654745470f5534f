import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, slotFreedEvents, slots, waitlistEntries, waitlistOffers } from '../../db/schema';
import {
  adultForm,
  createAdminBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
  paidBooking,
  pay,
} from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant } from '../../test/slot-fixtures';
import { refundAppointment } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { purgeExpiredData } from '../retention/retention-service';
import { runWaitlist } from './waitlist-service';

/*
 * Issue 34, the wait list: a freed time is offered to the first matching entry, held for it, passed on when the
 * offer lapses or is declined, taken with X-Offer-Token and booked; each offer once, however many runners.
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const settings = { publicUrl: 'http://clinic.test', offerMinutes: 30 };
const run = () => runWaitlist(db(), settings);

let person = 0;
const joinBody = (overrides: Record<string, unknown> = {}) => {
  person += 1;
  return {
    name: 'Niamh Kelly',
    email: `waiter${person}-${Date.now()}@example.ie`,
    kind: 'booking_test',
    is_adult: true,
    from: clinicDayFromToday(0),
    to: clinicDayFromToday(200),
    ...overrides,
  };
};
const join = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/waitlist', payload: body, remoteAddress });
const joined = async (overrides: Record<string, unknown> = {}) => {
  const body = joinBody(overrides);
  const response = await join(body);
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().waitlist_entry.id as number, email: body.email as string };
};
const mailsTo = (address: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id);
const offerTokenOf = async (address: string) => {
  const mails = (await mailsTo(address)).filter((mail) => mail.subject.startsWith('A time has freed up'));
  const match = /\?offer=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.textBody ?? '');
  return match?.[1];
};
const offersOf = (entryId: number) =>
  db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId)).orderBy(waitlistOffers.id);
const slotOf = async (id: number) => (await db().select().from(slots).where(eq(slots.id, id)))[0]!;

/** A paid booking of a slot (kind as given), refunded by staff: the time is freed. */
async function freedTime(slot: Record<string, unknown> = {}) {
  const paid = await paidBooking(t.app, db(), { slot });
  await db().delete(slotFreedEvents);
  const response = await refundAppointment(t.app, t.auth, paid.appointmentId, {});
  expect(response.statusCode, response.body).toBe(200);
  return paid.slot.id;
}

beforeEach(async () => {
  // Each test starts with an empty list, so the oldest entry is the test's own.
  await db().execute(sql`update ${waitlistEntries} set status = 'left' where status = 'active'`);
  await db().execute(sql`update ${waitlistOffers} set status = 'withdrawn' where status = 'open'`);
  await db().delete(slotFreedEvents);
});

describe('POST /api/waitlist', () => {
  it('asks for no mobile without texts set up (GET /api/texts/config)', async () => {
    expect((await t.app.inject({ url: '/api/texts/config' })).json()).toEqual({ set_up: false });
  });

  it('adds an entry, e-mails a confirmation with a link to leave, and normalises the mobile to E.164', async () => {
    const body = joinBody({ phone: '087 123 4567', sms_consent: true, locations: ['adult_1'] });
    const response = await join(body);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().waitlist_entry.id;
    const [row] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    expect(row).toMatchObject({
      phone: '+353871234567',
      smsConsent: true,
      locations: ['adult_1'],
      status: 'active',
    });
    const [mail] = await mailsTo(body.email);
    expect(mail?.subject).toContain('You are on the wait list');
    expect(mail?.textBody).toMatch(new RegExp(`/waitlist/${id}#[A-Za-z0-9_-]{43}`));
    expect(mail?.textBody).not.toContain('Niamh');
    // The kind, the age and the days as the clinic's other e-mails write them ('Monday 7 December 2026').
    expect(mail?.textBody).toMatch(/Allergy test, an adult, between \w+day \d{1,2} \w+ \d{4} and \w+day/);
  });

  it.each([
    ['reversed dates', { from: clinicDayFromToday(10), to: clinicDayFromToday(5) }, 'to'],
    ['a past earliest date', { from: clinicDayFromToday(-2) }, 'from'],
    ['a day that does not exist', { from: '2030-02-31' }, 'from'],
    ['a kind outside the list', { kind: 'booking_surgery' }, 'kind'],
    ['a place outside the list', { locations: ['moon'] }, 'locations.0'],
    ['a child place for an adult', { locations: ['child'] }, 'locations'],
    ['a place for a video call', { kind: 'booking_video', locations: ['adult_1'] }, 'locations'],
    ['a phone that is not a phone', { phone: 'call me maybe' }, 'phone'],
    ['a phone no network has', { phone: '000 000' }, 'phone'],
    ['a landline, which no text reaches', { phone: '01 283 8000' }, 'phone'],
    ['consent without a phone', { sms_consent: true }, 'sms_consent'],
    ['no e-mail', { email: '' }, 'email'],
    ['a name with a line break', { name: 'Ann\r\nBcc: x@evil.example' }, 'name'],
    ['a name of invisible characters', { name: '\u200b\u200b\u200b' }, 'name'],
  ])('refuses %s beside its field, and stores nothing', async (_what, overrides, field) => {
    const before = await db().$count(waitlistEntries);
    const response = await join(joinBody(overrides));
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors ?? {})).toContain(field);
    expect(await db().$count(waitlistEntries)).toBe(before);
  });

  it('takes at most 3 active entries for one e-mail address (429 waitlist_limit), one per kind (409)', async () => {
    const email = `three-${Date.now()}@example.ie`;
    const kinds = [
      { kind: 'booking_test', is_adult: true },
      { kind: 'booking_test', is_adult: false },
      { kind: 'booking_video', is_adult: true },
    ];
    for (const kind of kinds) expect((await join(joinBody({ email, ...kind }))).statusCode).toBe(201);
    const same = await join(joinBody({ email: email.replace('three', 'Three'), ...kinds[0] }));
    expect([same.statusCode, same.json().code]).toEqual([409, 'waitlist_already_waiting']);
    const fourth = await join(
      joinBody({ email: email.toUpperCase(), kind: 'booking_video', is_adult: false }),
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('waitlist_limit');
  });

  it('offers at most 2 times at once to the entries sent from one client address', async () => {
    const address = nextAddress();
    const entries = [];
    for (let index = 0; index < 3; index += 1) {
      const body = joinBody();
      expect((await join(body, address)).statusCode).toBe(201);
      entries.push(body.email as string);
    }
    const paid = [];
    for (let index = 0; index < 3; index += 1) paid.push(await paidBooking(t.app, db()));
    await db().delete(slotFreedEvents);
    for (const booking of paid)
      expect((await refundAppointment(t.app, t.auth, booking.appointmentId, {})).statusCode).toBe(200);
    await run();
    const offered = await db()
      .select()
      .from(waitlistOffers)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(and(eq(waitlistOffers.status, 'open'), eq(waitlistEntries.sentFrom, address)));
    expect(offered).toHaveLength(2);
  });
});

describe('a freed time', () => {
  it('is offered to the oldest matching entry and held for it: nobody else can hold or see it', async () => {
    const video = await joined({ kind: 'booking_video' });
    const child = await joined({ is_adult: false });
    const later = await joined({ from: clinicDayFromToday(150) });
    const first = await joined();
    const second = await joined();
    const slotId = await freedTime();
    expect(await run()).toMatchObject({ offered: 1 });
    for (const other of [video, child, later, second]) expect(await offersOf(other.id)).toEqual([]);
    const [offer] = await offersOf(first.id);
    expect(offer).toMatchObject({ slotId, status: 'open' });
    expect(await slotOf(slotId)).toMatchObject({ status: 'pending', holdClient: `offer:${offer?.id}` });
    expect(await offerTokenOf(first.email)).toBeDefined();

    const hold = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slotId}`,
      remoteAddress: nextAddress(),
    });
    expect(hold.statusCode).toBe(409);
    const slot = await slotOf(slotId);
    const list = await t.app.inject({
      url: `/api/patient_sessions?date=${slot.startsAt.toISOString().slice(0, 10)}&is_adult=true&is_video_call=false`,
    });
    expect(list.json().sessions.map((session: { id: number }) => session.id)).not.toContain(slotId);
    expect(await run()).toMatchObject({ offered: 0 });
  });

  it('is taken with X-Offer-Token (once; another slot or a second taker is 409) and booked, which ends the entry', async () => {
    const entry = await joined();
    const slotId = await freedTime();
    await run();
    const token = (await offerTokenOf(entry.email))!;

    const read = await t.app.inject({ url: '/api/waitlist_offer', headers: { 'x-offer-token': token } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().offer).toMatchObject({ session_id: slotId, kind: 'booking_test', is_adult: true });

    const other = await futureSlot(db());
    const wrongSlot = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${other.id}`,
      headers: { 'x-offer-token': token },
      remoteAddress: nextAddress(),
    });
    expect(wrongSlot.statusCode).toBe(409);
    expect(wrongSlot.json().code).toBe('offer_not_valid');

    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/patient_sessions/${slotId}`,
          headers: { 'x-offer-token': token },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const taken = first?.statusCode === 200 ? first : second;
    const holdToken = taken?.json().hold_token as string;

    // Choosing the held time again on the booking page keeps it the offer's: the job does not read it as lapsed.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slotId}`,
      headers: { 'x-hold-token': holdToken },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await run()).toMatchObject({ ended: 0 });
    expect((await offersOf(entry.id))[0]?.status).toBe('open');
    // Once taken, the e-mail's "Not this time" cannot free the time being booked.
    const lateDecline = await t.app.inject({
      method: 'DELETE',
      url: '/api/waitlist_offer',
      headers: { 'x-offer-token': token },
      remoteAddress: nextAddress(),
    });
    expect([lateDecline.statusCode, lateDecline.json().code]).toEqual([409, 'offer_not_valid']);
    expect((await slotOf(slotId)).status).toBe('pending');

    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': holdToken },
      payload: { patient: adultForm(slotId, { email: entry.email }) },
      remoteAddress: nextAddress(),
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const patient = booking.json().patient;
    const paid = await pay(
      t.app,
      { patientId: patient.id, token: patient.access_token },
      {
        customer_email: entry.email,
        price: patient.price * 100,
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await run()).toMatchObject({ ended: 1 });
    expect((await offersOf(entry.id))[0]?.status).toBe('booked');
    const [row] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    expect(row?.status).toBe('booked');
  });

  it('goes to the next entry when the offer lapses, and when it is declined', async () => {
    const first = await joined();
    const second = await joined();
    const third = await joined();
    const slotId = await freedTime();
    await run();
    expect((await offersOf(first.id))[0]?.status).toBe('open');

    await db()
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(slots.id, slotId));
    const lapsedToken = (await offerTokenOf(first.email))!;
    expect(await run()).toMatchObject({ ended: 1, offered: 1 });
    expect((await offersOf(first.id))[0]?.status).toBe('lapsed');
    expect((await offersOf(second.id))[0]).toMatchObject({ slotId, status: 'open' });
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slotId}`,
      headers: { 'x-offer-token': lapsedToken },
      remoteAddress: nextAddress(),
    });
    expect(late.json().code).toBe('offer_not_valid');

    const declined = await t.app.inject({
      method: 'DELETE',
      url: '/api/waitlist_offer',
      headers: { 'x-offer-token': (await offerTokenOf(second.email))! },
      remoteAddress: nextAddress(),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await run()).toMatchObject({ offered: 1 });
    expect((await offersOf(second.id))[0]?.status).toBe('declined');
    expect((await offersOf(third.id))[0]).toMatchObject({ slotId, status: 'open' });
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, second.id));
    expect(entry?.status).toBe('active');
  });

  it('is offered when staff add new slots', async () => {
    const entry = await joined({ kind: 'booking_video' });
    const day = clinicDayFromToday(40);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sessions',
      headers: t.auth,
      payload: {
        sessions_create: [
          {
            start_date: clinicInstant(day, '09:00'),
            end_date: clinicInstant(day, '09:30'),
            price: 85,
            is_adult: true,
            is_video_call: true,
            location: null,
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await run()).toMatchObject({ offered: 1 });
    expect((await offersOf(entry.id))[0]?.status).toBe('open');
  });
});

describe('leaving', () => {
  it('ends the entry with the e-mail token; a wrong token is 404, a second leave 409; an open offer passes on', async () => {
    const leaver = await joined();
    const next = await joined();
    const slotId = await freedTime();
    await run();
    const [mail] = await mailsTo(leaver.email);
    const token = /#([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${leaver.id}`,
      headers: { 'x-waitlist-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(404);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${leaver.id}`,
      headers: { 'x-waitlist-token': token! },
    });
    expect(left.statusCode, left.body).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${leaver.id}`,
      headers: { 'x-waitlist-token': token! },
    });
    expect(again.json().code).toBe('waitlist_entry_ended');
    expect((await offersOf(leaver.id))[0]?.status).toBe('withdrawn');
    await run();
    expect((await offersOf(next.id))[0]).toMatchObject({ slotId, status: 'open' });
  });
});

describe('exactly once', () => {
  it('offers each freed time once, to one entry each, with two runners at once', async () => {
    const entries = [await joined(), await joined(), await joined()];
    const freed = [await freedTime(), await freedTime(), await freedTime()];
    // The same times freed twice more (a restart re-reading, a second message): still one offer each.
    await db()
      .insert(slotFreedEvents)
      .values(
        freed.flatMap((slotId) => [
          { slotId, reason: 'added' },
          { slotId, reason: 'added' },
        ]),
      );
    const results = await Promise.all([run(), run()]);
    expect(results.reduce((sum, result) => sum + result.offered, 0)).toBe(3);
    const offers = await db()
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.status, 'open')));
    expect(offers.map((offer) => offer.slotId).sort()).toEqual([...freed].sort());
    expect(new Set(offers.map((offer) => offer.entryId)).size).toBe(3);
    for (const entry of entries) {
      const mails = (await mailsTo(entry.email)).filter((mail) =>
        mail.subject.startsWith('A time has freed up'),
      );
      expect(mails).toHaveLength(1);
    }
    expect(await db().$count(slotFreedEvents)).toBe(0);
  });
});

describe('staff', () => {
  it('list entries with offers made, and offer a free time ("Offer this time")', async () => {
    const entry = await joined({ name: 'Staff Offered' });
    const slot = await futureSlot(db());
    const offered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/offers`,
      headers: t.auth,
      payload: { session_id: slot.id },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/offers`,
      headers: t.auth,
      payload: { session_id: slot.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('waitlist_offer_refused');
    const list = await t.app.inject({ url: '/api/admin/waitlist?search=Staff%20Offered', headers: t.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      waitlist_entries: [
        { id: entry.id, kind: 'booking_test', offers_made: 1, open_offer: { session_id: slot.id } },
      ],
    });
    expect(await offerTokenOf(entry.email)).toBeDefined();
    const held = await db()
      .select()
      .from(slots)
      .where(and(eq(slots.id, slot.id), like(slots.holdClient, 'offer:%')));
    expect(held).toHaveLength(1);
  });

  it('refuses a time that is not free or not of the entry kind', async () => {
    const entry = await joined({ kind: 'booking_video' });
    const slot = await futureSlot(db());
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/offers`,
      headers: t.auth,
      payload: { session_id: slot.id },
    });
    expect(wrongKind.statusCode).toBe(409);
    const held = await futureSlot(db(), { isVideoCall: true });
    await holdSlot(t.app, held.id);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/offers`,
      headers: t.auth,
      payload: { session_id: held.id },
    });
    expect(taken.statusCode).toBe(409);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/offers`,
      headers: t.auth,
      payload: { session_id: 99_999_999_999 },
    });
    expect(tooBig.statusCode).toBe(422);
    expect(await offersOf(entry.id)).toEqual([]);
  });
});

describe("a person's data", () => {
  it('holds their wait-list entries: in the GDPR zip, deleted with their erasure', async () => {
    const paid = await paidBooking(t.app, db(), { form: { email: 'gdpr-waiter@example.ie' } });
    expect((await refundAppointment(t.app, t.auth, paid.appointmentId, {})).statusCode).toBe(200);
    const entry = await joined({ email: 'GDPR-Waiter@example.ie' });
    const zip = await t.app.inject({ url: `/api/admin/patients/${paid.patientId}/export`, headers: t.auth });
    expect(zip.statusCode).toBe(200);
    const json = readZip(zip.rawPayload).find((file) => file.name === 'patient.json');
    const exported = JSON.parse(json?.bytes.toString() ?? '{}');
    expect(exported.waitlist_entries).toMatchObject([
      { id: entry.id, kind: 'booking_test', status: 'active' },
    ]);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${paid.patientId}`,
      headers: t.auth,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id))).toEqual([]);
  });

  it('ended entries go with the retention run once older than its cut-off; active ones stay', async () => {
    const ended = await joined();
    const active = await joined();
    await db()
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(waitlistEntries.id, ended.id));
    const run = await purgeExpiredData(db(), 90);
    expect(run.deleted.waitlist_entries).toBeGreaterThanOrEqual(1);
    const left = await db().select({ id: waitlistEntries.id }).from(waitlistEntries);
    expect(left.map((row) => row.id)).toContain(active.id);
    expect(left.map((row) => row.id)).not.toContain(ended.id);
  });
});
