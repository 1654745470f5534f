import { z } from 'zod';
import { MAX_RECORD_ID, recordIdParams, wholeNumberSchema } from './api/common-schemas';
import { type LocationKey, locationKeys } from './clinic';
import { NAME_LENGTHS } from './name-lengths';
import { adminListQuerySchema } from './pagination';
import { phoneIssueText } from './phone';
import { hasHiddenCharacter, texts } from './validation-texts';

/**
 * The wait list (issue 34): a person asks for a time of one kind within their dates; each freed time is offered to
 * the first matching entry (oldest first) and held for it for `WAITLIST_OFFER_MINUTES`.
 */
export const waitlistEntryStatuses = ['active', 'booked', 'left', 'expired'] as const;
export type WaitlistEntryStatus = (typeof waitlistEntryStatuses)[number];

/** An offer: open (the time is held for the entry), then booked, declined, lapsed or withdrawn (the entry left). */
export const waitlistOfferStatuses = ['open', 'booked', 'declined', 'lapsed', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof waitlistOfferStatuses)[number];

/** The kinds a person can wait for: the booking pages' two (adult or child is `is_adult`). */
const waitlistKinds = ['booking_test', 'booking_video'] as const;
export type WaitlistKind = (typeof waitlistKinds)[number];
export const isVideoKind = (kind: WaitlistKind) => kind === 'booking_video';
export const kindOfSlot = (isVideoCall: boolean): WaitlistKind =>
  isVideoCall ? 'booking_video' : 'booking_test';

/** Active entries one e-mail address may have at once. */
export const WAITLIST_ENTRIES_PER_EMAIL = 3;
/** Entries one client address may add in an hour (as referrals). */
export const WAITLIST_ENTRIES_PER_ADDRESS_PER_HOUR = 30;
/**
 * Open offers at once to the entries sent from one client address: each offer hides its time from everyone else
 * while it lasts, so entries made in bulk from one address (any number of e-mail addresses) cannot hide the calendar.
 */
export const WAITLIST_OPEN_OFFERS_PER_ADDRESS = 2;
/** How far ahead the latest date may be. */
export const WAITLIST_MAX_DAYS_AHEAD = 366;

export const WAITLIST_TOKEN_HEADER = 'x-waitlist-token';
export const OFFER_TOKEN_HEADER = 'x-offer-token';

export const waitlistKindLabels: Record<WaitlistKind, string> = {
  booking_test: 'Allergy test',
  booking_video: 'Video consultation',
};

export const waitlistEntryStatusLabels: Record<WaitlistEntryStatus, string> = {
  active: 'Waiting',
  booked: 'Booked',
  left: 'Left',
  expired: 'Dates passed',
};

export const waitlistTexts = {
  required: texts.required,
  tooShort: texts.tooShort,
  tooLong: texts.tooLong,
  mailInvalid: texts.mailInvalid,
  phoneInvalid: texts.phoneInvalid,
  notAllowedCharacters: texts.notAllowedCharacters,
  kindInvalid: 'Choose an allergy test or a video consultation.',
  adultInvalid: 'Say whether the appointment is for an adult or a child.',
  placeInvalid: `Choose places from the list: ${locationKeys.join(', ')}.`,
  placeForVideo: 'A video consultation has no place: leave the places out.',
  placeForAge: 'That place does not see patients of this age.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  dateNotReal: 'This date does not exist.',
  fromPast: 'The earliest date cannot be in the past.',
  toBeforeFrom: 'The latest date must be on or after the earliest date.',
  toTooFar: `The latest date can be at most ${WAITLIST_MAX_DAYS_AHEAD} days ahead.`,
  consentWithoutPhone: 'Give a mobile number to receive texts, or untick the box.',
  notMobile:
    'Please give a mobile number, such as 087 123 4567, or leave the field empty: we can only text a mobile.',
  joined:
    'You are on the wait list. We have sent you an e-mail; when a time that suits frees up, we will e-mail you a link to book it.',
  alreadyWaiting:
    'You are already on the wait list for this kind of appointment. To change its dates or places, leave it (the link is in its e-mail) and join again.',
  tooManyForEmail: `One e-mail address can wait for at most ${WAITLIST_ENTRIES_PER_EMAIL} kinds of appointment at once. Leave one of them (the link is in its e-mail) to add another.`,
  tooManyFromAddress:
    'Too many wait-list requests have been sent from your network in the last hour. Please try again later.',
  entryNotFound: 'Wait-list entry not found',
  entryEnded: 'You are no longer on the wait list for this.',
  left: 'You have left the wait list. You will not be offered times for it any more.',
  offerNotValid:
    'This offer is no longer open: it has lapsed, was declined, or is for another time. You can still choose any free time.',
  offerHeldFor: (until: string) => `This time is held for you until ${until}.`,
  declined: 'Thank you: the time has been offered to the next person. You stay on the wait list.',
  slotNotOfferable: 'Only a free time that has not started can be offered.',
  entryNotActive: 'Only an active entry can be offered a time.',
  kindMismatch: 'This time is not of the kind, place or dates this entry waits for.',
  entryHasOffer: 'This entry already has an open offer; wait until it ends.',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether YYYY-MM-DD names a day the calendar has. */
function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dayField = z
  .string({ error: waitlistTexts.required })
  .trim()
  .min(1, waitlistTexts.required)
  .regex(ISO_DAY, waitlistTexts.dateInvalid)
  .refine(isRealDay, waitlistTexts.dateNotReal);

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Which places see which patients: the child clinic sees children, the others adults. */
const placeSuits = (location: LocationKey, isAdult: boolean) => (location === 'child') !== isAdult;

/**
 * `POST /api/waitlist`. `today` is the clinic's day the request is judged on (the server passes its clock's), so
 * a past earliest date is refused beside its field.
 */
export const waitlistJoinSchema = z
  .object({
    name: z
      .string({ error: waitlistTexts.required })
      .trim()
      .min(1, waitlistTexts.required)
      .min(NAME_LENGTHS.full.min, waitlistTexts.tooShort)
      .max(NAME_LENGTHS.full.max, waitlistTexts.tooLong)
      .refine((name) => !hasHiddenCharacter(name), waitlistTexts.notAllowedCharacters),
    email: z
      .string({ error: waitlistTexts.required })
      .trim()
      .min(1, waitlistTexts.required)
      .max(254, waitlistTexts.mailInvalid)
      .pipe(z.email(waitlistTexts.mailInvalid)),
    phone: z
      .string({ error: waitlistTexts.phoneInvalid })
      .trim()
      .nullish()
      .transform((value) => value || undefined),
    sms_consent: z.boolean({ error: 'sms_consent must be true or false' }).optional().default(false),
    kind: z.enum(waitlistKinds, { error: waitlistTexts.kindInvalid }),
    is_adult: z.boolean({ error: waitlistTexts.adultInvalid }),
    locations: z
      .array(z.enum(locationKeys, { error: waitlistTexts.placeInvalid }), {
        error: waitlistTexts.placeInvalid,
      })
      .max(locationKeys.length, waitlistTexts.placeInvalid)
      .nullish(),
    from: dayField,
    to: dayField,
  })
  .strict()
  .superRefine((form, context) => {
    if (form.phone !== undefined) {
      const message = phoneIssueText(form.phone);
      if (message) context.addIssue({ code: 'custom', path: ['phone'], message });
    }
    if (form.sms_consent && form.phone === undefined)
      context.addIssue({ code: 'custom', path: ['sms_consent'], message: waitlistTexts.consentWithoutPhone });
    const places = form.locations ?? [];
    if (form.kind === 'booking_video' && places.length > 0)
      context.addIssue({ code: 'custom', path: ['locations'], message: waitlistTexts.placeForVideo });
    else if (places.some((place) => !placeSuits(place, form.is_adult)))
      context.addIssue({ code: 'custom', path: ['locations'], message: waitlistTexts.placeForAge });
    if (ISO_DAY.test(form.from) && ISO_DAY.test(form.to) && form.to < form.from)
      context.addIssue({ code: 'custom', path: ['to'], message: waitlistTexts.toBeforeFrom });
  });
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;

export const waitlistJoinResponseSchema = z.object({ waitlist_entry: z.object({ id: z.number().int() }) });

export const waitlistEntryIdParams = recordIdParams('Wait-list entry');

export const waitlistLeftResponseSchema = z.object({ message: z.string() });

/** The time an offer holds, as its link's page shows it. */
export const waitlistOfferResponseSchema = z.object({
  offer: z.object({
    session_id: z.number().int(),
    kind: z.enum(waitlistKinds),
    is_adult: z.boolean(),
    /** ISO 8601. */
    starts_at: z.string(),
    ends_at: z.string(),
    /** The clinic day, YYYY-MM-DD. */
    day: z.string(),
    location: z.enum(locationKeys).nullable(),
    /** Until when the time is held for them. */
    expires_at: z.string(),
  }),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferResponseSchema>['offer'];

export const waitlistDeclinedResponseSchema = z.object({ message: z.string() });

// Back office

export const waitlistStatusFilters = ['active', 'ended', 'all'] as const;

export const adminWaitlistQuerySchema = adminListQuerySchema
  .extend({
    status: z.enum(waitlistStatusFilters, { error: 'status must be active, ended or all' }).default('active'),
  })
  .strict();
export type AdminWaitlistQuery = z.output<typeof adminWaitlistQuerySchema>;

const adminWaitlistEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  sms_consent: z.boolean(),
  kind: z.enum(waitlistKinds),
  is_adult: z.boolean(),
  locations: z.array(z.enum(locationKeys)),
  from: z.string(),
  to: z.string(),
  status: z.enum(waitlistEntryStatuses),
  /** ISO 8601: when they joined. */
  created_at: z.string(),
  offers_made: z.number().int(),
  /** The open offer's time and until when it is held, when one is open. */
  open_offer: z
    .object({
      session_id: z.number().int().nullable(),
      starts_at: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

export const adminWaitlistResponseSchema = z.object({
  waitlist_entries: z.array(adminWaitlistEntrySchema),
  pages: z.number().int(),
  count: z.number().int(),
});

export const staffOfferSchema = z
  .object({
    session_id: wholeNumberSchema('session_id must be a slot id').pipe(
      z
        .number()
        .int()
        .min(1, 'session_id must be a slot id')
        .max(MAX_RECORD_ID, 'session_id must be a slot id'),
    ),
  })
  .strict();

export const staffOfferResponseSchema = z.object({
  message: z.string(),
  offer: z.object({ id: z.number().int(), expires_at: z.string() }),
});

export const waitlistTextsForStaff = {
  offered: 'The time is held for this person and the offer is on its way by e-mail.',
} as const;
