/**
 * A reference for the clinic-time property tests (client and server), written from the EU rule rather than from a
 * time-zone library: Irish summer time (IST, UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on
 * the last Sunday of October. So on the March day the wall clock skips 01:00–01:59, and on the October day it
 * shows 01:00–01:59 twice. Not used by the app.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The last Sunday of a month (0-based), as YYYY-MM-DD. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** The years the properties cover: the next ten. */
const YEARS = Array.from({ length: 11 }, (_, index) => 2026 + index);
export const SPRING_DAYS = YEARS.map((year) => lastSunday(year, 2));
export const AUTUMN_DAYS = YEARS.map((year) => lastSunday(year, 9));

/** Whether the clinic is on summer time at an instant (the clocks change at 01:00 UTC). */
export function isSummerTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return (
    ms >= Date.parse(`${lastSunday(year, 2)}T01:00:00Z`) &&
    ms < Date.parse(`${lastSunday(year, 9)}T01:00:00Z`)
  );
}

/** The instant moved by the clinic's offset: its UTC fields read as the clinic's wall clock. */
export const clinicWallAsUtc = (ms: number) => new Date(ms + (isSummerTime(ms) ? HOUR_MS : 0));
