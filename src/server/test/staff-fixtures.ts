import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppointmentStatus } from '../../shared/appointment-states';
import type { DatabaseHandle } from '../db/database';
import { type Appointment, appointments, auditLog, emailOutbox, patients, slots } from '../db/schema';
import { adultForm, futureSlot } from './booking-fixtures';
import { injectMultipart, type MultipartValue } from './multipart';
import { insertSlot, type SlotRowOptions } from './slot-fixtures';

type Db = DatabaseHandle['db'];

/** The admin patient form's fields as multipart sends them: `patient[first_name]`, …; `session[id]` kept as is. */
function patientFields(form: Record<string, unknown>): Record<string, MultipartValue | undefined> {
  return Object.fromEntries(
    Object.entries(form).map(([name, value]) => [
      name.includes('[') ? name : `patient[${name}]`,
      value as MultipartValue | undefined,
    ]),
  );
}

/** A valid admin patient form for an adult's allergy test on `slotId` (the public form's, plus how it is paid). */
export function staffForm(slotId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return adultForm(slotId, { payment_type: 'insurance', ...overrides });
}

/** A valid admin patient form for a video call of an adult (no GP, no ticks). */
export function videoStaffForm(slotId: number, overrides: Record<string, unknown> = {}) {
  return staffForm(slotId, {
    consultant_name: undefined,
    consultant_addres: undefined,
    consultant_email: undefined,
    allergens: undefined,
    antihistamine: false,
    agreement: false,
    is_video_call: true,
    ...overrides,
  });
}

/** `POST /api/admin/patients` as the back office sends it (multipart `patient[...]`). */
export function postStaffBooking(
  app: FastifyInstance,
  auth: { authorization: string },
  form: Record<string, unknown>,
) {
  return injectMultipart(app, 'POST', '/api/admin/patients', patientFields(form), auth);
}

/** `PUT /api/admin/transactions/:id` as the back office sends it (multipart `patient[...]`, `session[id]`). */
export function putAppointment(
  app: FastifyInstance,
  auth: { authorization: string },
  id: number,
  form: Record<string, unknown>,
) {
  return injectMultipart(app, 'PUT', `/api/admin/transactions/${id}`, patientFields(form), auth);
}

/** `DELETE /api/admin/transactions/:id`: staff cancel an appointment. */
export function deleteAppointment(
  app: FastifyInstance,
  auth: { authorization: string },
  id: number | string,
) {
  return app.inject({ method: 'DELETE', url: `/api/admin/transactions/${id}`, headers: auth });
}

/**
 * `POST /api/admin/refunds`: staff refund an appointment's payment (`id` as sent, hostile or not), all that is left
 * or, with `body`'s `amount`, a part, with its `reason`.
 */
export function refundAppointment(
  app: FastifyInstance,
  auth: { authorization: string },
  id: unknown,
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/refunds',
    headers: auth,
    payload: { transaction_id: id, ...body },
  });
}

/** `POST /api/admin/transactions/:id/desk_payments`: staff record money taken at the desk. */
export function recordDeskPayment(
  app: FastifyInstance,
  auth: { authorization: string },
  id: number | string,
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/transactions/${id}/desk_payments`,
    headers: auth,
    payload: body,
  });
}

/** Books a new future slot through the staff booking call; answers the appointment and its slot. */
export async function staffBooking(
  app: FastifyInstance,
  db: Db,
  auth: { authorization: string },
  options: { slot?: Partial<SlotRowOptions>; form?: Record<string, unknown> } = {},
) {
  const slot = await futureSlot(db, options.slot);
  const form = options.slot?.isVideoCall
    ? videoStaffForm(slot.id, options.form)
    : staffForm(slot.id, { is_adult: options.slot?.isAdult ?? true, ...options.form });
  const response = await postStaffBooking(app, auth, form);
  if (response.statusCode !== 201) throw new Error(`staff booking failed: ${response.body}`);
  const appointment = response.json().transaction as { id: number; patient_id: number };
  return { id: appointment.id, patientId: appointment.patient_id, slot };
}

let storedDay = 0;

/** Starts the stored appointments' days again (see `resetBookingFixtures`). */
export function resetStaffFixtures(): void {
  storedDay = 0;
}

/**
 * An appointment stored directly in `status`, with a patient, on a booked slot of its own (a day of its own, so
 * slots never overlap): one that has started (`started`, the default: days ago) or one far ahead. What the API
 * cannot make: a time already begun, or any state at once.
 */
export async function storedAppointment(
  db: Db,
  options: {
    status: AppointmentStatus;
    started?: boolean;
    email?: string | null;
    slot?: Partial<SlotRowOptions>;
    bookedByAdmin?: boolean;
  },
): Promise<{ appointment: Appointment; slotId: number; patientId: number }> {
  storedDay += 1;
  const startsAt =
    options.started === false
      ? new Date(Date.now() + (400 + storedDay) * 86_400_000)
      : new Date(Date.now() - 60 * 60_000 - storedDay * 86_400_000);
  const slotId = await insertSlot(db, {
    startsAt: startsAt.toISOString(),
    status: 'booked',
    ...options.slot,
  });
  const [patient] = await db
    .insert(patients)
    .values({
      firstName: 'Stored',
      lastName: `Patient${storedDay}`,
      email: options.email === undefined ? `stored${storedDay}@example.ie` : options.email,
      phone: '087 000 0000',
      isAdult: options.slot?.isAdult ?? true,
    })
    .returning();
  const [appointment] = await db
    .insert(appointments)
    .values({
      patientId: patient!.id,
      slotId,
      status: options.status,
      bookedByAdmin: options.bookedByAdmin ?? true,
      priceCents: 180_00,
    })
    .returning();
  return { appointment: appointment!, slotId, patientId: patient!.id };
}

/** The slot's row now. */
export async function slotRow(db: Db, id: number) {
  const [row] = await db.select().from(slots).where(eq(slots.id, id));
  return row;
}

/** The appointment's row now. */
export async function appointmentRow(db: Db, id: number) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/** The e-mails queued about an appointment, oldest first. */
export function emailsAbout(db: Db, appointmentId: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.appointmentId, appointmentId))
    .orderBy(emailOutbox.id);
}

/** The audit entries about an appointment, oldest first. */
export function auditOf(db: Db, entity: string, id: number | string) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .then((rows) => rows.filter((row) => row.entity === entity).sort((a, b) => a.id - b.id));
}
