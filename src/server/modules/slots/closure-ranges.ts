import type { ClosureLocation } from '../../../shared/closures';
import type { Closure, Slot } from '../../db/schema';
import { addCalendarDays, clinicDayRange, clinicTimeOn } from './clinic-time';
import type { InstantRange } from './slot-repository';

/** What decides which slots a closure covers: its days, its hours each day (or whole days), its place. */
export type ClosureSpan = Pick<Closure, 'firstDay' | 'lastDay' | 'fromMinute' | 'toMinute' | 'location'>;

/**
 * The instants a closure covers: one range for whole days (midnight of the first to midnight after the last, in
 * clinic time), else one a day, from its start to its end time on that day's clock (so 13:00 stays 13:00 across a
 * daylight-saving change).
 */
export function closureRanges(closure: ClosureSpan): InstantRange[] {
  const { firstDay, lastDay, fromMinute, toMinute } = closure;
  if (fromMinute === null || toMinute === null) return [clinicDayRange(firstDay, lastDay)];
  const ranges: InstantRange[] = [];
  for (let day = firstDay; day <= lastDay; day = addCalendarDays(day, 1)) {
    ranges.push({ from: clinicTimeOn(day, fromMinute), to: clinicTimeOn(day, toMinute) });
  }
  return ranges;
}

/** Whether a slot of this kind and place is one the closure's place closes (null: every place). */
export function closesPlaceOf(
  location: ClosureLocation | null,
  slot: Pick<Slot, 'isVideoCall' | 'location'>,
): boolean {
  if (location === null) return true;
  if (location === 'video') return slot.isVideoCall;
  return !slot.isVideoCall && slot.location === location;
}

/** Whether a slot's time overlaps any of the ranges (a slot that only touches one's edge does not). */
export const overlapsAny = (ranges: readonly InstantRange[], slot: Pick<Slot, 'startsAt' | 'endsAt'>) =>
  ranges.some(
    (range) => slot.startsAt.getTime() < range.to.getTime() && slot.endsAt.getTime() > range.from.getTime(),
  );

/**
 * Whether two closures close a moment of the same place: one of every place or both of one, sharing a day, and
 * (unless either closes whole days) sharing part of their hours.
 */
export function closuresOverlap(a: ClosureSpan, b: ClosureSpan): boolean {
  if (a.location !== null && b.location !== null && a.location !== b.location) return false;
  if (a.firstDay > b.lastDay || b.firstDay > a.lastDay) return false;
  if (a.fromMinute === null || a.toMinute === null || b.fromMinute === null || b.toMinute === null)
    return true;
  return a.fromMinute < b.toMinute && b.fromMinute < a.toMinute;
}
