import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDS_PER_MINUTE, MAX_HOLDS_PER_ADDRESS } from '../../../shared/slots';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { slots } from '../../db/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { clinicDayFromToday, clinicInstant, insertSlot } from '../../test/slot-fixtures';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { slotHoldReleaseJob } from './slot-hold-job';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TAKEN = 'Sorry, this time has just been taken. Please choose another.';

let visitorCounter = 0;
/** Each call comes from a visitor of its own address unless `from` is given (holds are rate-limited per address). */
const hold = (id: number | string, token?: string, from?: string) => {
  visitorCounter += 1;
  return t.app.inject({
    method: 'PUT',
    url: `/api/patient_sessions/${id}`,
    headers: token ? { 'x-hold-token': token } : {},
    remoteAddress: from ?? `10.1.${Math.floor(visitorCounter / 250)}.${(visitorCounter % 250) + 1}`,
  });
};

const ownHold = (id: number, token?: string, method: 'GET' | 'DELETE' = 'GET') =>
  t.app.inject({
    method,
    url: `/api/patient_sessions/${id}/hold`,
    headers: token ? { 'x-hold-token': token } : {},
  });

const listDay = (day: string, options: { token?: string; query?: string; isVideoCall?: boolean } = {}) =>
  t.app.inject({
    url: `/api/patient_sessions?date=${day}&is_adult=true&is_video_call=${options.isVideoCall ?? false}${options.query ?? ''}`,
    headers: options.token ? { 'x-hold-token': options.token } : {},
  });

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(slots).where(eq(slots.id, id));
  return row;
}

async function holdOk(id: number, token?: string) {
  const response = await hold(id, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    session: { id: number; status: string };
    hold_token: string;
    hold_expires_at: string;
  };
}

const PUBLIC_SLOT_KEYS = [
  'address',
  'age',
  'data',
  'end_time',
  'ends_at',
  'held_by_you',
  'id',
  'is_adult',
  'is_video_call',
  'location',
  'price',
  'start_time',
  'starts_at',
  'status',
].sort();

describe('GET /api/calendar_slots', () => {
  it("lists only the days with available future slots of the kind, and those slots' prices", async () => {
    const db = t.database.db;
    const free = clinicDayFromToday(3);
    const bookedOnly = clinicDayFromToday(4);
    const heldOnly = clinicDayFromToday(5);
    const childOnly = clinicDayFromToday(6);
    await insertSlot(db, { startsAt: clinicInstant(free, '09:00') });
    await insertSlot(db, { startsAt: clinicInstant(free, '10:00'), priceCents: 150_50 });
    await insertSlot(db, { startsAt: clinicInstant(free, '11:00') });
    await insertSlot(db, {
      startsAt: clinicInstant(bookedOnly, '09:00'),
      status: 'booked',
      priceCents: 999_00,
    });
    await insertSlot(db, {
      startsAt: clinicInstant(heldOnly, '09:00'),
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    await insertSlot(db, { startsAt: clinicInstant(childOnly, '09:00'), isAdult: false });
    await insertSlot(db, { startsAt: new Date(Date.now() - 3_600_000).toISOString() });
    const range = `${clinicDayFromToday(-1).replaceAll('-', '/')} - ${clinicDayFromToday(7).replaceAll('-', '/')}`;
    const response = await t.app.inject({
      url: `/api/calendar_slots?range_calendar=${encodeURIComponent(range)}&is_video_call=false&is_adult=true`,
    });
    expect(response.statusCode).toBe(200);
    // A booked, held, other kind's or past slot's price is not one a visitor can pay.
    expect(response.json()).toEqual({ days: [free], prices: [150.5, 180], price_list: null });
  });

  it.each([
    'range_calendar=2027/01/01 - 2027/06/30&is_video_call=false&is_adult=true',
    'range_calendar=2027/02/29 - 2027/03/01&is_video_call=false&is_adult=true',
    'range_calendar=2027-01-01 - 2027-01-31&is_video_call=false&is_adult=true',
    'range_calendar=2027/01/01 - 2027/01/31&is_video_call=maybe&is_adult=true',
    'is_video_call=false&is_adult=true',
  ])('answers 422 with error_messages to %s', async (query) => {
    const response = await t.app.inject({ url: `/api/calendar_slots?${query}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });
});

describe('GET /api/patient_sessions', () => {
  it('lists the available future slots of the day by start, paged, without any patient data', async () => {
    const day = clinicDayFromToday(8);
    const db = t.database.db;
    await insertSlot(db, { startsAt: clinicInstant(day, '10:00') });
    await insertSlot(db, { startsAt: clinicInstant(day, '09:00') });
    await insertSlot(db, { startsAt: clinicInstant(day, '11:00'), status: 'booked' });
    await insertSlot(db, { startsAt: clinicInstant(day, '12:00'), isVideoCall: true });

    const response = await listDay(day);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'pages', 'sessions']);
    expect(body.sessions.map((s: { start_time: string }) => s.start_time)).toEqual(['09:00', '10:00']);
    for (const slot of body.sessions) {
      expect(Object.keys(slot).sort()).toEqual(PUBLIC_SLOT_KEYS);
      expect(slot).toMatchObject({ status: 'available', held_by_you: false, age: 'adult' });
    }
    expect(JSON.stringify(body)).not.toMatch(/patient|transaction|first_name|email|hold_token/);

    const paged = (await listDay(day, { query: '&page=2&per_page=1' })).json();
    expect(paged).toMatchObject({ pages: 2, count: 2 });
    expect(paged.sessions.map((s: { start_time: string }) => s.start_time)).toEqual(['10:00']);
  });

  it.each([
    'date=2027-02-30&is_adult=true&is_video_call=false',
    'date=2027-02-03&is_adult=1&is_video_call=false',
    'date=2027-02-03&is_adult=true&is_video_call=false&per_page=1000',
    'date=2027-02-03&is_adult=true&is_video_call=false&page=0',
    'date=&is_adult=true&is_video_call=false',
    'is_adult=true&is_video_call=false',
  ])('answers 422 with error_messages to %s', async (query) => {
    const response = await t.app.inject({ url: `/api/patient_sessions?${query}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });
});

describe('PUT /api/patient_sessions/:id (preliminary booking)', () => {
  it('holds an available slot: 200 with the session, a token stored only as its hash, and the expiry', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(9), '09:00') });
    const before = Date.now();
    const answer = await holdOk(id);
    expect(answer.session).toMatchObject({ id, status: 'pending', held_by_you: true });
    expect(answer.hold_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(answer.hold_expires_at);
    expect(expires - before).toBeGreaterThan(14 * 60_000);
    expect(expires - before).toBeLessThan(16 * 60_000);

    const row = await statusOf(id);
    expect(row?.status).toBe('pending');
    expect(row?.holdTokenHash).toBe(createHash('sha256').update(answer.hold_token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(answer.hold_token);
  });

  it('answers 409 with a clear text to a slot already held or booked, 404 to an unknown one', async () => {
    const db = t.database.db;
    const id = await insertSlot(db, { startsAt: clinicInstant(clinicDayFromToday(9), '10:00') });
    await holdOk(id);
    const again = await hold(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'slot_taken', error_messages: TAKEN });

    const booked = await insertSlot(db, {
      startsAt: clinicInstant(clinicDayFromToday(9), '11:00'),
      status: 'booked',
    });
    expect((await hold(booked)).statusCode).toBe(409);
    const started = await insertSlot(db, { startsAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await hold(started)).statusCode).toBe(409);

    const unknown = await hold(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_messages).toBe('Session not found');
    expect((await hold('abc')).statusCode).toBe(404);
  });

  it('gives the slot to exactly one of 50 concurrent visitors', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(9), '12:00') });
    const responses = await Promise.all(Array.from({ length: 50 }, () => hold(id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  });

  it('gives a slot to exactly one of many racing visitors, with and without holds of their own', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(9), '13:00') });
    const owned = await Promise.all(
      ['14:00', '15:00'].map((time) =>
        insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(9), time) }),
      ),
    );
    const tokens = await Promise.all(owned.map(async (slot) => (await holdOk(slot)).hold_token as string));
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => hold(id)),
      ...tokens.map((token) => hold(id, token)),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(21);
    for (const response of responses.filter((answer) => answer.statusCode === 409))
      expect(response.json()).toEqual({ code: 'slot_taken', error_messages: TAKEN });
    // A visitor who lost the race keeps the time they held before.
    const losers = tokens.filter((_token, index) => responses[20 + index]?.statusCode === 409);
    for (const token of losers) {
      const slot = owned[tokens.indexOf(token)]!;
      expect((await ownHold(slot, token)).statusCode).toBe(200);
    }
    // Released, the slot is free for the next visitor at once.
    const winner = responses.find((response) => response.statusCode === 200)?.json().hold_token;
    expect((await ownHold(id, winner, 'DELETE')).statusCode).toBe(204);
    expect((await hold(id)).statusCode).toBe(200);
  });

  it('releases the visitor’s hold on another slot when they choose a new one', async () => {
    const day = clinicDayFromToday(10);
    const first = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '09:00') });
    const second = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '10:00') });
    const { hold_token: token } = await holdOk(first);
    const next = await holdOk(second, token);
    expect((await statusOf(first))?.status).toBe('available');
    expect((await statusOf(second))?.status).toBe('pending');
    expect((await ownHold(first, token)).statusCode).toBe(404);
    expect((await ownHold(second, next.hold_token)).statusCode).toBe(200);
    // The first token no longer holds anything.
    expect((await ownHold(second, token)).statusCode).toBe(404);
  });

  it('does not release the first hold when the new slot is already taken', async () => {
    const day = clinicDayFromToday(10);
    const mine = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '11:00') });
    const theirs = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '12:00') });
    const { hold_token: token } = await holdOk(mine);
    await holdOk(theirs);
    expect((await hold(theirs, token)).statusCode).toBe(409);
    expect((await ownHold(mine, token)).statusCode).toBe(200);
  });
});

describe('hold rate limit', () => {
  it(`answers 429 with error_messages after ${HOLDS_PER_MINUTE} holds a minute from one address`, async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(14), '09:00') });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < HOLDS_PER_MINUTE; attempt += 1) {
      statuses.push((await hold(id, undefined, '192.0.2.77')).statusCode);
    }
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const limited = await hold(id, undefined, '192.0.2.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', error_messages: expect.any(String) });
  });
});

const TOO_MANY_HOLDS =
  "30 times are being held from your network's address right now, the most one address may hold at once. Please try again in a few minutes; a time held in a window that was closed is released by itself within 15 minutes.";

/** `count` free slots from a future day on, an hour apart from `firstHour`, twelve a day. */
async function freeSlots(dayOffset: number, count: number, firstHour = 8): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const day = clinicDayFromToday(dayOffset + Math.floor(index / 12));
    const hour = String(firstHour + (index % 12)).padStart(2, '0');
    ids.push(await insertSlot(t.database.db, { startsAt: clinicInstant(day, `${hour}:00`) }));
  }
  return ids;
}

/** Holds each slot from `from` for a browser of its own (no token); answers the tokens. */
async function holdEach(ids: readonly number[], from: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const id of ids) {
    const response = await hold(id, undefined, from);
    expect(response.statusCode, response.body).toBe(200);
    tokens.push(response.json().hold_token);
  }
  return tokens;
}

describe('holds per address', () => {
  it(`answers 429 to live hold ${MAX_HOLDS_PER_ADDRESS + 1} from one address, while another address can still hold`, async () => {
    const ids = await freeSlots(15, MAX_HOLDS_PER_ADDRESS + 1);
    const [a, ...rest] = ids as [number, ...number[]];
    const over = rest.pop() as number;
    const from = '198.51.100.10';
    await holdEach([a, ...rest], from);
    expect((await statusOf(a))?.holdClient).toBe(from);

    const refused = await hold(over, undefined, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'holds_limit', error_messages: TOO_MANY_HOLDS });
    expect(await statusOf(over)).toMatchObject({ status: 'available', holdClient: null });

    // A slot already taken is still 409 for that address, and another address is not affected.
    expect((await hold(a, undefined, from)).statusCode).toBe(409);
    expect((await hold(over, undefined, '198.51.100.11')).statusCode).toBe(200);
  });

  it('lets 20 people behind one address each hold a time, and each choose another with their token at the cap', async () => {
    const from = '198.51.100.40';
    const people = 20;
    const firstChoices = await freeSlots(40, MAX_HOLDS_PER_ADDRESS);
    const secondChoices = await freeSlots(43, people);
    const tokens = await holdEach(firstChoices, from);
    // The address is at its cap, yet a browser choosing another time with its own token is not refused: its token
    // holds one time at a time, and the one it lets go does not count.
    for (const [index, token] of tokens.slice(0, people).entries()) {
      const moved = await hold(secondChoices[index] as number, token, from);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().hold_token).not.toBe(token);
      expect((await statusOf(firstChoices[index] as number))?.status).toBe('available');
    }
    const held = await t.database.db.select().from(slots).where(eq(slots.holdClient, from));
    expect(held).toHaveLength(MAX_HOLDS_PER_ADDRESS);
  });

  it('lets a new hold replace the visitor’s own earlier one, and a released or lapsed hold stops counting', async () => {
    const ids = await freeSlots(50, MAX_HOLDS_PER_ADDRESS + 3);
    const [d, e, f] = ids.splice(MAX_HOLDS_PER_ADDRESS) as [number, number, number];
    const [a, b, c] = ids as [number, number, number];
    const from = '198.51.100.20';
    const tokens = await holdEach(ids, from);
    // Choosing another time with the same token does not count the hold it replaces.
    const moved = await hold(d, tokens[0], from);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await statusOf(a)).toMatchObject({ status: 'available', holdClient: null });
    expect((await hold(e, undefined, from)).statusCode).toBe(429);

    const released = await ownHold(b, tokens[1], 'DELETE');
    expect(released.statusCode).toBe(204);
    expect(await statusOf(b)).toMatchObject({ status: 'available', holdClient: null });
    expect((await hold(e, undefined, from)).statusCode).toBe(200);
    expect((await hold(f, undefined, from)).statusCode).toBe(429);

    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(slots.id, c));
    expect((await hold(f, undefined, from)).statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64', async () => {
    const ids = await freeSlots(60, MAX_HOLDS_PER_ADDRESS + 2);
    const [d, e] = ids.splice(MAX_HOLDS_PER_ADDRESS) as [number, number];
    const addresses = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff:1:2:3'];
    for (const [index, id] of ids.entries()) {
      expect((await hold(id, undefined, addresses[index % addresses.length])).statusCode).toBe(200);
    }
    expect((await statusOf(ids[0] as number))?.holdClient).toBe('2001:db8:5:6::/64');
    expect((await hold(d, undefined, '2001:0db8:0005:0006:0:0:0:9')).statusCode).toBe(429);
    expect((await hold(e, undefined, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it(`gives at most ${MAX_HOLDS_PER_ADDRESS} of ${MAX_HOLDS_PER_ADDRESS + 10} concurrent holds from one address`, async () => {
    const ids = await freeSlots(70, MAX_HOLDS_PER_ADDRESS + 10);
    const responses = await Promise.all(ids.map((id) => hold(id, undefined, '198.51.100.30')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_HOLDS_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const held = await t.database.db.select().from(slots).where(eq(slots.holdClient, '198.51.100.30'));
    expect(held).toHaveLength(MAX_HOLDS_PER_ADDRESS);
  });
});

describe("the visitor's own hold", () => {
  it('is answered with the token, shown in the day list as held_by_you, and hidden from others', async () => {
    const day = clinicDayFromToday(11);
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '09:00') });
    await insertSlot(t.database.db, { startsAt: clinicInstant(day, '10:00') });
    const { hold_token: token, hold_expires_at } = await holdOk(id);

    const mine = await ownHold(id, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      session: expect.objectContaining({ id, status: 'pending', held_by_you: true }),
      hold_expires_at,
    });

    const withToken = (await listDay(day, { token })).json().sessions;
    expect(withToken.map((s: { id: number; held_by_you: boolean }) => [s.id, s.held_by_you])).toEqual([
      [id, true],
      [expect.any(Number), false],
    ]);
    const withoutToken = (await listDay(day)).json().sessions;
    expect(withoutToken.map((s: { id: number }) => s.id)).not.toContain(id);
    const otherToken = (await listDay(day, { token: 'A'.repeat(43) })).json().sessions;
    expect(otherToken.map((s: { id: number }) => s.id)).not.toContain(id);
  });

  it('answers 404 to a wrong, malformed or missing token', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(11), '11:00') });
    await holdOk(id);
    for (const token of [undefined, 'A'.repeat(43), 'short', 'x'.repeat(500)]) {
      const response = await ownHold(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error_messages).toBe('Hold not found');
      expect((await ownHold(id, token, 'DELETE')).statusCode).toBe(404);
    }
    expect((await statusOf(id))?.status).toBe('pending');
  });

  it('is released at once with the token (204), and the slot can be held again', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(11), '12:00') });
    const { hold_token: token } = await holdOk(id);
    const released = await ownHold(id, token, 'DELETE');
    expect(released.statusCode).toBe(204);
    expect(await statusOf(id)).toMatchObject({
      status: 'available',
      holdTokenHash: null,
      holdExpiresAt: null,
      holdClient: null,
    });
    expect((await ownHold(id, token, 'DELETE')).statusCode).toBe(404);
    await holdOk(id);
  });
});

describe('the hold release job', () => {
  it('returns lapsed holds to available in one run, and the slot can be held again', async () => {
    const day = clinicDayFromToday(12);
    const lapsed = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '09:00') });
    const live = await insertSlot(t.database.db, { startsAt: clinicInstant(day, '10:00') });
    const { hold_token: token } = await holdOk(lapsed);
    await holdOk(live);
    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slots.id, lapsed));

    // A lapsed hold is already free to take and no longer the visitor's, before the job runs.
    expect((await ownHold(lapsed, token)).statusCode).toBe(404);

    const runner = createJobRunner({ info() {}, warn() {}, error() {} });
    const job = runner.add(
      slotHoldReleaseJob({
        holdMinutes: 15,
        db: t.database.db,
        logger: { info() {}, warn() {}, error() {} },
      }),
    );
    const releasedIds = await job.runOnce();
    expect(releasedIds).toContain(lapsed);
    expect(releasedIds).not.toContain(live);
    expect(await statusOf(lapsed)).toMatchObject({
      status: 'available',
      holdTokenHash: null,
      holdExpiresAt: null,
      holdClient: null,
    });
    expect(await statusOf(live)).toMatchObject({ status: 'pending', holdClient: expect.any(String) });
    expect((await job.runOnce())?.includes(lapsed)).toBe(false);
    await runner.stop();

    expect((await listDay(day)).json().sessions.map((s: { id: number }) => s.id)).toEqual([lapsed]);
    await holdOk(lapsed);
  });

  it('lets a visitor take a lapsed hold even before the job has run', async () => {
    const id = await insertSlot(t.database.db, { startsAt: clinicInstant(clinicDayFromToday(12), '11:00') });
    await holdOk(id);
    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(slots.id, id));
    await holdOk(id);
  });
});

describe('HOLD_MINUTES', () => {
  it('defaults to 15 and refuses what is not 1 to 120 minutes', () => {
    expect(readConfig({}).holdMinutes).toBe(15);
    expect(readConfig({ HOLD_MINUTES: '30' }).holdMinutes).toBe(30);
    for (const value of ['0', '121', 'soon', '2.5']) {
      expect(() => readConfig({ HOLD_MINUTES: value })).toThrow(/HOLD_MINUTES/);
    }
  });

  it('sets how long a hold lasts', async () => {
    const app = await buildApp({
      config: testConfig({ HOLD_MINUTES: '5' }),
      database: t.database,
      web: false,
    });
    try {
      const id = await insertSlot(t.database.db, {
        startsAt: clinicInstant(clinicDayFromToday(13), '09:00'),
      });
      const before = Date.now();
      const response = await app.inject({ method: 'PUT', url: `/api/patient_sessions/${id}` });
      expect(response.statusCode).toBe(200);
      const lasts = Date.parse(response.json().hold_expires_at) - before;
      expect(lasts).toBeGreaterThan(4 * 60_000);
      expect(lasts).toBeLessThan(6 * 60_000);
    } finally {
      await app.close();
    }
  });
});
