import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { clinic } from '../../../shared/clinic';

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant a clinic day (YYYY-MM-DD) starts: its midnight in Europe/Dublin. */
export function clinicMidnight(day: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + addDays, 0, 0, clinic.timeZone).getTime());
}

/** The instant of `minute` minutes after midnight (wall clock, 1440 being the next midnight) on a clinic day. */
export function clinicTimeOn(day: string, minute: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(
    new TZDate(year, month - 1, date, Math.floor(minute / 60), minute % 60, clinic.timeZone).getTime(),
  );
}

/** The calendar day `addDays` after a YYYY-MM-DD day (earlier, negative). */
export function addCalendarDays(day: string, addDays: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + addDays)).toISOString().slice(0, 10);
}

/**
 * A clinic day's instants, `[from, to)`: its midnight to the next day's midnight in clinic time, so 23 hours
 * on the last Sunday of March and 25 on the last Sunday of October. `lastDay` extends it to a range of days.
 */
export function clinicDayRange(day: string, lastDay = day): { from: Date; to: Date } {
  return { from: clinicMidnight(day), to: clinicMidnight(lastDay, 1) };
}

/**
 * A clinic month's instants, `[from, to)`: midnight of its first day to midnight of the next month's first day,
 * in clinic time. The month of `day` (YYYY-MM-DD), or `addMonths` later (earlier, negative).
 */
export function clinicMonthRange(day: string, addMonths = 0): { from: Date; to: Date } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const firstOf = (offset: number) =>
    new Date(new TZDate(year, month - 1 + addMonths + offset, 1, 0, 0, clinic.timeZone).getTime());
  return { from: firstOf(0), to: firstOf(1) };
}

const DAY_MS = 86_400_000;

/** The clinic's offset from UTC in ms at an instant (Intl's time zone data; some microseconds a call). */
const offsetAt = (ms: number) => tzOffset(clinic.timeZone, new Date(ms)) * 60_000;

/** By UTC day: the clinic's offset all that day, or null on a day it changes (a daylight-saving one). */
const offsetsByDay = new Map<number, number | null>();

/**
 * The clinic's offset from UTC in ms at `ms`. Europe/Dublin changes it at most once a day, so a day whose
 * first and last milliseconds have the same offset has it throughout: it is looked up once a day (a
 * CSV of 100,000 appointments over five years needs some 2,000 look-ups, not 200,000), and only the two
 * changeover days a year look up each instant.
 */
function clinicOffsetMs(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  let offset = offsetsByDay.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS);
    offset = first === offsetAt(day * DAY_MS + DAY_MS - 1) ? first : null;
    // Bounded: some 27 years of days.
    if (offsetsByDay.size >= 10_000) offsetsByDay.clear();
    offsetsByDay.set(day, offset);
  }
  return offset ?? offsetAt(ms);
}

/** An instant's clinic-time wall clock. */
export function clinicWallClock(instant: Date) {
  // The wall clock's fields, read as UTC's from the instant moved by the offset.
  const local = new Date(instant.getTime() + clinicOffsetMs(instant.getTime()));
  const year = local.getUTCFullYear();
  const month = pad(local.getUTCMonth() + 1);
  const day = pad(local.getUTCDate());
  return {
    /** YYYY-MM-DD */
    isoDay: `${year}-${month}-${day}`,
    /** DD/MM/YYYY */
    data: `${day}/${month}/${year}`,
    /** HH:mm */
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

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
  return format(day, 'EEEE d MMMM yyyy');
}

/** An instant's clinic-time DD/MM/YYYY HH:mm. */
export function clinicDateTime(instant: Date): string {
  const clock = clinicWallClock(instant);
  return `${clock.data} ${clock.time}`;
}
