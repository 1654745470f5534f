import { MAX_SLOT_HOURS, slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { clinicDayTime, formatTime24 } from '../../lib/clinic-clock';
import { clinicInstant, TIME_STEP_MINUTES } from './slot-times';

/** What 'Fill the day' asks for: times of day in minutes after midnight (NaN when left empty), clinic time. */
export interface DayFill {
  /** The clinic day, YYYY-MM-DD. */
  date: string;
  from: number;
  to: number;
  length: number;
  gap: number;
}

export type DayFillField = 'from' | 'to' | 'length' | 'gap';

export const generationTexts = {
  step: `Times go in ${TIME_STEP_MINUTES}-minute steps.`,
  length: `A slot lasts ${TIME_STEP_MINUTES} minutes to ${MAX_SLOT_HOURS} hours, in ${TIME_STEP_MINUTES}-minute steps.`,
  gap: `The gap is 0 to ${MAX_SLOT_HOURS * 60} minutes, in ${TIME_STEP_MINUTES}-minute steps.`,
  dayOver: 'This day is over: choose a day from today on.',
  startsInPast: (earliest: string) =>
    `The first slot would start in the past: start at ${earliest} or later.`,
  noneFit: (length: number) => `No slot of ${length} minutes fits between these times.`,
  tooMany: (count: number, max: number) =>
    `That makes ${count} slots, and one save takes at most ${max}. Choose a shorter time or longer slots.`,
  missingTime: (time: string) =>
    `There is no ${time} on this day: the clocks go forward an hour. Start after the change.`,
  spansChange: (start: string, end: string) =>
    `The clocks change between ${start} and ${end} on this day, so a slot there would not last its length. Choose times before or after the change.`,
} as const;

export type Generated =
  | { ok: true; slots: { start: number; end: number }[] }
  | { ok: false; field: DayFillField; message: string };

const onStep = (minutes: number) => Number.isInteger(minutes) && minutes % TIME_STEP_MINUTES === 0;

/** Whether a wall-clock time exists on the clinic day (not in the hour the clocks skip in March). */
export function existsOn(date: string, minutes: number): boolean {
  const back = clinicDayTime(clinicInstant(date, minutes));
  return back.date === date && back.minutes === minutes;
}

/**
 * Whether a slot from `start` to `end` (minutes after the day's midnight, clinic time) lasts as many real minutes
 * as its wall clock says: not when the clocks change inside it (00:30–02:00 on the March day is 30 real minutes;
 * 00:30–01:00 on the October day is 90, its end being the second 01:00).
 */
export function keepsLength(date: string, start: number, end: number): boolean {
  return (
    Date.parse(clinicInstant(date, end)) - Date.parse(clinicInstant(date, start)) === (end - start) * 60_000
  );
}

/**
 * The slots of 'Fill the day': from `from`, each `length` minutes long and `gap` minutes after the one before,
 * the last ending by `to`, in clinic time (the editor turns each into instants of its own day, so a day when
 * the clocks change keeps its wall-clock times). Refused with a readable message on the field at fault: empty
 * or off-step values, an end before the start, no slot fitting, a day or first start in the past, a time the
 * clocks skip or a slot the clocks change in, or more than `maxSlots` slots.
 */
export function generateDaySlots(fill: DayFill, maxSlots: number, now: Date = new Date()): Generated {
  const fail = (field: DayFillField, message: string): Generated => ({ ok: false, field, message });
  const { date, from, to, length, gap } = fill;
  if (Number.isNaN(from)) return fail('from', texts.required);
  if (Number.isNaN(to)) return fail('to', texts.required);
  if (!onStep(from)) return fail('from', generationTexts.step);
  if (!onStep(to)) return fail('to', generationTexts.step);
  if (!onStep(length) || length < TIME_STEP_MINUTES || length > MAX_SLOT_HOURS * 60) {
    return fail('length', generationTexts.length);
  }
  if (!onStep(gap) || gap < 0 || gap > MAX_SLOT_HOURS * 60) return fail('gap', generationTexts.gap);
  if (from >= to) return fail('to', slotTexts.startAfterEnd);

  const today = clinicDayTime(now);
  if (date < today.date) return fail('from', generationTexts.dayOver);
  if (date === today.date && from <= today.minutes) {
    const earliest = Math.floor(today.minutes / TIME_STEP_MINUTES) * TIME_STEP_MINUTES + TIME_STEP_MINUTES;
    return fail('from', generationTexts.startsInPast(formatTime24(earliest)));
  }

  const slots: { start: number; end: number }[] = [];
  for (let start = from; start + length <= to; start += length + gap) {
    slots.push({ start, end: start + length });
  }
  if (slots.length === 0) return fail('to', generationTexts.noneFit(length));
  if (slots.length > maxSlots) return fail('to', generationTexts.tooMany(slots.length, maxSlots));
  for (const slot of slots) {
    for (const time of [slot.start, slot.end]) {
      if (!existsOn(date, time)) return fail('from', generationTexts.missingTime(formatTime24(time)));
    }
    if (!keepsLength(date, slot.start, slot.end)) {
      return fail('from', generationTexts.spansChange(formatTime24(slot.start), formatTime24(slot.end)));
    }
  }
  return { ok: true, slots };
}
