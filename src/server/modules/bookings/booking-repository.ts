import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { BookingPatient } from '../../../shared/booking';
import type { Db } from '../../db/database';
import {
  livePaymentStatuses,
  type NewPatient,
  type Patient,
  patients,
  type Session,
  sessions,
  transactions,
} from '../../db/schema';
import { findSessionRow, toPublicSession } from '../slots/slot-repository';
import { deleteFiles } from '../uploads/file-repository';

/**
 * Payments that keep their booking's patient: a live one (in progress, succeeded, being refunded), and one
 * where money was taken and is owed or was given back (refund_pending, refunded). A booking without any of
 * these is unpaid: no money moved, and it may be replaced or, once abandoned, deleted.
 */
export const keepingPaymentStatuses = [...livePaymentStatuses, 'refund_pending', 'refunded'] as const;

/** A visitor's paid-booking patient (not a self-referral, not booked by staff). */
const visitorBooking = and(eq(patients.isReferral, false), eq(patients.bookedByAdmin, false));

const hasKeepingPayment = sql`exists (select 1 from ${transactions} where ${transactions.patientId} = ${patients.id} and ${inArray(transactions.status, [...keepingPaymentStatuses])})`;

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

/**
 * The bookings already made under the visitor's live hold on `session`, locked until the transaction ends:
 * those made with this hold token, and those made on the slot since the hold started (before the visitor
 * re-held it with their own token, which gives a new token but keeps the hold). `keep` is true for one
 * with a payment that keeps it (`keepingPaymentStatuses`).
 */
export async function lockBookingsOfHold(
  db: Db,
  session: Pick<Session, 'id' | 'holdStartedAt'>,
  holdTokenHash: string,
): Promise<{ id: number; keep: boolean }[]> {
  const rows = await db
    .select({ id: patients.id, keep: sql<boolean>`${hasKeepingPayment}` })
    .from(patients)
    .where(
      and(
        visitorBooking,
        or(
          eq(patients.holdTokenHash, holdTokenHash),
          session.holdStartedAt
            ? and(eq(patients.sessionId, session.id), gte(patients.createdAt, session.holdStartedAt))
            : undefined,
        ),
      ),
    )
    .for('update', { of: patients });
  return rows.map((row) => ({ id: row.id, keep: Boolean(row.keep) }));
}

/**
 * Deletes unpaid bookings' patients and their private files. Their failed or unfinished payments stay
 * (amounts and the provider's ids, for staff and for a late word from the provider) without the person:
 * the patient link is cleared by the foreign key and the customer's e-mail here.
 */
export async function deleteBookings(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  await db
    .update(transactions)
    .set({ customerEmail: null })
    .where(inArray(transactions.patientId, [...ids]));
  const deleted = await db
    .delete(patients)
    .where(inArray(patients.id, [...ids]))
    .returning({
      id: patients.id,
      resultFileId: patients.resultFileId,
      referralLetterFileId: patients.referralLetterFileId,
      attachmentFileId: patients.attachmentFileId,
    });
  await deleteFiles(
    db,
    deleted.flatMap((row) => [row.resultFileId, row.referralLetterFileId, row.attachmentFileId]),
  );
  return deleted.map((row) => row.id);
}

/**
 * Claims up to `limit` abandoned unpaid bookings, locked and skipped by any other instance claiming at
 * once (FOR UPDATE SKIP LOCKED; call it inside a transaction and delete what it answers): a visitor's
 * booking created before `createdBefore`, with no payment that keeps it, whose hold is gone (its slot is
 * not held under its hold token: released, lapsed, taken by someone else or booked).
 */
export async function claimAbandonedBookings(db: Db, createdBefore: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        visitorBooking,
        lt(patients.createdAt, createdBefore),
        sql`not ${hasKeepingPayment}`,
        sql`not exists (select 1 from ${sessions} where ${sessions.id} = ${patients.sessionId} and ${sessions.status} = 'pending' and ${sessions.holdTokenHash} = ${patients.holdTokenHash} and ${sessions.holdExpiresAt} > now())`,
      ),
    )
    .orderBy(patients.id)
    .limit(limit)
    .for('update', { of: patients, skipLocked: true });
  return rows.map((row) => row.id);
}
