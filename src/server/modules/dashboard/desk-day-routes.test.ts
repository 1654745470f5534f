import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/appointment-states';
import type { DeskDayResponse } from '../../../shared/desk-day';
import type { StaffRole } from '../../../shared/staff-roles';
import { buildApp } from '../../app';
import {
  adminAuthTokens,
  adminUsers,
  appointments,
  auditLog,
  DESK_PROVIDER,
  payments,
  slots,
} from '../../db/schema';
import { insertTestPatient } from '../../test/patient-fixtures';
import { insertSlot } from '../../test/slot-fixtures';
import { type AdminTestApp, testConfig, withSignedInAdmin } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { insertAdmin } from '../auth/admin-repository';
import { hashPassword } from '../auth/password-hashing';

/** The instant the app's clock says it is; each test sets it. */
let now = new Date();
let t: AdminTestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database, web: false, clock: () => now });
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

/** Sets the app's clock, keeping the test's sessions alive at that instant. */
async function at(instant: string) {
  now = new Date(instant);
  await db().update(adminAuthTokens).set({ createdAt: now, lastUsedAt: now });
}

const get = (url: string, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'GET', url, headers });

async function dayOf(query: string): Promise<DeskDayResponse> {
  const response = await get(`/api/admin/day${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let stored = 0;
/** An appointment stored on a booked 30-minute slot of its own at `startsAt`, with a payment when given. */
async function appointmentAt(
  startsAt: string,
  options: {
    status: AppointmentStatus;
    name: string;
    kind?: 'adultTest' | 'childTest' | 'video' | 'blackrock';
    paid?: boolean;
    /** How it was paid: online by card unless taken at the desk. */
    method?: 'cash' | 'card_terminal';
    arrivedAt?: string;
  },
): Promise<number> {
  stored += 1;
  const kind = options.kind ?? 'adultTest';
  const slotId = await insertSlot(db(), {
    startsAt,
    status: 'booked',
    isAdult: kind !== 'childTest',
    isVideoCall: kind === 'video',
  });
  if (kind === 'blackrock') await db().update(slots).set({ location: 'adult_2' }).where(eq(slots.id, slotId));
  const [first = '', last = ''] = options.name.split(' ');
  const patient = await insertTestPatient(db(), {
    firstName: first,
    lastName: last,
    phone: `+353 87 000 ${String(1000 + stored)}`,
    isAdult: kind !== 'childTest',
    allergens: 'Peanuts, secret',
    consultantName: 'Dr Secret',
  });
  const [appointment] = await db()
    .insert(appointments)
    .values({
      patientId: patient.id,
      slotId,
      status: options.status,
      bookedByAdmin: !options.paid,
      priceCents: 180_00,
      arrivedAt: options.arrivedAt ? new Date(options.arrivedAt) : null,
    })
    .returning();
  if (options.paid) {
    await db()
      .insert(payments)
      .values({
        appointmentId: appointment!.id,
        provider: options.method ? DESK_PROVIDER : 'test',
        idempotencyKey: randomUUID(),
        amountCents: 180_00,
        status: 'succeeded',
        method: options.method ?? 'card',
        paidAt: new Date(startsAt),
      });
  }
  return appointment!.id;
}

async function staffOf(role: StaffRole): Promise<Record<string, string>> {
  const email = `${role}-${randomUUID()}@clinic.test`;
  const password = 'Role-pw-123';
  const row = await insertAdmin(db(), { email, passwordHash: await hashPassword(password) });
  await db().update(adminUsers).set({ role }).where(eq(adminUsers.id, row.id));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token.auth_token as string}` };
}

// Thursday 9 December 2032 (UTC+0 in Dublin).
const DAY = '2032-12-09';
let ids: Record<string, number> = {};

describe("the desk's day API", () => {
  beforeAll(async () => {
    ids = {
      early: await appointmentAt(`${DAY}T09:00:00Z`, {
        status: 'arrived',
        name: 'Aoife Early',
        paid: true,
        arrivedAt: `${DAY}T08:52:00Z`,
      }),
      child: await appointmentAt(`${DAY}T09:30:00Z`, {
        status: 'booked',
        name: 'Cian Child',
        kind: 'childTest',
      }),
      video: await appointmentAt(`${DAY}T10:00:00Z`, {
        status: 'paid',
        name: 'Dara Video',
        kind: 'video',
        paid: true,
        method: 'cash',
      }),
      blackrock: await appointmentAt(`${DAY}T11:00:00Z`, {
        status: 'attended',
        name: 'Eve Rock',
        kind: 'blackrock',
      }),
      formula: await appointmentAt(`${DAY}T12:00:00Z`, { status: 'booked', name: '=HYPERLINK("x") Formula' }),
      cancelled: await appointmentAt(`${DAY}T13:00:00Z`, { status: 'cancelled', name: 'Gone Cancelled' }),
      held: await appointmentAt(`${DAY}T14:00:00Z`, { status: 'held', name: 'Being Booked' }),
      nextDay: await appointmentAt('2032-12-10T09:00:00Z', { status: 'booked', name: 'Next Day' }),
    };
  });

  it('lists the day’s appointments that take place, by start, with phones and arrivals and no health details', async () => {
    await at(`${DAY}T09:20:00Z`);
    const answer = await dayOf('?date=09/12/2032');
    expect(answer.day).toBe(DAY);
    expect(answer.today).toBe(DAY);
    expect(answer.appointments.map((row) => row.id)).toEqual([
      ids.early,
      ids.child,
      ids.video,
      ids.blackrock,
      ids.formula,
    ]);
    const [early, child, video, rock] = answer.appointments;
    expect(early).toEqual({
      id: ids.early,
      status: 'arrived',
      status_label: 'Arrived',
      starts_at: `${DAY}T09:00:00.000Z`,
      ends_at: `${DAY}T09:30:00.000Z`,
      date: '09/12/2032',
      start_time: '09:00',
      end_time: '09:30',
      started: true,
      patient_id: expect.any(Number),
      full_name: 'Aoife Early',
      phone: expect.stringMatching(/^\+353 87 000 1\d{3}$/),
      is_video_call: false,
      is_adult: true,
      kind: 'Allergy test',
      appointment_type: 'Adult',
      location: 'adult_1',
      place: 'Suite 12, Sandyford (adults)',
      payment_status: 'succeeded',
      payment_status_label: 'Paid',
      amount: 180,
      balance_due: 0,
      arrived_at: `${DAY}T08:52:00.000Z`,
    });
    expect(child).toMatchObject({
      started: false,
      appointment_type: 'Child',
      location: 'child',
      payment_status_label: 'Booked by admin',
      arrived_at: null,
    });
    // Taken at the desk: said how.
    expect(video).toMatchObject({
      payment_status_label: 'Paid in cash',
      location: 'video',
      place: 'Video consultations',
      kind: 'Video consultation',
    });
    expect(rock).toMatchObject({ location: 'adult_2', place: 'Suite 23, Blackrock (adults)' });
    expect(JSON.stringify(answer)).not.toMatch(/Peanuts|Dr Secret|allergens|consultant/);

    // The names read are audited.
    const [read] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), sql`${auditLog.details}->>'via' = 'desk_day'`))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect((read?.details as { patient_ids: number[] }).patient_ids).toHaveLength(5);
  });

  it('keeps one place’s appointments, and answers the clinic’s today without a date', async () => {
    await at(`${DAY}T07:00:00Z`);
    expect((await dayOf('?location=adult_2')).appointments.map((row) => row.id)).toEqual([ids.blackrock]);
    expect((await dayOf('?date=09/12/2032&location=video')).appointments.map((row) => row.id)).toEqual([
      ids.video,
    ]);
    expect((await dayOf('?location=child')).appointments.map((row) => row.id)).toEqual([ids.child]);
    const tomorrow = await dayOf('?date=10/12/2032');
    expect(tomorrow.appointments.map((row) => row.id)).toEqual([ids.nextDay]);
    expect(tomorrow.today).toBe(DAY);
    expect(tomorrow.appointments[0]?.started).toBe(false);
  });

  it('refuses a date or place that is not one (422, naming the field), and any other parameter', async () => {
    await at(`${DAY}T07:00:00Z`);
    for (const [query, field] of [
      ['?date=2032-12-09', 'date'],
      ['?date=31/02/2032', 'date'],
      ['?date=9/12/2032', 'date'],
      ['?date=09/12/1999', 'date'],
      ['?date=', 'date'],
      ['?location=mars', 'location'],
      ['?page=2', 'page'],
    ] as const) {
      for (const path of ['/api/admin/day', '/api/admin/export_day']) {
        const response = await get(`${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBe(422);
        expect(response.body, `${path}${query}`).toContain(field);
      }
    }
  });

  it('answers the day as a CSV with the export rules: formulas made inert, phones kept as text', async () => {
    await at(`${DAY}T09:40:00Z`);
    const response = await get('/api/admin/export_day?date=09/12/2032');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Day-${DAY}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Date,Time,End,Place,Patient name,Phone,Kind,Adult or child,Payment information,Status,Arrived at',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^09\/12\/2032,09:00,09:30,"?Suite 12, Sandyford \(adults\)"?,Aoife Early,087 000 1\d{3},Allergy test,Adult,Paid,Arrived,08:52$/,
    );
    expect(lines[5]).toContain(`"'=HYPERLINK(""x"") Formula"`);
    expect(response.body).not.toMatch(/Peanuts|Dr Secret/);
    const place = await get('/api/admin/export_day?date=09/12/2032&location=video');
    expect(place.headers['content-disposition']).toBe(`attachment; filename="Day-${DAY}-video.csv"`);
    expect(place.body.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('lets every role read the day, and only those who may export appointments download it', async () => {
    await at(`${DAY}T09:40:00Z`);
    for (const role of ['clinician', 'reception', 'bookkeeper'] as const) {
      const headers = await staffOf(role);
      expect((await get('/api/admin/day?date=09/12/2032', headers)).statusCode).toBe(200);
      const csv = await get('/api/admin/export_day?date=09/12/2032', headers);
      expect(csv.statusCode, role).toBe(role === 'clinician' ? 403 : 200);
    }
    for (const path of ['/api/admin/day', '/api/admin/export_day']) {
      expect((await get(path, {})).statusCode).toBe(401);
    }
  });
});
