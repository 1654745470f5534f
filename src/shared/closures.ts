import { z } from 'zod';
import { recordIdParams } from './api/common-schemas';
import { appointmentStatuses } from './appointment-states';
import { clinic, type LocationKey, locationKeys } from './clinic';
import { paginationQuerySchema } from './pagination';
import { isOneLine, texts } from './validation-texts';

/**
 * Closures of the clinic (`/admin/availability`, issue 32): days, whole or between two times, when one place,
 * the video consultations or every place offers no slot. Their free slots are withdrawn at once and offered again
 * when the closure is deleted; booked appointments inside one are listed for staff to move. Ireland's public
 * holidays are closures of every place, added by the server.
 */

/** The longest closure, in days (both ends counted). */
const MAX_CLOSURE_DAYS = 366;
export const CLOSURE_REASON_MAX = 200;

/** Where a closure applies besides every place: one location, or the video consultations (which have none). */
export const closureLocations = [...locationKeys, 'video'] as const;
export type ClosureLocation = (typeof closureLocations)[number];

export const closureTexts = {
  dateInvalid: 'Enter a real date as DD/MM/YYYY.',
  toBeforeFrom: 'The last day cannot be before the first day.',
  tooLong: `A closure lasts at most ${MAX_CLOSURE_DAYS} days.`,
  inPast: 'A closure cannot start before today.',
  ended: 'A closure must end in the future: this one is over already.',
  timeInvalid: 'Enter a time as HH:mm, e.g. 13:30.',
  timeMissing: 'Give both times, or neither to close whole days.',
  timeOrder: 'The closure must end after it starts.',
  locationInvalid: `location must be one of ${closureLocations.join(', ')}, or left out for every place`,
  notFound: 'Closure not found',
  overlaps: (other: ClosureWhen & { reason: string }) =>
    `This overlaps the closure “${other.reason}” (${closureWhen(other)}), which closes a place this one closes too. Change its days or delete that closure first.`,
  slotInside: (closure: ClosureWhen & { reason: string }) =>
    `This time falls in the closure “${closure.reason}” (${closureWhen(closure)}).`,
  slotWithdrawn:
    'This time is closed (see the closures of this page); it is offered again if its closure is deleted.',
  notices: {
    created: (withdrawn: number) =>
      `The closure is saved. ${withdrawn === 1 ? '1 free slot was' : `${withdrawn} free slots were`} taken off offer.`,
    deleted: (restored: number) =>
      `The closure is deleted. ${restored === 1 ? '1 slot is' : `${restored} slots are`} offered again.`,
  },
} as const;

/** A closure's days and hours as the API writes them. */
export interface ClosureWhen {
  from: string;
  to: string;
  from_time: string | null;
  to_time: string | null;
}

/** '25/12/2026', '23/12/2026 to 02/01/2027', '12/03/2027, 13:00 to 17:00', '…, each day 13:00 to 17:00'. */
function closureWhen(closure: ClosureWhen): string {
  const days = closure.from === closure.to ? closure.from : `${closure.from} to ${closure.to}`;
  if (!closure.from_time || !closure.to_time) return days;
  const each = closure.from === closure.to ? '' : 'each day ';
  return `${days}, ${each}${closure.from_time} to ${closure.to_time}`;
}

/** What a closure's place is called on screen. */
export function closureLocationLabel(location: ClosureLocation | null): string {
  if (location === null) return 'Every place';
  if (location === 'video') return 'Video consultations';
  return clinic.locations[location as LocationKey].label;
}

const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** DD/MM/YYYY → YYYY-MM-DD when it is a real day of the years 2000 to 2999; else undefined. */
export function isoDayOf(value: string): string | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    Number(year) < 2000 ||
    Number(year) > 2999 ||
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return undefined;
  }
  return `${year}-${month}-${day}`;
}

/** YYYY-MM-DD → DD/MM/YYYY. */
export const apiDayOf = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** Days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** HH:mm → minutes after midnight, or undefined. */
export function minuteOf(value: string): number | undefined {
  const match = TIME_PATTERN.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Minutes after midnight → HH:mm. */
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const daySchema = z.string({ error: texts.required }).superRefine((value, context) => {
  if (value.trim() === '') context.addIssue({ code: 'custom', message: texts.required });
  else if (isoDayOf(value) === undefined)
    context.addIssue({ code: 'custom', message: closureTexts.dateInvalid });
});

/** Empty (a form's field left blank) is no time. */
const timeSchema = z
  .string({ error: closureTexts.timeInvalid })
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .refine((value) => value === undefined || minuteOf(value) !== undefined, closureTexts.timeInvalid);

/**
 * `POST /api/admin/closures`: `from` and `to` (DD/MM/YYYY, both included), optionally `from_time` and `to_time`
 * (HH:mm, clinic time) to close only that part of each day, `location` (a place or `video`; left out or null for
 * every place) and a `reason` staff read in the list.
 */
export const closureRequestSchema = z
  .object({
    from: daySchema,
    to: daySchema,
    from_time: timeSchema,
    to_time: timeSchema,
    location: z
      .enum(closureLocations, { error: closureTexts.locationInvalid })
      .nullish()
      .transform((value) => value ?? null),
    reason: z
      .string({ error: texts.required })
      .trim()
      .min(1, texts.required)
      .max(CLOSURE_REASON_MAX, texts.tooLong)
      .refine(isOneLine, texts.notAllowedCharacters),
  })
  .strict()
  .superRefine((value, context) => {
    const first = isoDayOf(value.from);
    const last = isoDayOf(value.to);
    if (first && last) {
      if (last < first)
        context.addIssue({ code: 'custom', path: ['to'], message: closureTexts.toBeforeFrom });
      else if (daysBetween(first, last) + 1 > MAX_CLOSURE_DAYS)
        context.addIssue({ code: 'custom', path: ['to'], message: closureTexts.tooLong });
    }
    const from = value.from_time === undefined ? undefined : minuteOf(value.from_time);
    const to = value.to_time === undefined ? undefined : minuteOf(value.to_time);
    if (value.from_time === undefined && value.to_time !== undefined)
      context.addIssue({ code: 'custom', path: ['from_time'], message: closureTexts.timeMissing });
    if (value.to_time === undefined && value.from_time !== undefined)
      context.addIssue({ code: 'custom', path: ['to_time'], message: closureTexts.timeMissing });
    if (from !== undefined && to !== undefined && to <= from)
      context.addIssue({ code: 'custom', path: ['to_time'], message: closureTexts.timeOrder });
  });
export type ClosureRequest = z.output<typeof closureRequestSchema>;
export type ClosureRequestInput = z.input<typeof closureRequestSchema>;

/** A booked appointment inside a closure: for staff to move (or cancel) themselves. */
const affectedAppointmentSchema = z.object({
  /** The appointment's id (its screen: /admin/appointment/edit?id=…). */
  id: z.number().int(),
  /** Null once the patient was erased. */
  patient_name: z.string().nullable(),
  status: z.enum(appointmentStatuses),
  /** DD/MM/YYYY and HH:mm, clinic time. */
  data: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_adult: z.boolean(),
  is_video_call: z.boolean(),
  location: z.enum(locationKeys).nullable(),
});
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;

/** A closure: when, where and why. */
export const closureSummarySchema = z.object({
  id: z.number().int(),
  /** DD/MM/YYYY, both included. */
  from: z.string(),
  to: z.string(),
  /** HH:mm each day, clinic time; both null for whole days. */
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  /** A place, 'video', or null for every place. */
  location: z.enum(closureLocations).nullable(),
  reason: z.string(),
  /** Ireland's public holiday, added by the server (deleted, it is not added again). */
  is_holiday: z.boolean(),
});
export type ClosureSummary = z.infer<typeof closureSummarySchema>;

const closureSchema = closureSummarySchema.extend({
  /** Its slots not started that are withdrawn now. */
  withdrawn: z.number().int(),
  /** The booked appointments inside it that have not started, by start. */
  affected: z.array(affectedAppointmentSchema),
});
export type ClosureAnswer = z.infer<typeof closureSchema>;

export const closureIdParams = recordIdParams('Closure');

const CLOSURES_PAGE_SIZE = 20;

export const closureListQuerySchema = paginationQuerySchema
  .extend({ per_page: paginationQuerySchema.shape.per_page.unwrap().default(CLOSURES_PAGE_SIZE) })
  .strict();

/** The closures not deleted: those not ended first (soonest first), then the ended ones (latest first). */
export const closureListResponseSchema = z.object({
  closures: z.array(closureSchema),
  pages: z.number().int(),
  count: z.number().int(),
});

export const closureCreatedResponseSchema = z.object({
  closure: closureSchema,
  /** How many free slots it withdrew. */
  withdrawn: z.number().int(),
  affected: z.array(affectedAppointmentSchema),
});

export const closureDeletedResponseSchema = z.object({
  /** How many withdrawn slots not started are offered again. */
  restored: z.number().int(),
});
