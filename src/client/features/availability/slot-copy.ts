import type { LocationKey } from '../../../shared/clinic';
import type { AdminSlot } from '../../../shared/slots';
import { addDays, formatLongDate } from '../../components/month-calendar/month-grid';
import { clinicDayTime, formatTime24 } from '../../lib/clinic-clock';
import type { SlotKind } from '../../lib/slot-kind';
import type { SaveSlotsBody } from './availability-admin-api';
import { existsOn, keepsLength } from './slot-generation';
import { clinicInstant } from './slot-times';

/**
 * Copying a day's slots to other days, or to the same weekday for some weeks. It is composed here, in the
 * browser, and sent as ONE ordinary save (`POST /api/admin/sessions`, sessions_create): the same rules, the
 * same all-or-nothing transaction and the same overlap constraint as the editor's save, with no second way to
 * create slots on the server. Each copy keeps its wall-clock times in clinic time, worked out for its own day,
 * so a 10:00 slot stays 10:00 after the clocks change.
 */

export const copyTexts = {
  noDays: 'Choose at least one day to copy to.',
  pastDay: (day: string) => `${formatLongDate(day)} is in the past: choose a day from today on.`,
  sameDay: 'That is the day being copied: choose another day.',
  weeks: (max: number) => `Repeat for 1 to ${max} weeks.`,
  tooMany: (count: number, max: number) =>
    `That makes ${count} slots, and one save takes at most ${max}. Choose fewer days.`,
  missingTime: (day: string, time: string) =>
    `There is no ${time} on ${formatLongDate(day)}: the clocks go forward an hour.`,
  spansChange: (day: string, start: string, end: string) =>
    `The clocks change during ${start} – ${end} on ${formatLongDate(day)}, so a copy there would not last as long as the slot.`,
  startedTime: (day: string, time: string) => `${formatLongDate(day)}, ${time} has already passed.`,
  copied: (count: number, days: number) =>
    `${count} ${count === 1 ? 'slot was' : 'slots were'} copied to ${days} ${days === 1 ? 'day' : 'days'}.`,
  skippedTitle: (count: number) =>
    `${count} ${count === 1 ? 'slot was' : 'slots were'} not copied, because ${count === 1 ? 'it clashes' : 'they clash'}:`,
} as const;

/** The most weeks 'Repeat weekly' offers: a year. */
export const MAX_REPEAT_WEEKS = 52;

/** The same weekday as `day` for the `weeks` weeks after it. */
export function weeklyDays(day: string, weeks: number): string[] {
  return Array.from({ length: weeks }, (_, index) => addDays(day, 7 * (index + 1)));
}

/** One slot of the copy: which day and wall-clock times it is, for naming it in a refusal. */
export interface CopyEntry {
  day: string;
  start: number;
  end: number;
}

/** What a copy takes from a slot: its times, price, address and consultant. */
type CopiedSlot = Pick<AdminSlot, 'starts_at' | 'ends_at' | 'price' | 'location' | 'consultant_id'>;

export type CopyPlan =
  | { ok: true; body: Required<Omit<SaveSlotsBody, 'skip_clashes'>>; entries: CopyEntry[]; days: string[] }
  | { ok: false; message: string };

/**
 * The save that copies `slots` (one day's, of one kind) to `days`: every slot whatever its status (the times
 * are copied, not the appointments), at its wall-clock times, address, price and consultant. Refused with a readable message
 * for no day, a past day or the day itself, a time that does not exist or has passed on a target day, a slot the
 * clocks change in on a target day, or more than `maxSlots` slots.
 */
export function planCopy(
  slots: readonly CopiedSlot[],
  source: string,
  days: readonly string[],
  kind: SlotKind,
  maxSlots: number,
  now: Date = new Date(),
): CopyPlan {
  const fail = (message: string): CopyPlan => ({ ok: false, message });
  const targets = [...new Set(days)].sort();
  if (targets.length === 0) return fail(copyTexts.noDays);
  const today = clinicDayTime(now).date;
  const past = targets.find((day) => day < today);
  if (past) return fail(copyTexts.pastDay(past));
  if (targets.includes(source)) return fail(copyTexts.sameDay);
  const count = slots.length * targets.length;
  if (count > maxSlots) return fail(copyTexts.tooMany(count, maxSlots));

  const times = slots.map((slot) => {
    const start = clinicDayTime(slot.starts_at);
    const end = clinicDayTime(slot.ends_at);
    // A slot running past midnight ends the next day: its end counts on from the same midnight.
    const endMinutes = end.minutes + (end.date > start.date ? 24 * 60 : 0);
    return { slot, start: start.minutes, end: endMinutes };
  });
  const body: Required<Omit<SaveSlotsBody, 'skip_clashes'>> = { sessions_create: [], sessions_update: [] };
  const entries: CopyEntry[] = [];
  for (const day of targets) {
    for (const { slot, start, end } of times) {
      const endsNextDay = end >= 24 * 60;
      if (!existsOn(day, start)) return fail(copyTexts.missingTime(day, formatTime24(start)));
      if (!existsOn(endsNextDay ? addDays(day, 1) : day, end % (24 * 60))) {
        return fail(copyTexts.missingTime(endsNextDay ? addDays(day, 1) : day, formatTime24(end)));
      }
      if (!keepsLength(day, start, end)) {
        return fail(copyTexts.spansChange(day, formatTime24(start), formatTime24(end)));
      }
      const startDate = clinicInstant(day, start);
      if (Date.parse(startDate) <= now.getTime())
        return fail(copyTexts.startedTime(day, formatTime24(start)));
      entries.push({ day, start, end });
      body.sessions_create.push({
        start_date: startDate,
        end_date: clinicInstant(day, end),
        is_adult: kind.isAdult,
        is_video_call: kind.isVideoCall,
        price: slot.price,
        location: kind.isVideoCall ? null : ((slot.location ?? null) as LocationKey | null),
        consultant_id: slot.consultant_id,
      });
    }
  }
  return { ok: true, body, entries, days: targets };
}

/**
 * `sessions_create.4` of a refused copy (or one of its fields, `sessions_create.4.consultant_id`) → 'Thursday 17 June
 * 2027, 09:00 – 09:30'.
 */
export function entryOfError(key: string, entries: readonly CopyEntry[]): string | undefined {
  const match = /^sessions_create\.(\d+)(?:\.\w+)?$/.exec(key);
  const entry = match ? entries[Number(match[1])] : undefined;
  if (!entry) return undefined;
  return `${formatLongDate(entry.day)}, ${formatTime24(entry.start)} – ${formatTime24(entry.end)}`;
}
