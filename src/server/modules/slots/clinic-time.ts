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

/** An instant's clinic-time DD/MM/YYYY HH:mm. */
export function clinicDateTime(instant: Date): string {
  const clock = clinicWallClock(instant);
  return `${clock.data} ${clock.time}`;
}
