import type { Db } from '../../db/database';
import { auditChange, systemActor } from '../audit/audit-log';
import { deletePatients } from '../patients/patient-repository';
import { paymentsOfAppointments } from '../payments/payment-repository';
import { forgetClientUploadsBefore } from '../uploads/client-upload-repository';
import { forgetVisitorUploadsBefore } from '../uploads/visitor-upload-repository';
import type { AppointmentContext } from './appointment-context';
import {
  claimAbandonedAppointments,
  deleteAppointments,
  patientsWithoutAppointments,
} from './appointment-repository';
import { forgetBookers } from './forget-bookers';

/** An unpaid booking whose hold is gone is deleted, with its patient and files, this long after it was made. */
const ABANDONED_APPOINTMENT_RETENTION_HOURS = 24;
/** Bookings deleted in one transaction (each may carry three 10 MB files). */
const ABANDONED_BATCH = 20;
/** Days of visitors' uploads (without their addresses) kept for the dashboard to weigh today's against. */
const VISITOR_UPLOAD_HISTORY_DAYS = 16;

/**
 * Deletes visitors' bookings never paid (held appointments: not a move of their life, which never began) with their
 * patients and files; their payments stay, without the customer, and the audit entries of both without the
 * visitor's address.
 */
export async function discardUnpaidAppointments(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const paymentIds = (await paymentsOfAppointments(db, ids)).map((payment) => payment.id);
  await forgetBookers(db, ids, paymentIds);
  // A patient staff have since booked another appointment for stays.
  await deletePatients(db, await patientsWithoutAppointments(db, await deleteAppointments(db, ids)));
}

/**
 * Deletes abandoned unpaid bookings `ABANDONED_APPOINTMENT_RETENTION_HOURS` after they were made: a visitor's
 * booking never paid, with no payment in progress or taken (see `keepingPaymentStatuses`), whose hold is gone,
 * with its patient and private files. Each batch is claimed with FOR UPDATE SKIP LOCKED and deleted in the same
 * transaction with its audit entry, so several instances running it at once never take the same booking.
 * Answers the deleted appointments' ids.
 */
export async function deleteAbandonedAppointments(
  context: AppointmentContext,
  now = new Date(),
): Promise<number[]> {
  const createdBefore = new Date(now.getTime() - ABANDONED_APPOINTMENT_RETENTION_HOURS * 3_600_000);
  const deleted: number[] = [];
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const ids = await claimAbandonedAppointments(tx, createdBefore, ABANDONED_BATCH);
      // What addresses sent a day ago no longer counts against them either.
      await forgetClientUploadsBefore(tx, createdBefore);
      await forgetVisitorUploadsBefore(
        tx,
        new Date(now.getTime() - VISITOR_UPLOAD_HISTORY_DAYS * 86_400_000),
      );
      await discardUnpaidAppointments(tx, ids);
      for (const id of ids) {
        await auditChange(tx, systemActor, 'delete', 'appointment', id, { reason: 'abandoned' });
      }
      return ids;
    });
    deleted.push(...batch);
    if (batch.length < ABANDONED_BATCH) return deleted;
  }
}
