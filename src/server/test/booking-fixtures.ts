import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { type Appointment, appointments, type Payment, payments } from '../db/schema';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { clinicDayFromToday, clinicInstant, insertSlot, type SlotRowOptions } from './slot-fixtures';
import { type AdminTestApp, testConfig, withSignedInAdmin } from './test-app';
import { createTestDatabase } from './test-database';

export interface BookingTestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The API on a fresh database with the given environment and payment provider (Stripe pointed at a fake). */
export async function createBookingTestApp(
  env: Record<string, string> = {},
  paymentProvider?: PaymentProvider,
): Promise<BookingTestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ CLINIC_EMAIL: 'desk@clinic.test', ...env }),
    database,
    web: false,
    paymentProvider,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The booking API (`createBookingTestApp`) with an admin signed in: for tests of the staff's appointment screens. */
export async function createAdminBookingTestApp(): Promise<AdminTestApp> {
  return withSignedInAdmin(await createBookingTestApp());
}

let visitor = 0;
/** A remote address of its own for each call (holds, bookings and payments are rate-limited per address). */
export function nextAddress(): string {
  visitor += 1;
  return `10.7.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
}

let slotDay = 3;

/**
 * Starts the address and day counters again. The test files of a worker share these modules (vitest's
 * `isolate: false`), so without this a file's days would depend on which files ran before it in its worker.
 */
export function resetBookingFixtures(): void {
  visitor = 0;
  slotDay = 3;
}
/** A future slot of its own (a new clinic day each time, 10:00–10:30); answers its id and start. */
export async function futureSlot(
  db: DatabaseHandle['db'],
  options: Partial<SlotRowOptions> = {},
): Promise<{ id: number; startsAt: string }> {
  slotDay += 1;
  const startsAt = clinicInstant(clinicDayFromToday(slotDay), '10:00');
  const id = await insertSlot(db, { startsAt, ...options });
  return { id, startsAt };
}

/** The appointment a visitor's booking made for the patient. */
export async function appointmentOf(db: DatabaseHandle['db'], patientId: number): Promise<Appointment> {
  const [row] = await db.select().from(appointments).where(eq(appointments.patientId, patientId));
  if (!row) throw new Error(`no appointment of patient ${patientId}`);
  return row;
}

/** The appointments booked on a slot. */
export function appointmentsOfSlot(db: DatabaseHandle['db'], slotId: number): Promise<Appointment[]> {
  return db.select().from(appointments).where(eq(appointments.slotId, slotId));
}

/** The payments of a patient's booking, oldest first. */
export async function paymentsOfPatient(db: DatabaseHandle['db'], patientId: number): Promise<Payment[]> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(eq(appointments.patientId, patientId))
    .orderBy(payments.id);
  return rows.map((row) => row.payment);
}

export async function holdSlot(app: FastifyInstance, id: number): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/patient_sessions/${id}`,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`hold failed: ${response.body}`);
  return response.json().hold_token;
}

/** A valid adult allergy-test booking form for the slot. */
export function adultForm(slotId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Aoife',
    last_name: 'Byrne',
    email: 'aoife@example.ie',
    phone: '087 123 4567',
    dob: '1990-04-12',
    is_adult: true,
    session_id: slotId,
    consultant_name: 'Dr Walsh',
    consultant_addres: '12 Main Street, Dundrum, Dublin 14',
    consultant_email: 'gp@example.ie',
    allergens: 'Sneezing every spring near grass',
    antihistamine: true,
    agreement: true,
    ...overrides,
  };
}

/** Holds a slot and books it with JSON; answers the patient's id, the access token and the slot. */
export async function createBooking(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  options: { slot?: Partial<SlotRowOptions>; form?: Record<string, unknown> } = {},
) {
  const slot = await futureSlot(db, options.slot);
  const holdToken = await holdSlot(app, slot.id);
  const response = await app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': holdToken },
    payload: { patient: adultForm(slot.id, options.form) },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  const patient = response.json().patient as { id: number; access_token: string; price: number };
  return { patientId: patient.id, token: patient.access_token, slot, holdToken, price: patient.price };
}

export function pay(
  app: FastifyInstance,
  appointment: { patientId: number; token: string },
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'x-booking-token': appointment.token },
    payload: {
      customer_email: 'aoife@example.ie',
      price: 18000,
      patient_id: appointment.patientId,
      token: 'pm_card_visa',
      ...body,
    },
    remoteAddress: nextAddress(),
  });
}

/**
 * A visitor's booking (`createBooking`) paid by card, as the booking page pays it: the price it showed, the
 * receipt to the patient's e-mail. Answers what `createBooking` does and the appointment's id.
 */
export async function paidBooking(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  options: { slot?: Partial<SlotRowOptions>; form?: Record<string, unknown> } = {},
) {
  const visitorAppointment = await createBooking(app, db, options);
  const { email } = adultForm(visitorAppointment.slot.id, options.form);
  const response = await pay(app, visitorAppointment, {
    customer_email: email,
    price: visitorAppointment.price * 100,
  });
  if (response.statusCode !== 200) throw new Error(`payment failed: ${response.body}`);
  return { ...visitorAppointment, appointmentId: (await appointmentOf(db, visitorAppointment.patientId)).id };
}
