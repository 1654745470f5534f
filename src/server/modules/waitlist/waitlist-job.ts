import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { runWaitlist, type WaitlistRun, type WaitlistSettings } from './waitlist-service';

const WAITLIST_JOB_INTERVAL_MS = 10_000;

/** Every 10 s: freed times offered to the wait list, ended offers passed on, entries past their dates ended. */
export function waitlistJob(options: {
  db: Db;
  settings: WaitlistSettings;
  logger: JobLogger;
}): Job<WaitlistRun> {
  return {
    name: 'waitlist',
    intervalMs: WAITLIST_JOB_INTERVAL_MS,
    async run() {
      const run = await runWaitlist(options.db, options.settings);
      if (run.offered + run.ended + run.expired > 0)
        options.logger.info(run, 'wait list: offers made and ended');
      return run;
    },
  };
}
