import { clinic, type LocationKey, openingHoursOn, withinOpeningHours } from '../../../shared/clinic';
import { weekdayNames } from '../../../shared/day-names';
import { formatTime24 } from '../../lib/clinic-clock';
import type { SlotRow } from './slot-editor-rows';

/** A clinic day's weekday, 0 = Sunday (the day is a calendar date: its noon in UTC has the same weekday). */
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** 'open 09:00 to 13:00', 'open 09:00 to 17:30', or 'closed'. */
function hoursOf(location: LocationKey, weekday: number): string {
  const lines = openingHoursOn(location, weekday);
  if (lines.length === 0) return 'closed';
  return `open ${lines.map((line) => `${line.opens} to ${line.closes}`).join(' and ')}`;
}

/**
 * The slots of `indexes` (the rows a save creates or changes) that lie outside their place's opening hours on the
 * day (clinic.ts), each said in a line: 'Slot 3, 21:00 to 21:30: Suite 12, Sandyford (adults) is open 09:00
 * to 13:00 on Saturdays.' A video consultation has no place and is never outside. A warning, not a rule: staff
 * may open late on purpose.
 */
export function slotsOutsideOpeningHours(
  rows: readonly SlotRow[],
  indexes: readonly number[],
  date: string,
): string[] {
  const weekday = weekdayOf(date);
  return [...indexes]
    .sort((a, b) => a - b)
    .flatMap((index) => {
      const row = rows[index];
      if (!row?.location || withinOpeningHours(row.location, weekday, row.start, row.end)) return [];
      const place = clinic.locations[row.location];
      return [
        `Slot ${index + 1}, ${formatTime24(row.start)} to ${formatTime24(row.end)}: ${place.label} is ${hoursOf(row.location, weekday)} on ${weekdayNames[weekday]}s.`,
      ];
    });
}
