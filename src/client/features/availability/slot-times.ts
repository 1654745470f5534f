import { TZDate } from '@date-fns/tz';
import { clinic } from '../../../shared/clinic';

/**
 * Clinic-time arithmetic of the availability screens (DESIGN.md section 2: days and times shown in
 * Europe/Dublin, instants exchanged in ISO 8601). Pure and free of Zod, so the public booking page can use it.
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
/** Spec section 9: default prices in euro. */
export const DEFAULT_PRICE = { video: 85, test: 180 } as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant's clinic day (YYYY-MM-DD) and minutes after its midnight on the wall clock. */
export function clinicDayTime(instant: Date | string): { date: string; minutes: number } {
  const local = new TZDate(new Date(instant).getTime(), clinic.timeZone);
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

/** Today in clinic time, YYYY-MM-DD. */
export const clinicToday = (now: Date = new Date()) => clinicDayTime(now).date;

/** The instant (ISO 8601, UTC) of a clinic day's wall-clock time. */
export function clinicInstant(date: string, minutes: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = new TZDate(year, month - 1, day, Math.floor(minutes / 60), minutes % 60, clinic.timeZone);
  return new Date(local.getTime()).toISOString();
}

/** 'HH:mm' → minutes. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 545 → '9:05 AM'; 0 → '12:00 AM'; 720 → '12:00 PM'. */
export function formatTime12(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(minutes % 60)} ${suffix}`;
}

/** 'HH:mm' (24 hours) → '9:05 AM'. */
export const formatClock12 = (time: string) => formatTime12(minutesOf(time));

export interface TimeOption {
  value: number;
  label: string;
}

/** The pickers' times: every 5 minutes from 12:00 AM to 11:55 PM, in 12-hour format. */
export function timeOptions(step = TIME_STEP_MINUTES): TimeOption[] {
  const options: TimeOption[] = [];
  for (let minutes = 0; minutes <= 24 * 60 - step; minutes += step) {
    options.push({ value: minutes, label: formatTime12(minutes) });
  }
  return options;
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
