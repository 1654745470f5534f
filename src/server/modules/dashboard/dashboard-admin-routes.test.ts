import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import type { DashboardResponse } from '../../../shared/dashboard';
import type { PaymentStatus } from '../../../shared/payment-states';
import { buildApp } from '../../app';
import {
  adminAuthTokens,
  appointments,
  auditLog,
  patients,
  payments,
  referrals,
  refunds,
  visitorUploads,
} from '../../db/schema';
import { paidBooking } from '../../test/booking-fixtures';
import { insertTestPatient } from '../../test/patient-fixtures';
import { insertSlot } from '../../test/slot-fixtures';
import { refundAppointment, staffBooking } from '../../test/staff-fixtures';
import { type AdminTestApp, testConfig, withSignedInAdmin } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { clinicMidnight, clinicMonthRange, clinicWallClock } from '../slots/clinic-time';

/** The instant the app's clock says it is; each test sets it. */
let now = new Date();
let t: AdminTestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ CLINIC_EMAIL: 'desk@clinic.test' }),
    database,
    web: false,
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
afterAll(() => t.close());
const db = () => t.database.db;

async function dashboardAt(instant: string | Date): Promise<DashboardResponse> {
  now = new Date(instant);
  // Sessions run by the same clock: the admin's starts afresh at each instant, or a jump of years would end it.
  await db().update(adminAuthTokens).set({ createdAt: now, lastUsedAt: now });
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const kinds = {
  adultTest: { isVideoCall: false, isAdult: true },
  childTest: { isVideoCall: false, isAdult: false },
  adultVideo: { isVideoCall: true, isAdult: true },
  childVideo: { isVideoCall: true, isAdult: false },
} as const;

let stored = 0;
/**
 * An appointment stored directly on a booked slot of its own starting at `startsAt` (30 minutes; slots of one kind
 * must not overlap), for a patient named `name` (`null`: one whose personal data was since erased), with a
 * payment when given. Answers its id and its patient's.
 */
async function appointmentAt(
  startsAt: string,
  options: {
    status: AppointmentStatus;
    kind?: keyof typeof kinds;
    name?: string | null;
    bookedByAdmin?: boolean;
    payment?: { status: PaymentStatus; amountCents: number };
  },
): Promise<{ id: number; patientId: number }> {
  stored += 1;
  const kind = kinds[options.kind ?? 'adultTest'];
  const slotId = await insertSlot(db(), { startsAt, status: 'booked', ...kind });
  const [first = 'Stored', last = `Patient${stored}`] = (options.name ?? '').split(' ').filter(Boolean);
  const patient = await insertTestPatient(db(), { firstName: first, lastName: last, isAdult: kind.isAdult });
  const [appointment] = await db()
    .insert(appointments)
    .values({
      patientId: patient.id,
      slotId,
      status: options.status,
      bookedByAdmin: options.bookedByAdmin ?? !options.payment,
      // Paid online: its price is what was paid.
      priceCents: options.payment?.amountCents ?? 180_00,
    })
    .returning();
  if (options.payment) {
    await db()
      .insert(payments)
      .values({
        appointmentId: appointment!.id,
        provider: 'test',
        idempotencyKey: randomUUID(),
        amountCents: options.payment.amountCents,
        status: options.payment.status,
        paidAt: options.payment.status === 'succeeded' ? new Date(startsAt) : null,
      });
  }
  // Erased: the patient's row is deleted, the appointment stays without them.
  if (options.name === null) await db().delete(patients).where(eq(patients.id, patient.id));
  return { id: appointment!.id, patientId: patient.id };
}

/** A payment stored directly, not tied to an appointment: what the takings add up. */
async function paymentOf(
  euro: number,
  options: { status?: PaymentStatus; paidAt?: string; refundedAt?: string; createdAt?: string },
) {
  const amountCents = Math.round(euro * 100);
  const refundedAt = options.refundedAt ? new Date(options.refundedAt) : null;
  const [payment] = await db()
    .insert(payments)
    .values({
      provider: 'test',
      idempotencyKey: randomUUID(),
      amountCents,
      status: options.status ?? (refundedAt ? 'refunded' : 'succeeded'),
      paidAt: options.paidAt ? new Date(options.paidAt) : null,
      refundedAt,
      refundedCents: refundedAt ? amountCents : 0,
      ...(options.createdAt ? { createdAt: new Date(options.createdAt) } : {}),
    })
    .returning();
  // Its refund, a row of its own as every refund is.
  if (refundedAt) {
    await db()
      .insert(refunds)
      .values({ paymentId: payment!.id, amountCents, requestedBy: 'staff', status: 'succeeded', refundedAt });
  }
}

const idsOf = (list: { id: number }[]) => list.map((item) => item.id);

describe('the staff dashboard API', () => {
  it('answers 401 without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token-at-all-000000' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses a query parameter (422) or a body (400), and knows no other method (404)', async () => {
    for (const url of ['/api/admin/dashboard?day=2027-01-01', '/api/admin/dashboard?page=1&per_page=5']) {
      const response = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(response.statusCode, url).toBe(422);
    }
    const withBody = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: t.auth,
      payload: { today: '2027-01-01' },
    });
    expect(withBody.statusCode).toBe(400);
    const posted = await t.app.inject({ method: 'POST', url: '/api/admin/dashboard', headers: t.auth });
    expect(posted.statusCode).toBe(404);
  });

  it('answers an empty clinic with empty days, no referrals and no takings', async () => {
    const answer = await dashboardAt('2030-01-15T12:00:00Z');
    expect(answer).toEqual({
      as_of: '2030-01-15T12:00:00.000Z',
      days: { today: '2030-01-15', tomorrow: '2030-01-16' },
      today: [],
      tomorrow: [],
      to_resolve: { count: 0, appointments: [] },
      flagged: [],
      video_links_missing: [],
      intake_missing: [],
      referrals_awaiting: { count: 0, oldest_received_at: null },
      waitlist_active: 0,
      takings: { this_month: 0, last_month: 0 },
      unusual_uploads: null,
      texts: { set_up: false, failed: 0, cancel_requests: 0, replies: [] },
    });
  });

  it('lists the clinic’s today and tomorrow in Irish summer time: late evening UTC is already the next day', async () => {
    // 23:30 UTC on 14 July is 00:30 on 15 July in Dublin (UTC+1).
    const lateYesterday = await appointmentAt('2027-07-14T22:45:00Z', {
      status: 'paid',
      name: 'Late Yesterday',
    });
    const firstToday = await appointmentAt('2027-07-14T23:15:00Z', {
      status: 'paid',
      kind: 'childTest',
      name: 'First Today',
      payment: { status: 'succeeded', amountCents: 180_00 },
    });
    const morning = await appointmentAt('2027-07-15T08:00:00Z', { status: 'booked', name: 'Aoife Byrne' });
    const video = await appointmentAt('2027-07-15T09:00:00Z', {
      status: 'paid',
      kind: 'adultVideo',
      name: 'Cian Video',
      payment: { status: 'succeeded', amountCents: 85_00 },
    });
    const erased = await appointmentAt('2027-07-15T10:00:00Z', { status: 'attended', name: null });
    const missed = await appointmentAt('2027-07-15T11:00:00Z', { status: 'no_show', name: 'Dara Missed' });
    const notTakingPlace = [
      await appointmentAt('2027-07-15T12:00:00Z', { status: 'held', bookedByAdmin: false }),
      await appointmentAt('2027-07-15T13:00:00Z', { status: 'cancelled' }),
      await appointmentAt('2027-07-15T14:00:00Z', {
        status: 'refunded',
        payment: { status: 'refunded', amountCents: 180_00 },
      }),
    ];
    const lastToday = await appointmentAt('2027-07-15T22:59:00Z', { status: 'booked', kind: 'childTest' });
    const firstTomorrow = await appointmentAt('2027-07-15T23:00:00Z', { status: 'booked' });
    const lastTomorrow = await appointmentAt('2027-07-16T22:30:00Z', { status: 'booked' });
    const dayAfter = await appointmentAt('2027-07-16T23:10:00Z', { status: 'booked', kind: 'childTest' });

    const answer = await dashboardAt('2027-07-14T23:30:00Z');
    expect(answer.days).toEqual({ today: '2027-07-15', tomorrow: '2027-07-16' });
    expect(idsOf(answer.today)).toEqual([
      firstToday.id,
      morning.id,
      video.id,
      erased.id,
      missed.id,
      lastToday.id,
    ]);
    expect(idsOf(answer.tomorrow)).toEqual([firstTomorrow.id, lastTomorrow.id]);
    const listed = [...idsOf(answer.today), ...idsOf(answer.tomorrow)];
    for (const absent of [lateYesterday, dayAfter, ...notTakingPlace])
      expect(listed).not.toContain(absent.id);

    const [first, booked, call, anonymous, noShow] = answer.today;
    expect(first).toMatchObject({
      id: firstToday.id,
      status: 'paid',
      status_label: 'Booked',
      starts_at: '2027-07-14T23:15:00.000Z',
      ends_at: '2027-07-14T23:45:00.000Z',
      start_time: '00:15',
      end_time: '00:45',
      patient_id: firstToday.patientId,
      full_name: 'First Today',
      is_video_call: false,
      is_adult: false,
      kind: 'Allergy test',
      appointment_type: 'Child',
      place: 'Suite 36, Sandyford (children)',
      payment_status: 'succeeded',
      payment_status_label: 'Paid',
      amount: 180,
    });
    expect(first?.address).toContain('Sandyford Park Private Hospital');
    expect(booked).toMatchObject({
      full_name: 'Aoife Byrne',
      start_time: '09:00',
      place: 'Suite 12, Sandyford (adults)',
      payment_status: 'booked',
      payment_status_label: 'Booked by admin',
      amount: null,
    });
    expect(call).toMatchObject({
      kind: 'Video consultation',
      appointment_type: 'Adult',
      is_video_call: true,
      place: null,
      address: null,
      payment_status_label: 'Paid',
      amount: 85,
    });
    expect(anonymous).toMatchObject({
      status: 'attended',
      status_label: 'Attended',
      patient_id: null,
      full_name: null,
    });
    expect(noShow).toMatchObject({ status_label: 'No-show', full_name: 'Dara Missed' });
    expect(answer.tomorrow.at(-1)).toMatchObject({ start_time: '23:30', end_time: '00:00' });
  });

  it('counts the 25 hours of the day summer time ends and the 23 of the day it starts', async () => {
    // Sunday 31 October 2027: Dublin goes back from UTC+1 to UTC+0 at 02:00, so the day ends at 00:00 UTC.
    const lateOnLongDay = await appointmentAt('2027-10-31T23:30:00Z', { status: 'booked' });
    await appointmentAt('2027-11-01T00:00:00Z', { status: 'booked', kind: 'childTest' }); // Monday
    const autumn = await dashboardAt('2027-10-30T12:00:00Z');
    expect(autumn.days).toEqual({ today: '2027-10-30', tomorrow: '2027-10-31' });
    expect(idsOf(autumn.tomorrow)).toEqual([lateOnLongDay.id]);
    expect(autumn.tomorrow[0]?.start_time).toBe('23:30');
    expect(idsOf(autumn.today)).toEqual([]);

    // Sunday 28 March 2027: Dublin goes forward at 01:00 to UTC+1, so the day ends at 23:00 UTC.
    const lateOnShortDay = await appointmentAt('2027-03-28T22:15:00Z', { status: 'booked' });
    await appointmentAt('2027-03-28T23:15:00Z', { status: 'booked', kind: 'childTest' }); // 00:15 on Monday
    const spring = await dashboardAt('2027-03-27T12:00:00Z');
    expect(spring.days).toEqual({ today: '2027-03-27', tomorrow: '2027-03-28' });
    expect(idsOf(spring.tomorrow)).toEqual([lateOnShortDay.id]);
    expect(spring.tomorrow[0]?.start_time).toBe('23:15');
    // A minute before midnight in Dublin is still the Saturday; at midnight the Sunday is today.
    expect((await dashboardAt('2027-03-27T23:59:00Z')).days.today).toBe('2027-03-27');
    expect(idsOf((await dashboardAt('2027-03-28T00:00:00Z')).today)).toEqual([lateOnShortDay.id]);
  });

  it('shows bookings made through the API as the appointments list labels them, and audits the names read', async () => {
    const paid = await paidBooking(t.app, db());
    const booked = await staffBooking(t.app, db(), t.auth);
    // The paid booking's time is today, the staff booking's (the next day's slot) tomorrow.
    const paidStart = new Date(paid.slot.startsAt);
    const answer = await dashboardAt(new Date(paidStart.getTime() - 60 * 60_000));
    expect(answer.days.today).toBe(clinicWallClock(paidStart).isoDay);
    expect(answer.today).toEqual([
      expect.objectContaining({
        id: paid.appointmentId,
        status: 'paid',
        full_name: 'Aoife Byrne',
        start_time: '10:00',
        payment_status_label: 'Paid',
        amount: 180,
      }),
    ]);
    expect(answer.tomorrow).toEqual([
      expect.objectContaining({ id: booked.id, status: 'booked', payment_status_label: 'Booked by admin' }),
    ]);

    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), sql`${auditLog.details}->>'via' = 'dashboard'`))
      .orderBy(auditLog.id);
    expect(reads.at(-1)).toMatchObject({
      entity: 'patient',
      entityId: null,
      details: { via: 'dashboard', patient_ids: [paid.patientId, booked.patientId] },
    });
    // A dashboard that names no one writes no read.
    await dashboardAt('2031-06-01T12:00:00Z');
    const after = await db().$count(auditLog, sql`${auditLog.details}->>'via' = 'dashboard'`);
    expect(after).toBe(reads.length);
  });

  it('lists to resolve what ended unmarked in the last 30 days (booked, paid or arrived), oldest first, until marked', async () => {
    const now = new Date('2032-05-20T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    const day = 24 * 60;
    // 30-minute slots: one that started 40 minutes ago has ended, one that started 20 minutes ago has not.
    const monthOld = await appointmentAt(ago(29 * day), {
      status: 'paid',
      name: 'Month Old',
      payment: { status: 'succeeded', amountCents: 180_00 },
    });
    const booked = await appointmentAt(ago(3 * 60), { status: 'booked', name: 'Booked Unmarked' });
    const arrived = await appointmentAt(ago(40), {
      status: 'arrived',
      kind: 'childTest',
      name: 'Arrived Once',
    });
    const left = [
      await appointmentAt(ago(31 * day), { status: 'booked' }),
      await appointmentAt(ago(20), { status: 'booked', kind: 'adultVideo' }),
      await appointmentAt(ago(-60), { status: 'booked' }),
      await appointmentAt(ago(5 * 60), { status: 'attended' }),
      await appointmentAt(ago(6 * 60), { status: 'no_show' }),
      await appointmentAt(ago(7 * 60), { status: 'held', bookedByAdmin: false }),
      await appointmentAt(ago(8 * 60), { status: 'cancelled' }),
      await appointmentAt(ago(9 * 60), {
        status: 'refunded',
        payment: { status: 'refunded', amountCents: 180_00 },
      }),
    ];

    const answer = await dashboardAt(now);
    expect(answer.to_resolve.count).toBe(3);
    expect(idsOf(answer.to_resolve.appointments)).toEqual([monthOld.id, booked.id, arrived.id]);
    for (const absent of left) expect(idsOf(answer.to_resolve.appointments)).not.toContain(absent.id);
    expect(answer.to_resolve.appointments[0]).toMatchObject({
      full_name: 'Month Old',
      date: '21/04/2032',
      start_time: '13:00',
      payment_status_label: 'Paid',
    });
    expect(answer.to_resolve.appointments[2]).toMatchObject({ status: 'arrived', status_label: 'Arrived' });

    // Marked, it is resolved.
    for (const [id, status] of [
      [booked.id, 'no_show'],
      [arrived.id, 'attended'],
    ] as const) {
      const marked = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/transactions/${id}/attendance`,
        headers: t.auth,
        payload: { status },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const after = await dashboardAt(now);
    expect(idsOf(after.to_resolve.appointments)).toEqual([monthOld.id]);
    expect(after.to_resolve.count).toBe(1);
    // Two days later the oldest is past the 30 days (and what was still to come then has ended since).
    const later = await dashboardAt(new Date(now.getTime() + 2 * day * 60_000));
    expect(idsOf(later.to_resolve.appointments)).toEqual([left[1]?.id, left[2]?.id]);
  });

  it('counts the referrals awaiting triage and names when the oldest came', async () => {
    const sent = async (status: 'awaiting' | 'declined' | 'more_info', daysAgo: number) => {
      const patient = await insertTestPatient(db(), { isReferral: true });
      const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
      await db().insert(referrals).values({
        patientId: patient.id,
        status,
        hasReferralLetter: false,
        emailKey: 'aoife@example.ie',
        sentFrom: '10.9.9.9',
        createdAt,
      });
      return createdAt;
    };
    await sent('declined', 10);
    await sent('more_info', 8);
    const oldest = await sent('awaiting', 5);
    await sent('awaiting', 2);
    await sent('awaiting', 0.05);
    const answer = await dashboardAt(new Date());
    expect(answer.referrals_awaiting).toEqual({ count: 3, oldest_received_at: oldest.toISOString() });
  });

  it('adds up the takings of clinic months: payments by the month taken, refunds by the month made', async () => {
    // October 2027 in Dublin runs from 30 September 23:00 UTC (summer time) to 1 November 00:00 UTC.
    await paymentOf(180, { paidAt: '2027-09-30T23:30:00Z' }); // 00:30 on 1 October in Dublin
    await paymentOf(85, { paidAt: '2027-09-30T22:30:00Z' }); // 23:30 on 30 September
    await paymentOf(7, { paidAt: '2027-08-31T23:30:00Z' }); // 00:30 on 1 September
    await paymentOf(70, { paidAt: '2027-08-31T22:59:00Z' }); // 23:59 on 31 August
    // Paid in September, refunded in October: it counts in September and comes off October.
    await paymentOf(100, { paidAt: '2027-09-10T10:00:00Z', refundedAt: '2027-10-03T10:00:00Z' });
    // Paid and refunded in October: nothing.
    await paymentOf(50.5, { paidAt: '2027-10-05T10:00:00Z', refundedAt: '2027-10-06T10:00:00Z' });
    // Taken after its time was lost, owed back: money taken until its refund is made.
    await paymentOf(30, { status: 'refund_pending', paidAt: '2027-10-20T10:00:00Z' });
    await paymentOf(90, { paidAt: '2027-10-31T23:30:00Z' }); // 23:30 on 31 October, winter time again
    await paymentOf(40, { paidAt: '2027-11-01T00:30:00Z' }); // November
    // Never taken: failed or still in progress.
    await paymentOf(180, { status: 'failed', createdAt: '2027-10-10T10:00:00Z' });
    await paymentOf(180, { status: 'processing', createdAt: '2027-10-11T10:00:00Z' });

    const october = await dashboardAt('2027-10-15T12:00:00Z');
    // 180 + 50.50 + 30 + 90 taken, 100 + 50.50 refunded; September: 85 + 7 + 100.
    expect(october.takings).toEqual({ this_month: 200, last_month: 192 });
    const november = await dashboardAt('2027-11-01T00:30:00Z');
    expect(november.takings).toEqual({ this_month: 40, last_month: 200 });
    // 23:59 on 30 September in Dublin is still September.
    expect((await dashboardAt('2027-09-30T22:59:00Z')).takings).toEqual({ this_month: 192, last_month: 70 });
  });

  it('takes a refund made through the API off the month it was made in, not the month the payment was taken', async () => {
    now = new Date();
    const today = clinicWallClock(now).isoDay;
    const before = (await dashboardAt(now)).takings!;
    const booking = await paidBooking(t.app, db());
    expect((await dashboardAt(new Date())).takings).toEqual({
      this_month: before.this_month + 180,
      last_month: before.last_month,
    });
    // As if it had been paid in the middle of last month.
    const lastMonth = clinicMonthRange(today, -1);
    await db()
      .update(payments)
      .set({ paidAt: new Date((lastMonth.from.getTime() + lastMonth.to.getTime()) / 2) })
      .where(eq(payments.appointmentId, booking.appointmentId));
    expect((await dashboardAt(new Date())).takings).toEqual({
      this_month: before.this_month,
      last_month: before.last_month + 180,
    });
    const refund = await refundAppointment(t.app, t.auth, booking.appointmentId);
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await dashboardAt(new Date())).takings).toEqual({
      this_month: before.this_month - 180,
      last_month: before.last_month + 180,
    });
  });
});

describe("the dashboard's notice of unusual uploads", () => {
  const MB = 1024 * 1024;

  /** Forms with files stored at noon, clinic time, `daysBack` days before `today` (YYYY-MM-DD). */
  async function uploadsOn(
    today: string,
    daysBack: number,
    forms: { bytes: number; files?: number; refused?: boolean }[],
  ) {
    const noon = new Date(clinicMidnight(today, -daysBack).getTime() + 12 * 3_600_000);
    await db()
      .insert(visitorUploads)
      .values(
        forms.map((form) => ({
          files: form.files ?? 1,
          bytes: form.bytes,
          refused: form.refused ?? false,
          createdAt: noon,
        })),
      );
  }
  /** About 20 MB a day, in a few forms, over the two weeks before `today`. */
  async function usualFortnight(today: string) {
    for (let back = 1; back <= 14; back += 1) {
      await uploadsOn(today, back, [{ bytes: 8 * MB }, { bytes: 12 * MB, files: 2 }]);
    }
  }

  it('stays quiet on a usual day, and on a busy one that is not several times the usual', async () => {
    await usualFortnight('2031-03-10');
    await uploadsOn('2031-03-10', 0, [{ bytes: 60 * MB }]);
    expect((await dashboardAt('2031-03-10T15:00:00Z')).unusual_uploads).toBeNull();

    // 150 MB is past the floor, but not four times a usual day of 50 MB.
    for (let back = 1; back <= 14; back += 1) await uploadsOn('2031-05-10', back, [{ bytes: 50 * MB }]);
    await uploadsOn('2031-05-10', 0, [{ bytes: 150 * MB }]);
    expect((await dashboardAt('2031-05-10T15:00:00Z')).unusual_uploads).toBeNull();
  });

  it('says so when today is past the floor and several times a usual day', async () => {
    await usualFortnight('2031-07-10');
    // Older than the fortnight: not part of a usual day.
    await uploadsOn('2031-07-10', 15, [{ bytes: 900 * MB }]);
    await uploadsOn(
      '2031-07-10',
      0,
      Array.from({ length: 38 }, (_form, index) => ({ bytes: (index < 2 ? 26 : 10) * MB })),
    );
    const { unusual_uploads } = await dashboardAt('2031-07-10T15:00:00Z');
    expect(unusual_uploads).toEqual({
      bytes: 412 * MB,
      files: 38,
      forms: 38,
      refused: 0,
      usual_bytes: 20 * MB,
      notice: 'Unusual uploads today: 412 MB from 38 referrals and bookings (usually about 20 MB a day).',
    });
  });

  it('says so when an address was refused files today for its daily allowance, whatever the bytes', async () => {
    await usualFortnight('2031-09-10');
    await uploadsOn('2031-09-10', 0, [{ bytes: 5 * MB }, { bytes: 0, files: 0, refused: true }]);
    // Yesterday's refusal is not today's.
    await uploadsOn('2031-09-10', 1, [{ bytes: 0, files: 0, refused: true }]);
    const { unusual_uploads } = await dashboardAt('2031-09-10T15:00:00Z');
    expect(unusual_uploads).toMatchObject({ bytes: 5 * MB, files: 1, forms: 1, refused: 1 });
    expect(unusual_uploads?.notice).toBe(
      'Unusual uploads today: 5 MB from 1 referral or booking (usually about 20 MB a day). Files were refused from 1 address that had already sent the 64 MB one address may send a day.',
    );
    // A second address refused today is the second counted.
    await uploadsOn('2031-09-10', 0, [{ bytes: 0, files: 0, refused: true }]);
    expect((await dashboardAt('2031-09-10T15:00:00Z')).unusual_uploads?.notice).toBe(
      'Unusual uploads today: 5 MB from 1 referral or booking (usually about 20 MB a day). Files were refused from 2 addresses that had already sent the 64 MB one address may send a day.',
    );
    // The next day, with nothing refused, it is quiet again.
    expect((await dashboardAt('2031-09-11T15:00:00Z')).unusual_uploads).toBeNull();
  });

  it('says only what was refused when no file was taken today, and never "about under 1 MB"', async () => {
    await uploadsOn('2031-11-10', 0, [{ bytes: 0, files: 0, refused: true }]);
    expect((await dashboardAt('2031-11-10T15:00:00Z')).unusual_uploads?.notice).toBe(
      'Unusual uploads today: Files were refused from 1 address that had already sent the 64 MB one address may send a day. No files were taken today.',
    );
    for (let back = 1; back <= 14; back += 1) await uploadsOn('2032-01-10', back, [{ bytes: 300 * 1024 }]);
    await uploadsOn('2032-01-10', 0, [{ bytes: 2 * MB }, { bytes: 0, files: 0, refused: true }]);
    expect((await dashboardAt('2032-01-10T15:00:00Z')).unusual_uploads?.notice).toBe(
      'Unusual uploads today: 2 MB from 1 referral or booking (usually under 1 MB a day). Files were refused from 1 address that had already sent the 64 MB one address may send a day.',
    );
    await uploadsOn('2032-03-10', 0, [{ bytes: 2 * MB }, { bytes: 0, files: 0, refused: true }]);
    expect((await dashboardAt('2032-03-10T15:00:00Z')).unusual_uploads?.notice).toBe(
      'Unusual uploads today: 2 MB from 1 referral or booking (usually none). Files were refused from 1 address that had already sent the 64 MB one address may send a day.',
    );
  });
});
