import { TZDate } from '@date-fns/tz';
import { clinic } from '../../../shared/clinic';

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant a clinic day (YYYY-MM-DD) starts: its midnight in Europe/Dublin. */
export function clinicMidnight(day: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + addDays, 0, 0, clinic.timeZone).getTime());
}

/**
 * A clinic day's instants, `[from, to)`: its midnight to the next day's midnight in clinic time, so 23 hours
 * on the last Sunday of March and 25 on the last Sunday of October. `lastDay` extends it to a range of days.
 */
export function clinicDayRange(day: string, lastDay = day): { from: Date; to: Date } {
  return { from: clinicMidnight(day), to: clinicMidnight(lastDay, 1) };
}

/** An instant's clinic-time wall clock. */
export function clinicWallClock(instant: Date) {
  const local = new TZDate(instant.getTime(), clinic.timeZone);
  const year = local.getFullYear();
  const month = pad(local.getMonth() + 1);
  const day = pad(local.getDate());
  return {
    /** YYYY-MM-DD */
    isoDay: `${year}-${month}-${day}`,
    /** DD/MM/YYYY */
    data: `${day}/${month}/${year}`,
    /** HH:mm */
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * An instant's clinic day written out, e.g. 'Thursday 25 March 2027'; `addDays` later (or earlier, negative)
 * calendar days in clinic time, whatever daylight saving does between.
 */
export function clinicLongDate(instant: Date, addDays = 0): string {
  const local = new TZDate(instant.getTime(), clinic.timeZone);
  // Noon: never a daylight-saving change, so the day is the one meant.
  const day = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + addDays,
    12,
    0,
    clinic.timeZone,
  );
  return `${WEEKDAYS[day.getDay()]} ${day.getDate()} ${MONTHS[day.getMonth()]} ${day.getFullYear()}`;
}

/** An instant's clinic-time DD/MM/YYYY HH:mm. */
export function clinicDateTime(instant: Date): string {
  const clock = clinicWallClock(instant);
  return `${clock.data} ${clock.time}`;
}
