import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { claimAbandonedBookings, deleteBookings } from './booking-repository';

/** An unpaid booking whose hold is gone is deleted, with its files, this long after it was created. */
export const ABANDONED_BOOKING_RETENTION_HOURS = 24;
export const ABANDONED_BOOKING_JOB_INTERVAL_MS = 10 * 60_000;
/** Bookings deleted in one transaction (each may carry two 10 MB files). */
const BATCH = 20;

/**
 * Deletes abandoned unpaid bookings `ABANDONED_BOOKING_RETENTION_HOURS` after they were made: a visitor's
 * booking with no payment in progress or taken (see `keepingPaymentStatuses`) whose hold is gone, with its
 * private files. Each batch is claimed with FOR UPDATE SKIP LOCKED and deleted in the same transaction, so
 * several instances running it at once never take the same booking. Answers the deleted patients' ids.
 */
export async function deleteAbandonedBookings(db: Db, now = new Date()): Promise<number[]> {
  const createdBefore = new Date(now.getTime() - ABANDONED_BOOKING_RETENTION_HOURS * 3_600_000);
  const deleted: number[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) =>
      deleteBookings(tx, await claimAbandonedBookings(tx, createdBefore, BATCH)),
    );
    deleted.push(...batch);
    if (batch.length < BATCH) return deleted;
  }
}

/** Every 10 minutes, abandoned unpaid bookings older than a day are deleted with their files. */
export function abandonedBookingJob(options: { db: Db; logger: JobLogger }): Job<number[]> {
  return {
    name: 'abandoned-booking-cleanup',
    intervalMs: ABANDONED_BOOKING_JOB_INTERVAL_MS,
    async run() {
      const ids = await deleteAbandonedBookings(options.db);
      if (ids.length > 0) options.logger.info({ patients: ids }, 'deleted abandoned unpaid bookings');
      return ids;
    },
  };
}
