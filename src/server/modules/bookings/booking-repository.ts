import { and, desc, eq } from 'drizzle-orm';
import type { BookingPatient } from '../../../shared/booking';
import type { Db } from '../../db/database';
import { type NewPatient, type Patient, patients, type Session, transactions } from '../../db/schema';
import { findSessionRow, toPublicSession } from '../slots/slot-repository';

export async function insertPatient(db: Db, values: NewPatient): Promise<Patient> {
  const [row] = await db.insert(patients).values(values).returning();
  if (!row) throw new Error('patient insert returned no row');
  return row;
}

export async function findPatientRow(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
  return row;
}

/** The booking whose access token hashes to `tokenHash`. */
export async function findPatientByToken(db: Db, tokenHash: string): Promise<Patient | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.accessTokenHash, tokenHash)).limit(1);
  return row;
}

/** The booking `id` only if `tokenHash` is its access token. */
export async function findBooking(db: Db, id: number, tokenHash: string): Promise<Patient | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.accessTokenHash, tokenHash)))
    .limit(1);
  return row;
}

/** The booking's latest payment status: 'unpaid' without one. */
export async function latestPaymentStatus(db: Db, patientId: number): Promise<string> {
  const [row] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.patientId, patientId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return row?.status ?? 'unpaid';
}

export function toBookingPatient(
  patient: Patient,
  session: Session | undefined,
  paymentStatus: string,
): BookingPatient {
  return {
    id: patient.id,
    first_name: patient.firstName,
    last_name: patient.lastName,
    full_name: `${patient.firstName} ${patient.lastName}`,
    email: patient.email,
    phone: patient.phone,
    dob: patient.dob,
    is_adult: patient.isAdult,
    guardian_first_name: patient.guardianFirstName,
    guardian_last_name: patient.guardianLastName,
    session_id: patient.sessionId,
    price: (session?.priceCents ?? patient.priceCents ?? 0) / 100,
    session: session ? toPublicSession(session, patient.holdTokenHash ?? undefined) : null,
    payment_status: paymentStatus,
  };
}

/** The booking as its booker reads it back. */
export async function bookingAnswer(db: Db, patient: Patient): Promise<BookingPatient> {
  const session = patient.sessionId ? await findSessionRow(db, patient.sessionId) : undefined;
  return toBookingPatient(patient, session, await latestPaymentStatus(db, patient.id));
}
