import { TZDate } from '@date-fns/tz';
import { clinic } from '../../../shared/clinic';
import { clinicDayTime } from '../../lib/clinic-clock';

/**
 * Clinic-time arithmetic of the admin availability screens (DESIGN.md section 2: days and times shown in
 * Europe/Dublin, instants exchanged in ISO 8601), on top of lib/clinic-clock.ts. Its time-zone library stays out
 * of the public booking page, which needs only clinic-clock.ts.
 * A time of day is a number of minutes after midnight, clinic time.
 */

/** Spec section 9: slot length, gap between slots, rounding, picker step and first slot of a day. */
export const SLOT_MINUTES = 30;
export const SLOT_GAP_MINUTES = 10;
export const ROUNDING_MINUTES = 15;
export const TIME_STEP_MINUTES = 5;
export const FIRST_SLOT_MINUTES = 8 * 60;
/** The last time the pickers offer: 23:55. */
export const LAST_TIME_MINUTES = 24 * 60 - TIME_STEP_MINUTES;

/**
 * The instant (ISO 8601, UTC) of a clinic day's wall-clock time. On the days the clocks change, a time of the
 * hour skipped in March is read as winter time, so it lands an hour later on the wall clock (01:30 → 02:30;
 * `existsOn` in slot-generation.ts tells such times apart), and a time of the hour that comes twice in October
 * is its second coming, after the clocks go back.
 */
export function clinicInstant(date: string, minutes: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = new TZDate(year, month - 1, day, Math.floor(minutes / 60), minutes % 60, clinic.timeZone);
  return new Date(local.getTime()).toISOString();
}

/** The first quarter hour strictly after `minutes` (10:00 → 10:15, 10:07 → 10:15). */
export const nextQuarterHour = (minutes: number) =>
  Math.floor(minutes / ROUNDING_MINUTES) * ROUNDING_MINUTES + ROUNDING_MINUTES;

/**
 * The times of a new slot on `date` (spec section 5): 30 minutes long; the day's first starts at 08:00, or
 * at the next quarter hour when the day is today and 08:00 has passed; a later one starts 10 minutes after
 * `previousEnd` (the day's last slot's end), or at the next quarter hour when that time has passed. Null
 * when no slot fits before midnight (or the day is over).
 */
export function defaultSlotTimes(
  date: string,
  previousEnd: number | undefined,
  now: Date = new Date(),
): { start: number; end: number } | null {
  const current = clinicDayTime(now);
  if (date < current.date) return null;
  let start = previousEnd === undefined ? FIRST_SLOT_MINUTES : previousEnd + SLOT_GAP_MINUTES;
  if (date === current.date && start <= current.minutes) start = nextQuarterHour(current.minutes);
  const end = start + SLOT_MINUTES;
  if (end > LAST_TIME_MINUTES) return null;
  return { start, end };
}

export interface EditorSlot {
  start: number;
  end: number;
}

/**
 * The slot editor's own checks (spec section 5), by row: the end not after the start, or a start or end
 * inside another slot of the day (any overlap, including the same range twice). Messages are the spec's.
 */
export function slotRowErrors(
  slots: readonly EditorSlot[],
  texts: { startAfterEnd: string; occupied: string },
): (string | undefined)[] {
  return slots.map((slot, index) => {
    if (slot.start >= slot.end) return texts.startAfterEnd;
    const overlaps = slots.some(
      (other, otherIndex) =>
        otherIndex !== index && other.start < other.end && slot.start < other.end && other.start < slot.end,
    );
    return overlaps ? texts.occupied : undefined;
  });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes after midnight → an `<input type="time">` value, 'HH:mm'; '' for none. */
export function timeValue(minutes: number): string {
  if (!Number.isFinite(minutes)) return '';
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** An `<input type="time">` value ('HH:mm', maybe with seconds) → minutes after midnight; NaN when empty. */
export function parseTimeValue(value: string): number {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}
