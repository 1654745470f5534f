import { monthNames, weekdayNames } from '../../../shared/day-names';
/**
 * Pure calendar arithmetic on clinic days written as `YYYY-MM-DD` and months as `YYYY-MM`. Days are
 * calendar days, not instants, so the arithmetic runs in UTC and no time zone or daylight-saving change
 * can shift a day; which day is "today" is decided elsewhere, in clinic time.
 */

export interface MonthGridDay {
  /** YYYY-MM-DD */
  date: string;
  /** 1 to 31 */
  day: number;
  /** False for the previous and next months' days that fill the first and last weeks. */
  inMonth: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

function parseMonth(month: string): { year: number; monthIndex: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { year, monthIndex: monthNumber - 1 };
}

const isoOf = (time: Date) =>
  `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}`;

/** The UTC midnight of a day, for arithmetic only. */
function utcDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** `2026-12-08` plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const time = utcDay(date);
  time.setUTCDate(time.getUTCDate() + days);
  return isoOf(time);
}

/** `2026-12` plus `months`. */
export function addMonths(month: string, months: number): string {
  const { year, monthIndex } = parseMonth(month);
  const time = new Date(Date.UTC(year, monthIndex + months, 1));
  return `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}`;
}

/** The month of a day: `2026-12-08` → `2026-12`. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The number of days of a month (28 to 31). */
export function daysInMonth(month: string): number {
  const { year, monthIndex } = parseMonth(month);
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The weeks of a month, Monday first, each of seven days; the first and last weeks are filled with the
 * neighbouring months' days (`inMonth: false`). Four to six weeks.
 */
export function buildMonthGrid(month: string): MonthGridDay[][] {
  const first = `${month}-01`;
  const mondayBased = (utcDay(first).getUTCDay() + 6) % 7;
  const start = addDays(first, -mondayBased);
  const last = `${month}-${pad(daysInMonth(month))}`;
  const weeks: MonthGridDay[][] = [];
  let cursor = start;
  while (cursor <= last) {
    const week: MonthGridDay[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push({ date: cursor, day: Number(cursor.slice(8)), inMonth: monthOf(cursor) === month });
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The spec's calendar range for a month (section 9: the month's start to its end plus one day), as the
 * calendar endpoints read it: `2026/12/01 - 2027/01/01`.
 */
export function calendarRange(month: string): string {
  const slash = (date: string) => date.replaceAll('-', '/');
  const end = addDays(`${month}-${pad(daysInMonth(month))}`, 1);
  return `${slash(`${month}-01`)} - ${slash(end)}`;
}

/**
 * The days of `month` among a calendar call's answer: the spec's range ends a day after the month, so the next
 * month's 1st may be in it, and must not make an empty month look as if it had a free day.
 */
export const daysOfMonth = (days: readonly string[], month: string) =>
  days.filter((day) => monthOf(day) === month);

/** A month calendar call's `select`: its answer with only the month's own days (`daysOfMonth`). */
export const selectDaysOfMonth =
  (month: string) =>
  <Answer extends { days: string[] }>(answer: Answer): Answer => ({
    ...answer,
    days: daysOfMonth(answer.days, month),
  });

/** The weekday names from Monday, as the grid's column headers. */
export const weekdayHeaders: readonly string[] = [...weekdayNames.slice(1), 'Sunday'];

/** 'Tuesday 8 December 2026' (the same on the server and in every browser, whatever its locale). */
export function formatLongDate(date: string): string {
  const time = utcDay(date);
  return `${weekdayNames[time.getUTCDay()]} ${time.getUTCDate()} ${monthNames[time.getUTCMonth()]} ${time.getUTCFullYear()}`;
}

/** 'Tue 8 Dec' */
export function formatShortDate(date: string): string {
  const time = utcDay(date);
  return `${weekdayNames[time.getUTCDay()]?.slice(0, 3)} ${time.getUTCDate()} ${monthNames[time.getUTCMonth()]?.slice(0, 3)}`;
}

/** 'December 2026' */
export function formatMonth(month: string): string {
  const { year, monthIndex } = parseMonth(month);
  return `${monthNames[monthIndex]} ${year}`;
}
