import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { releaseExpiredHolds } from './slot-repository';

const SLOT_HOLD_JOB_INTERVAL_MS = 30_000;

/** Every 30 s, lapsed holds (a visitor's or an admin's) return their slots to available. */
export function slotHoldReleaseJob(options: {
  db: Db;
  holdMinutes: number;
  logger: JobLogger;
  /** Told how many holds each run gave back (the metrics). */
  onReleased?: (count: number) => void;
}): Job<number[]> {
  return {
    name: 'slot-hold-release',
    intervalMs: SLOT_HOLD_JOB_INTERVAL_MS,
    async run() {
      const ids = await releaseExpiredHolds(options.db, options.holdMinutes);
      if (ids.length > 0) options.logger.info({ slots: ids }, 'released lapsed slot holds');
      options.onReleased?.(ids.length);
      return ids;
    },
  };
}
