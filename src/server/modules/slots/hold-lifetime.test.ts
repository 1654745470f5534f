import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIFETIME_FACTOR, STAFF_HOLD_MINUTES, slotTexts } from '../../../shared/slots';
import { slotHoldEnds, slots } from '../../db/schema';
import {
  adultForm,
  createAdminBookingTestApp,
  futureSlot,
  nextAddress,
  pay,
} from '../../test/booking-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { slotHoldReleaseJob } from './slot-hold-job';

// HOLD_MINUTES is 15 in tests: a hold lasts at most 30 minutes from when it started, however it is renewed.
const HOLD_MINUTES = 15;
const LIFETIME_MS = HOLD_LIFETIME_FACTOR * HOLD_MINUTES * 60_000;

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const rowOf = async (id: number) => {
  const [row] = await t.database.db.select().from(slots).where(eq(slots.id, id));
  if (!row) throw new Error(`no slot ${id}`);
  return row;
};

/** As if the hold had started `minutes` ago and been renewed since: it ends in `endsIn` minutes. */
const renewedSince = (id: number, minutes: number, endsIn: number) =>
  t.database.db
    .update(slots)
    .set({
      holdStartedAt: sql`now() - make_interval(mins => ${minutes})`,
      holdExpiresAt: sql`now() + make_interval(mins => ${endsIn})`,
    })
    .where(eq(slots.id, id));

/** Moves the hold's start `minutes` into the past, its end left alone. */
const startedMinutesAgo = (id: number, minutes: number) =>
  t.database.db
    .update(slots)
    .set({ holdStartedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(slots.id, id));

const hold = async (id: number, ownToken?: string) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/patient_sessions/${id}`,
    headers: ownToken ? { 'x-hold-token': ownToken } : {},
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { hold_token: string; hold_expires_at: string };
};

const book = (id: number, holdToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': holdToken },
    payload: { patient: adultForm(id) },
    remoteAddress: nextAddress(),
  });

/** The hold's end is exactly its lifetime after its start. */
const endsAtCap = (row: { holdStartedAt: Date | null; holdExpiresAt: Date | null }) =>
  row.holdExpiresAt!.getTime() - row.holdStartedAt!.getTime() === LIFETIME_MS;

describe('a hold has a lifetime of HOLD_LIFETIME_FACTOR × HOLD_MINUTES', () => {
  it('starts its clock when a visitor takes the slot, and a re-hold with its own token keeps it', async () => {
    const slot = await futureSlot(t.database.db);
    const first = await hold(slot.id);
    const taken = await rowOf(slot.id);
    expect(taken.holdStartedAt).toBeInstanceOf(Date);
    expect(taken.holdExpiresAt!.getTime() - taken.holdStartedAt!.getTime()).toBe(HOLD_MINUTES * 60_000);
    const again = await hold(slot.id, first.hold_token);
    const renewed = await rowOf(slot.id);
    expect(renewed.holdStartedAt).toEqual(taken.holdStartedAt);
    expect(Date.parse(again.hold_expires_at)).toBe(renewed.holdExpiresAt!.getTime());
    expect(renewed.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(taken.holdExpiresAt!.getTime());
  });

  it('a re-hold with its own token near the end of the lifetime gets the capped end, not HOLD_MINUTES more', async () => {
    const slot = await futureSlot(t.database.db);
    const first = await hold(slot.id);
    await renewedSince(slot.id, 25, 2);
    const again = await hold(slot.id, first.hold_token);
    const row = await rowOf(slot.id);
    expect(endsAtCap(row)).toBe(true);
    expect(Date.parse(again.hold_expires_at)).toBe(row.holdExpiresAt!.getTime());
    // Renewing again changes nothing: the hold still ends at its cap.
    const third = await hold(slot.id, again.hold_token);
    expect(Date.parse(third.hold_expires_at)).toBe(row.holdExpiresAt!.getTime());
    expect((await rowOf(slot.id)).holdStartedAt).toEqual(row.holdStartedAt);
  });

  it('a renewal never shortens a hold that already ends later than the cap', async () => {
    const slot = await futureSlot(t.database.db);
    const first = await hold(slot.id);
    const before = await rowOf(slot.id);
    // Ends 15 minutes from now although it started 40 minutes ago (HOLD_MINUTES was longer, say).
    await startedMinutesAgo(slot.id, 40);
    await hold(slot.id, first.hold_token);
    expect((await rowOf(slot.id)).holdExpiresAt).toEqual(before.holdExpiresAt);
  });

  it("moving to another slot with the same token keeps the token's clock and clears the first", async () => {
    const a = await futureSlot(t.database.db);
    const b = await futureSlot(t.database.db);
    const first = await hold(a.id);
    await startedMinutesAgo(a.id, 25);
    const startedAt = (await rowOf(a.id)).holdStartedAt!;
    const moved = await hold(b.id, first.hold_token);
    const onB = await rowOf(b.id);
    expect(onB.holdStartedAt).toEqual(startedAt);
    expect(endsAtCap(onB)).toBe(true);
    expect(await rowOf(a.id)).toMatchObject({
      status: 'available',
      holdStartedAt: null,
      holdExpiresAt: null,
    });
    // And back again: switching between two slots cannot keep either held past the token's lifetime.
    await hold(a.id, moved.hold_token);
    expect((await rowOf(a.id)).holdStartedAt).toEqual(startedAt);
    expect(endsAtCap(await rowOf(a.id))).toBe(true);
  });

  it('creating the booking and starting a payment do not extend the hold past its cap', async () => {
    const slot = await futureSlot(t.database.db);
    const { hold_token } = await hold(slot.id);
    await renewedSince(slot.id, 20, 5);
    const booked = await book(slot.id, hold_token);
    expect(booked.statusCode, booked.body).toBe(201);
    const afterBooking = await rowOf(slot.id);
    expect(endsAtCap(afterBooking)).toBe(true);
    const { id: patientId, access_token: token } = booked.json().patient;
    // A declined card: the payment extends the hold (in its transaction) and then fails; the slot stays held.
    const declined = await pay(t.app, { patientId, token }, { token: 'pm_card_chargeDeclined' });
    expect(declined.statusCode, declined.body).toBe(402);
    const afterPayment = await rowOf(slot.id);
    expect(afterPayment).toMatchObject({ status: 'pending', holdStartedAt: afterBooking.holdStartedAt });
    expect(afterPayment.holdExpiresAt).toEqual(afterBooking.holdExpiresAt);
    const read = await t.app.inject({
      url: `/api/patient_sessions/${slot.id}/hold`,
      headers: { 'x-hold-token': hold_token },
    });
    expect(Date.parse(read.json().hold_expires_at)).toBe(afterBooking.holdExpiresAt!.getTime());
  });

  it('a hold past its lifetime lapses, is released by the job with its start, and the slot is free again', async () => {
    const slot = await futureSlot(t.database.db);
    const { hold_token } = await hold(slot.id);
    await t.database.db
      .update(slots)
      .set({
        holdStartedAt: sql`now() - make_interval(mins => 31)`,
        holdExpiresAt: sql`now() - make_interval(mins => 1)`,
      })
      .where(eq(slots.id, slot.id));
    expect((await book(slot.id, hold_token)).statusCode).toBe(409);
    const released = await slotHoldReleaseJob({
      db: t.database.db,
      holdMinutes: HOLD_MINUTES,
      logger: { info() {}, warn() {}, error() {} },
    }).run();
    expect(released).toContain(slot.id);
    expect(await rowOf(slot.id)).toMatchObject({
      status: 'available',
      holdStartedAt: null,
      holdExpiresAt: null,
      holdTokenHash: null,
    });
  });

  it('a released hold clears its start; the next hold starts afresh', async () => {
    const slot = await futureSlot(t.database.db);
    const { hold_token } = await hold(slot.id);
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${slot.id}/hold`,
      headers: { 'x-hold-token': hold_token },
    });
    expect(released.statusCode).toBe(204);
    expect((await rowOf(slot.id)).holdStartedAt).toBeNull();
  });
});

describe('a holder taking its slot again', () => {
  /** A hold from one fixed address, with or without a token of its own. */
  const holdFrom = (id: number, address: string, ownToken?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${id}`,
      headers: ownToken ? { 'x-hold-token': ownToken } : {},
      remoteAddress: address,
    });
  const releaseJob = () =>
    slotHoldReleaseJob({
      db: t.database.db,
      holdMinutes: HOLD_MINUTES,
      logger: { info() {}, warn() {}, error() {} },
    }).run();
  const endsOf = async (slotId: number) =>
    (await t.database.db.select().from(slotHoldEnds).where(eq(slotHoldEnds.slotId, slotId))).map(
      (row) => row.client,
    );
  let addressCounter = 0;
  const newAddress = () => {
    addressCounter += 1;
    return `10.88.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  it('cannot keep it past the lifetime by taking it again the moment it lapses, with its token or without', async () => {
    const slot = await futureSlot(t.database.db);
    const address = newAddress();
    const first = await holdFrom(slot.id, address);
    expect(first.statusCode).toBe(200);
    const token = first.json().hold_token as string;
    await t.database.db
      .update(slots)
      .set({
        holdStartedAt: sql`now() - make_interval(mins => 31)`,
        holdExpiresAt: sql`now() - make_interval(secs => 1)`,
      })
      .where(eq(slots.id, slot.id));
    expect((await holdFrom(slot.id, address, token)).statusCode).toBe(409);
    expect((await holdFrom(slot.id, address)).statusCode).toBe(409);
    // Released by the job, the slot remembers the address whose hold ran out.
    expect(await releaseJob()).toContain(slot.id);
    expect(await endsOf(slot.id)).toEqual([address]);
    const refused = await holdFrom(slot.id, address);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_messages).toBe(slotTexts.heldLongEnough);
    expect((await holdFrom(slot.id, address, token)).statusCode).toBe(409);
    // Anyone else may take it; a relay through them does not give the first address a new lifetime.
    const other = await holdFrom(slot.id, newAddress());
    expect(other.statusCode, other.body).toBe(200);
    const letGo = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${slot.id}/hold`,
      headers: { 'x-hold-token': other.json().hold_token },
    });
    expect(letGo.statusCode).toBe(204);
    expect((await holdFrom(slot.id, address)).statusCode).toBe(409);
    expect((await holdFrom(slot.id, newAddress())).statusCode).toBe(200);
  });

  it('refuses its holder without telling others racing for the time that it is taken', async () => {
    const slot = await futureSlot(t.database.db);
    const address = newAddress();
    await holdFrom(slot.id, address);
    await t.database.db
      .update(slots)
      .set({
        holdStartedAt: sql`now() - make_interval(mins => 31)`,
        holdExpiresAt: sql`now() - make_interval(secs => 1)`,
      })
      .where(eq(slots.id, slot.id));
    const [first, second, newcomer] = await Promise.all([
      holdFrom(slot.id, address),
      holdFrom(slot.id, address),
      holdFrom(slot.id, newAddress()),
    ]);
    expect(first?.statusCode).toBe(409);
    expect(second?.statusCode).toBe(409);
    expect(newcomer?.statusCode, newcomer?.body).toBe(200);
  });

  it('goes on with the same clock after letting it go, and may take it afresh two lifetimes after it started', async () => {
    const slot = await futureSlot(t.database.db);
    const address = newAddress();
    const first = await holdFrom(slot.id, address);
    await startedMinutesAgo(slot.id, 20);
    const started = (await rowOf(slot.id)).holdStartedAt!;
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${slot.id}/hold`,
      headers: { 'x-hold-token': first.json().hold_token },
    });
    expect(released.statusCode).toBe(204);
    expect((await holdFrom(slot.id, address)).statusCode).toBe(200);
    const again = await rowOf(slot.id);
    expect(again.holdStartedAt).toEqual(started);
    expect(endsAtCap(again)).toBe(true);

    await t.database.db
      .update(slots)
      .set({ holdExpiresAt: sql`now() - make_interval(secs => 1)` })
      .where(eq(slots.id, slot.id));
    await releaseJob();
    await t.database.db
      .update(slotHoldEnds)
      .set({ holdStartedAt: sql`now() - make_interval(mins => 61)` })
      .where(eq(slotHoldEnds.slotId, slot.id));
    expect((await holdFrom(slot.id, address)).statusCode).toBe(200);
    const afresh = await rowOf(slot.id);
    expect(afresh.holdExpiresAt!.getTime() - afresh.holdStartedAt!.getTime()).toBe(HOLD_MINUTES * 60_000);
  });

  it('forgets the address once two lifetimes have passed since its hold started', async () => {
    const slot = await futureSlot(t.database.db);
    const address = newAddress();
    await holdFrom(slot.id, address);
    await t.database.db
      .update(slots)
      .set({
        holdStartedAt: sql`now() - make_interval(mins => 61)`,
        holdExpiresAt: sql`now() - make_interval(mins => 31)`,
      })
      .where(eq(slots.id, slot.id));
    await releaseJob();
    expect(await rowOf(slot.id)).toMatchObject({ status: 'available' });
    expect(await endsOf(slot.id)).toEqual([]);
  });
});

describe('an admin hold (PUT /api/admin/sessions/:id pending)', () => {
  const setStatus = (id: number, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${id}`,
      headers: t.auth,
      payload: { session: { status } },
    });

  it('starts a hold of STAFF_HOLD_MINUTES that no visitor can renew, and setting available clears it', async () => {
    const slot = await futureSlot(t.database.db);
    expect((await setStatus(slot.id, 'pending')).statusCode).toBe(200);
    const held = await rowOf(slot.id);
    expect(held).toMatchObject({ status: 'pending', holdTokenHash: null, holdClient: null });
    expect(held.holdExpiresAt!.getTime() - held.holdStartedAt!.getTime()).toBe(STAFF_HOLD_MINUTES * 60_000);
    // Not renewable by the admin either (409), nor takeable by a visitor.
    expect((await setStatus(slot.id, 'pending')).statusCode).toBe(409);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slot.id}`,
      remoteAddress: nextAddress(),
    });
    expect(visitor.statusCode).toBe(409);
    expect((await setStatus(slot.id, 'available')).statusCode).toBe(200);
    expect(await rowOf(slot.id)).toMatchObject({
      status: 'available',
      holdStartedAt: null,
      holdExpiresAt: null,
    });
  });

  it('a visitor taking the slot after the admin released it starts a new hold', async () => {
    const slot = await futureSlot(t.database.db);
    await setStatus(slot.id, 'pending');
    await setStatus(slot.id, 'available');
    await hold(slot.id);
    const row = await rowOf(slot.id);
    expect(row.holdExpiresAt!.getTime() - row.holdStartedAt!.getTime()).toBe(HOLD_MINUTES * 60_000);
  });
});
