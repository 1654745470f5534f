import { z } from 'zod';
import { MAX_RECORD_ID, recordIdParams } from './api/common-schemas';
import { locationKeys } from './clinic';
import { paginationQuerySchema } from './pagination';
import { priceListLineSchema } from './price-list';
import { texts } from './validation-texts';

/** Availability slots ("sessions" in the spec): statuses of spec section 4, which staff may set. */
const settableSlotStatuses = ['available', 'pending', 'booked'] as const;
/** And `withdrawn`: a slot inside a closure of the clinic (shared/closures.ts), shown to staff only. */
const slotStatuses = [...settableSlotStatuses, 'withdrawn'] as const;
export type SlotStatus = (typeof settableSlotStatuses)[number];

/** The widest range one calendar call may ask for: a month and its neighbours' edges, with room to spare. */
const MAX_CALENDAR_RANGE_DAYS = 62;
/** The most slots one save of the slot editor may create or change. */
export const MAX_SLOTS_PER_SAVE = 100;
/**
 * The most live holds one visitor address (an IPv6 one by its /64) may have at once. A browser holds one time at a
 * time (its hold token's earlier hold is let go when it chooses another), so this counts people, not tabs: an
 * office or a mobile network's shared address (CGNAT) has room for 30 people booking at once, and a script from
 * one address still cannot hold more than 30 times (decision 0020).
 */
export const MAX_HOLDS_PER_ADDRESS = 30;
/**
 * Holds one address may ask for in a minute (`PUT /api/patient_sessions/:id`, and the patient's own move's): three
 * tries for each of the MAX_HOLDS_PER_ADDRESS people (a time taken meanwhile, another chosen), so a crowd behind one
 * address is never slowed, while a script trying slot after slot is (decision 0020).
 */
export const HOLDS_PER_MINUTE = 3 * MAX_HOLDS_PER_ADDRESS;
/**
 * A hold lasts HOLD_MINUTES from each renewal (re-holding the slot with the hold's own token, creating the
 * booking, starting a payment), but never longer than HOLD_LIFETIME_FACTOR × HOLD_MINUTES from when it
 * started: renewing cannot keep a slot from other visitors for ever.
 */
export const HOLD_LIFETIME_FACTOR = 2;
/**
 * How long a staff hold (`PUT /api/admin/sessions/:id` pending, to book a time on a patient's behalf) keeps the
 * time: long enough to fill in the patient's details on the phone; then it is offered again (leaving the
 * create screen without saving gives it back at once; a closed tab cannot).
 */
export const STAFF_HOLD_MINUTES = 20;
/** The longest slot the editor may save. */
export const MAX_SLOT_HOURS = 12;

/** Spec texts (sections 5 and 8) word for word, and our own where the spec shows none. */
export const slotTexts = {
  startAfterEnd: 'Start time can`t be after end time',
  occupied: 'That time range is occupied',
  consultantUnknown: 'Choose a consultant from the team.',
  deleteBooked: 'You can not delete a booked appointment.',
  deletePending:
    'This time is being booked right now; it can be deleted once the booking is cancelled or the hold ends.',
  notEditable: 'Only an available slot that has not started yet can be changed.',
  startsInPast: 'A slot cannot start in the past.',
  tooLong: `A slot lasts at most ${MAX_SLOT_HOURS} hours.`,
  taken: 'Sorry, this time has just been taken. Please choose another.',
  heldLongEnough:
    'You have held this time for as long as a hold lasts. Please choose another time, or try this one again later.',
  tooManyHolds: (holdMinutes: number) =>
    `${MAX_HOLDS_PER_ADDRESS} times are being held from your network's address right now, the most one address may hold at once. Please try again in a few minutes; a time held in a window that was closed is released by itself within ${holdMinutes} minutes.`,
  notFound: 'Session not found',
  holdNotFound: 'Hold not found',
  bookedStatusLocked: 'A booked appointment is changed or cancelled from the appointment, not from its slot.',
  bookedBySetting: 'A slot becomes booked when its appointment is created.',
  heldByVisitor:
    'A visitor is booking this time right now; it is offered again if they do not finish within their hold.',
  dateInvalid: 'date must be a real day as YYYY-MM-DD',
  rangeInvalid:
    "range_calendar must be 'YYYY/MM/DD - YYYY/MM/DD' with real days, the first not after the last",
  rangeTooLong: `range_calendar may span at most ${MAX_CALENDAR_RANGE_DAYS} days`,
  priceInvalid: 'price must be an amount in euro from 0.50 to 100000 with at most two decimals',
  instantInvalid: 'must be a date and time in ISO 8601 with a time zone, e.g. 2027-03-28T09:00:00Z',
  instantOutOfRange: 'must be a date and time in the years 2000 to 2999',
  notices: {
    created: 'You have successfully created new available Appointments on this day.',
    updated: 'You have successfully updated an available Appointments on this day.',
    deleted: 'You have successfully deleted selected available appointment.',
  },
} as const;

/** Days since 1970-01-01 of a real calendar day `year-month-day`, or undefined (2027-02-30). */
function dayNumber(year: number, month: number, day: number): number | undefined {
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return time / 86_400_000;
}

/** A clinic day as the API sends it: `YYYY-MM-DD`, a real date. */
const clinicDateSchema = z
  .string({ error: slotTexts.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, slotTexts.dateInvalid)
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return year >= 2000 && year <= 2999 && dayNumber(year, month, day) !== undefined;
  }, slotTexts.dateInvalid);

/** A query flag that must be given: 'true' or 'false'. */
const queryFlag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true');

/** A JSON body flag: true/false, or 'true'/'false' as some clients send. */
const bodyFlag = (name: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${name} must be true or false` })
    .transform((value) => value === true || value === 'true');

const kindQuery = {
  is_adult: queryFlag('is_adult'),
  is_video_call: queryFlag('is_video_call'),
};

/** `range_calendar` 'YYYY/MM/DD - YYYY/MM/DD' (both days included) → `{ from, to }` as YYYY-MM-DD. */
const calendarRangeSchema = z.string({ error: slotTexts.rangeInvalid }).transform((value, context) => {
  const match = /^\s*(\d{4})\/(\d{2})\/(\d{2})\s*-\s*(\d{4})\/(\d{2})\/(\d{2})\s*$/.exec(value);
  const [y1 = 0, m1 = 0, d1 = 0, y2 = 0, m2 = 0, d2 = 0] = match?.slice(1).map(Number) ?? [];
  const first = dayNumber(y1, m1, d1);
  const last = dayNumber(y2, m2, d2);
  if (!match || first === undefined || last === undefined || last < first || y1 < 2000 || y2 > 2999) {
    context.addIssue({ code: 'custom', message: slotTexts.rangeInvalid });
    return z.NEVER;
  }
  if (last - first + 1 > MAX_CALENDAR_RANGE_DAYS) {
    context.addIssue({ code: 'custom', message: slotTexts.rangeTooLong });
    return z.NEVER;
  }
  return {
    from: `${match[1]}-${match[2]}-${match[3]}`,
    to: `${match[4]}-${match[5]}-${match[6]}`,
  };
});

export const calendarSlotsQuerySchema = z
  .object({ range_calendar: calendarRangeSchema, ...kindQuery })
  .strict();

/** The calendar's answer: the clinic days (YYYY-MM-DD, ascending) of the range that have slots. */
export const calendarSlotsResponseSchema = z.object({ days: z.array(z.string()) });

/**
 * The public calendar's answer: the free days, and the prices in euro (ascending, each once) of the range's free
 * slots, so a visitor sees what the appointment costs before choosing a day.
 */
export const publicCalendarSlotsResponseSchema = calendarSlotsResponseSchema.extend({
  prices: z.array(z.number()),
  /** The line of the fees page the kind costs (Settings), so the price can be named; null when none is chosen. */
  price_list: priceListLineSchema.nullable(),
});

/** A slot as the API shows it: times in clinic time (Europe/Dublin), price in euro. */
export const slotAnswerSchema = z.object({
  id: z.number().int(),
  /** The clinic day, DD/MM/YYYY. */
  data: z.string(),
  /** HH:mm, clinic time. */
  start_time: z.string(),
  end_time: z.string(),
  /** The same instants in ISO 8601 (UTC), as the slot editor sends them back. */
  starts_at: z.string(),
  ends_at: z.string(),
  age: z.enum(['adult', 'child']),
  price: z.number(),
  status: z.enum(slotStatuses),
  is_adult: z.boolean(),
  is_video_call: z.boolean(),
  location: z.enum(locationKeys).nullable(),
  /** The location's full address; null for a video call. */
  address: z.string().nullable(),
});
export type SlotAnswer = z.infer<typeof slotAnswerSchema>;

export const slotResponseSchema = z.object({ session: slotAnswerSchema });

/**
 * One slot as the back office's booking screen reads it: who holds a pending one (a visitor or staff) and until
 * when, so the screen can tell a hold of its own from someone else's.
 */
export const adminHeldSlotResponseSchema = z.object({
  session: slotAnswerSchema.extend({
    held_by: z.enum(['visitor', 'staff']).nullable(),
    hold_expires_at: z.string().nullable(),
  }),
});
export type HeldSlot = z.infer<typeof adminHeldSlotResponseSchema>['session'];

export const slotIdParams = recordIdParams('Session');

// ---------------------------------------------------------------------------------------------------
// Back office: /api/admin/sessions, /api/admin/calendar_slots

export const adminSlotsQuerySchema = z.object({ date: clinicDateSchema, ...kindQuery }).strict();

/**
 * A slot as the back office's day list shows it: who holds or booked it. A booked slot names its appointment and
 * the patient (null once the patient was erased); a pending one says whether a visitor or staff hold it.
 */
const adminSlotSchema = slotAnswerSchema.extend({
  held_by: z.enum(['visitor', 'staff']).nullable(),
  appointment_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  /** The reason of the closure the slot lies in (a withdrawn slot, or a booked one to move); else null. */
  closure_reason: z.string().nullable(),
  /** The team member named on its receipts; null: the clinic's default. */
  consultant_id: z.number().int().nullable(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

/**
 * The day's slots, and the line of the price list the kind costs (null: none chosen in Settings): the slot editor's
 * default price, and what it warns a different price against.
 */
export const adminSlotsResponseSchema = z.object({
  sessions: z.array(adminSlotSchema),
  price_list: priceListLineSchema.nullable(),
});

/** A real instant (not an Invalid Date). */
const isInstant = (value: unknown): value is Date =>
  value instanceof Date && Number.isFinite(value.getTime());

/**
 * A slot's start or end: ISO 8601 with a time zone, in the years 2000 to 2999 like `clinicDateSchema`, so
 * every clinic day around it (the day after included) is a date the database and the calendar can hold.
 */
const instantSchema = z.iso
  .datetime({ offset: true, error: slotTexts.instantInvalid })
  .transform((value) => new Date(value))
  .refine(isInstant, { message: slotTexts.instantInvalid, abort: true })
  .refine((value) => {
    const year = value.getUTCFullYear();
    return year >= 2000 && year <= 2999;
  }, slotTexts.instantOutOfRange);

/** The least a card may be charged in euro (Stripe's minimum charge). */
export const MIN_CARD_PAYMENT_EUR = 0.5;

const priceSchema = z
  .number({ error: slotTexts.priceInvalid })
  // The least a card payment may take (Stripe's minimum for the euro): a time below it could be booked, never paid.
  .min(MIN_CARD_PAYMENT_EUR, slotTexts.priceInvalid)
  .max(100_000, slotTexts.priceInvalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, slotTexts.priceInvalid);

const slotFields = {
  start_date: instantSchema,
  end_date: instantSchema,
  is_adult: bodyFlag('is_adult'),
  is_video_call: bodyFlag('is_video_call'),
  price: priceSchema,
  location: z.enum(locationKeys, { error: `location must be one of ${locationKeys.join(', ')}` }).nullish(),
  /** The team member who sees the patients (named on their receipts); null: the clinic's default; left out: kept. */
  consultant_id: z
    .number({ error: slotTexts.consultantUnknown })
    .int(slotTexts.consultantUnknown)
    .min(1, slotTexts.consultantUnknown)
    .max(MAX_RECORD_ID, slotTexts.consultantUnknown)
    .nullish(),
};

type SlotFields = {
  start_date: Date;
  end_date: Date;
  is_video_call: boolean;
  location?: (typeof locationKeys)[number] | null;
};

/**
 * The checks across a slot's fields. Zod runs them even when a field failed, with that field's raw input
 * (a string, not a Date): the times are compared only when both parsed, the failed field has its issue.
 */
function checkSlot(slot: SlotFields, context: z.RefinementCtx) {
  const start: unknown = slot.start_date;
  const end: unknown = slot.end_date;
  if (isInstant(start) && isInstant(end)) {
    if (start.getTime() >= end.getTime()) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: slotTexts.startAfterEnd });
    } else if (end.getTime() - start.getTime() > MAX_SLOT_HOURS * 3_600_000) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: slotTexts.tooLong });
    }
  }
  if (!slot.is_video_call && !slot.location) {
    context.addIssue({ code: 'custom', path: ['location'], message: texts.required });
  }
}

const SLOT_ID_TEXT = 'id must be a slot id';

/** One new slot of the editor: instants in ISO 8601, price in euro, a location unless it is a video call. */
export const slotCreateSchema = z.object(slotFields).strict().superRefine(checkSlot);
const slotUpdateSchema = z
  .object({
    ...slotFields,
    id: z
      .number({ error: SLOT_ID_TEXT })
      .int(SLOT_ID_TEXT)
      .min(1, SLOT_ID_TEXT)
      .max(MAX_RECORD_ID, SLOT_ID_TEXT),
  })
  .strict()
  .superRefine(checkSlot);
export type SlotCreate = z.output<typeof slotCreateSchema>;

export const saveSlotsRequestSchema = z
  .object({
    sessions_create: z.array(slotCreateSchema).max(MAX_SLOTS_PER_SAVE).default([]),
    sessions_update: z.array(slotUpdateSchema).max(MAX_SLOTS_PER_SAVE).default([]),
    /**
     * 'Copy this day' may copy where it can: a new slot that overlaps a stored one or falls in a closure is left
     * out and named under `skipped` rather than refusing the whole save. Changed slots are never skipped.
     */
    skip_clashes: bodyFlag('skip_clashes').optional(),
  })
  .strict();
export type SaveSlotsRequest = z.output<typeof saveSlotsRequestSchema>;

/** A new slot a save with `skip_clashes` left out, and why. */
const skippedSlotSchema = z.object({
  /** The entry, e.g. `sessions_create.3`. */
  field: z.string(),
  /** DD/MM/YYYY and HH:mm, clinic time. */
  data: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  code: z.enum(['slot_overlaps', 'slot_in_closure']),
  message: z.string(),
});
export type SkippedSlot = z.infer<typeof skippedSlotSchema>;

export const saveSlotsResponseSchema = z.object({
  sessions: z.array(slotAnswerSchema),
  /** Empty unless `skip_clashes` left some out. */
  skipped: z.array(skippedSlotSchema),
});

export const setSlotStatusRequestSchema = z
  .object({
    session: z
      .object({
        status: z.enum(settableSlotStatuses, {
          error: `status must be one of ${settableSlotStatuses.join(', ')}`,
        }),
      })
      .strict(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Public: /api/calendar_slots, /api/patient_sessions

/** A slot as a visitor sees it: never any patient data; `held_by_you` marks the visitor's own hold. */
export const publicSlotSchema = slotAnswerSchema.extend({ held_by_you: z.boolean() });
export type PublicSlot = z.infer<typeof publicSlotSchema>;

export const freeSlotsQuerySchema = paginationQuerySchema
  .extend({ date: clinicDateSchema, ...kindQuery })
  .strict();

export const freeSlotsResponseSchema = z.object({
  sessions: z.array(publicSlotSchema),
  pages: z.number().int(),
  count: z.number().int(),
});

/** The header carrying a visitor's hold token (DESIGN.md section 3). */
export const HOLD_TOKEN_HEADER = 'x-hold-token';

export const holdResponseSchema = z.object({
  session: publicSlotSchema,
  /** Only in the answer that creates the hold; the server keeps its hash only. */
  hold_token: z.string().optional(),
  hold_expires_at: z.string(),
});
