import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UPLOAD_BYTES_PER_DAY, VISITOR_UPLOADS_USED_UP } from '../../../shared/uploads';
import { clientUploads, slots, visitorUploads } from '../../db/schema';
import {
  adultForm,
  type BookingTestApp,
  createBooking,
  createBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
  pay,
} from '../../test/booking-fixtures';
import { countedBody, MULTIPART, multipartPayload, testFile } from '../../test/multipart';

// What an attack review found a visitor could do to the bookings of others, or to the server.

let t: BookingTestApp;
beforeAll(async () => {
  // Each test-mode payment takes a moment, so a payment and new submissions of its form overlap.
  t = await createBookingTestApp({ PAYMENTS_TEST_DELAY_MS: '30' });
});
afterAll(() => t.close());

const db = () => t.database.db;

const readVisitorAppointment = (booking: { patientId: number; token: string }) =>
  t.app.inject({ url: `/api/patients/${booking.patientId}`, headers: { 'x-booking-token': booking.token } });

/** The form as multipart, with a PDF result when `withFile`. */
async function bookMultipart(slotId: number, holdToken: string, from: string, withFile: boolean) {
  const fields = Object.fromEntries(
    Object.entries(adultForm(slotId)).map(([key, value]) => [`patient[${key}]`, String(value)]),
  );
  const { payload, headers } = await multipartPayload({
    ...fields,
    ...(withFile ? { 'patient[result]': { fileName: 'result.pdf', bytes: testFile('letter.pdf') } } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/patients',
    payload,
    headers: { ...headers, 'x-hold-token': holdToken },
    remoteAddress: from,
  });
}

describe("another visitor's booking", () => {
  it('is never replaced by a visitor who takes its time once its hold has lapsed', async () => {
    const first = await createBooking(t.app, db());
    expect((await pay(t.app, first, { token: 'pm_card_chargeDeclined' })).statusCode).toBe(402);
    // The first visitor's hold lapses; a second visitor, holding another time since before, moves to it.
    const other = await futureSlot(db());
    const secondToken = await holdSlot(t.app, other.id);
    await db()
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(slots.id, first.slot.id));
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${first.slot.id}`,
      headers: { 'x-hold-token': secondToken },
      remoteAddress: nextAddress(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': moved.json().hold_token },
      payload: { patient: adultForm(first.slot.id, { first_name: 'Second' }) },
      remoteAddress: nextAddress(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await readVisitorAppointment(first)).statusCode).toBe(200);
  });
});

describe('re-holding the same time with its own token', () => {
  it('keeps the token, so the booking made under it can still be paid', async () => {
    const booking = await createBooking(t.app, db());
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${booking.slot.id}`,
      headers: { 'x-hold-token': booking.holdToken },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().hold_token).toBe(booking.holdToken);
    const paid = await pay(t.app, booking);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('a payment racing new submissions of its form', () => {
  it('never answers 5xx, and the time is booked at most once', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const booking = await createBooking(t.app, db());
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/patients',
          headers: { 'x-hold-token': booking.holdToken },
          payload: { patient: adultForm(booking.slot.id) },
          remoteAddress: nextAddress(),
        });
      const answers = await Promise.all([pay(t.app, booking), resend(), resend()]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      const [slot] = await db().select().from(slots).where(eq(slots.id, booking.slot.id));
      expect(['pending', 'booked']).toContain(slot?.status);
    }
  });
});

describe('files an address sends in a day', () => {
  it(`are at most ${VISITOR_UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB: one more file is refused, a big form before it is read`, async () => {
    const address = '10.77.7.7';
    const dayBefore = await db().select().from(visitorUploads).orderBy(visitorUploads.id);
    await db()
      .insert(clientUploads)
      .values({ client: address, bytes: VISITOR_UPLOAD_BYTES_PER_DAY - 300 });
    const slot = await futureSlot(db());
    const holdToken = await holdSlot(t.app, slot.id);
    const withFile = await bookMultipart(slot.id, holdToken, address, true);
    expect(withFile.statusCode).toBe(429);
    expect(withFile.json()).toEqual({
      code: 'visitor_uploads_used_up',
      error_messages: VISITOR_UPLOADS_USED_UP,
    });
    const body = countedBody(64 * 2);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: {
        'content-type': MULTIPART,
        'content-length': String(2 * 1024 * 1024),
        'x-hold-token': holdToken,
      },
      payload: body.stream,
      remoteAddress: address,
    });
    expect(big.statusCode).toBe(429);
    expect(body.pulls()).toBe(0);
    body.stream.destroy();
    // Without files the booking goes through; another address sends its files as usual.
    expect((await bookMultipart(slot.id, holdToken, address, false)).statusCode).toBe(201);
    const elsewhere = await futureSlot(db());
    const from = nextAddress();
    expect(
      (await bookMultipart(elsewhere.id, await holdSlot(t.app, elsewhere.id), from, true)).statusCode,
    ).toBe(201);
    const [used] = await db().select().from(clientUploads).where(eq(clientUploads.client, from));
    expect(used?.bytes).toBe(testFile('letter.pdf').length);
    // The day's uploads, for the dashboard: the address refused (once, for its two refused forms), and the one
    // file taken, without any address.
    const day = (await db().select().from(visitorUploads).orderBy(visitorUploads.id)).slice(dayBefore.length);
    expect(day.map(({ files, bytes, refused }) => ({ files, bytes, refused }))).toEqual([
      { files: 0, bytes: 0, refused: true },
      { files: 1, bytes: testFile('letter.pdf').length, refused: false },
    ]);
  });

  it('count the files of bookings sent again under one hold, each time', async () => {
    const address = '10.77.7.8';
    const slot = await futureSlot(db());
    const holdToken = await holdSlot(t.app, slot.id);
    for (let send = 0; send < 3; send += 1) {
      expect((await bookMultipart(slot.id, holdToken, address, true)).statusCode).toBe(201);
    }
    const rows = await db().select().from(clientUploads).where(eq(clientUploads.client, address));
    expect(rows.reduce((bytes, row) => bytes + row.bytes, 0)).toBe(3 * testFile('letter.pdf').length);
  });
});

describe('text a person does not type', () => {
  it('refuses the C1 controls in a name (U+009B starts a terminal escape)', async () => {
    const slot = await futureSlot(db());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': await holdSlot(t.app, slot.id) },
      payload: { patient: adultForm(slot.id, { first_name: 'An\u009b31mna' }) },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['This field contains characters that are not allowed.'],
    });
  });
});
