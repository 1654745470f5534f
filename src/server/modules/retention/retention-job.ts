import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { purgeExpiredData, type RetentionRun } from './retention-service';

/** Hourly: a day's cut-off moves by an hour at a time, and a run that finds nothing costs a few index reads. */
const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Every hour, the form data older than RETENTION_DAYS is deleted (`purgeExpiredData`). Several instances may run
 * it at once. `run` takes the time it works for (tests set the clock).
 */
export function retentionJob(options: {
  db: Db;
  retentionDays: number;
  logger: JobLogger;
}): Job<RetentionRun> & { run(now?: Date): Promise<RetentionRun> } {
  return {
    name: 'retention',
    intervalMs: RETENTION_INTERVAL_MS,
    async run(now: Date = new Date()) {
      const result = await purgeExpiredData(options.db, options.retentionDays, now);
      const { deleted, kept, cutoff } = result;
      if (Object.values(deleted).some((count) => count > 0))
        options.logger.info(
          { ...deleted, older_than_days: options.retentionDays, cutoff: cutoff.toISOString() },
          'retention: deleted form data older than the retention period',
        );
      if (kept.length > 0)
        options.logger.warn(
          { kept },
          'retention: kept people whose data is past the retention period, since their erasure was refused',
        );
      return result;
    },
  };
}
