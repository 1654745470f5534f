import { TZDate } from '@date-fns/tz';
import { clinic } from '../../../shared/clinic';
import { QUIET_HOURS } from '../../../shared/texts';

/** The clinic-time hour (0 to 23) of an instant: Dublin's, in winter and in summer. */
function clinicHour(instant: Date): number {
  return new TZDate(instant.getTime(), clinic.timeZone).getHours();
}

/** Whether `now` is within the quiet hours (21:00 to 08:00 clinic time), when no text is sent. */
export function isQuietHour(now: Date): boolean {
  const hour = clinicHour(now);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/**
 * When a text due at `now` may go: `now` outside the quiet hours, else the next 08:00 clinic time (the same
 * clinic day's before 08:00, the next day's after 21:00), whatever daylight saving does in between.
 */
export function textSendableFrom(now: Date): Date {
  if (!isQuietHour(now)) return now;
  const local = new TZDate(now.getTime(), clinic.timeZone);
  const addDays = local.getHours() >= QUIET_HOURS.from ? 1 : 0;
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + addDays,
    QUIET_HOURS.until,
    0,
    clinic.timeZone,
  );
  return new Date(morning.getTime());
}
