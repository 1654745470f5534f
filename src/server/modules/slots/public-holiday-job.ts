import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { systemActor } from '../audit/audit-log';
import { addCalendarDays, clinicWallClock } from './clinic-time';
import { addPublicHolidays } from './closure-service';
import { irishPublicHolidays } from './public-holidays';

const DAY_MS = 86_400_000;
/** How far ahead public holidays are closures: the coming two years. */
const HOLIDAY_DAYS_AHEAD = 2 * 366;

/**
 * At start and then daily: Ireland's public holidays of the coming two years that are not closures yet (nor were,
 * and were deleted by staff) become whole-day closures of every place, each withdrawing its free slots.
 */
export function publicHolidayJob(options: { db: Db; logger: JobLogger }): Job<number> {
  return {
    name: 'public-holidays',
    intervalMs: DAY_MS,
    async run() {
      const today = clinicWallClock(new Date()).isoDay;
      const holidays = await irishPublicHolidays(today, addCalendarDays(today, HOLIDAY_DAYS_AHEAD));
      const added = await addPublicHolidays(options.db, systemActor, holidays);
      if (added.length > 0)
        options.logger.info(
          { days: added.map((closure) => closure.firstDay) },
          'public holidays added as closures',
        );
      return added.length;
    },
  };
}
